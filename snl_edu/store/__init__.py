"""Saved games and learner progress in one SQLite file (see database.py, schema.py)."""

from snl_edu.store.database import (
    DATA_DIR_ENV,
    STORE_FILE,
    Damage,
    Recovery,
    Store,
    StoreError,
    data_dir,
)
from snl_edu.store.opening import open_store

__all__ = ["DATA_DIR_ENV", "STORE_FILE", "Damage", "Recovery", "Store", "StoreError",
           "data_dir", "open_store"]
