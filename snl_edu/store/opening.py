"""Opening the store: create, migrate, and heal or explain (see database.py's docstring)."""

from __future__ import annotations

import os
import random
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from snl_edu.store.database import (
    BUSY_TIMEOUT_MS,
    STORE_FILE,
    Damage,
    Recovery,
    Store,
    StoreError,
    _backup_name,
    _configure,
    _connect,
    _inspect,
    _make_private_folder,
    _migrate,
    _set_aside,
    data_dir,
    unwritable,
)
from snl_edu.store.salvage import damaged_rows, salvage


def open_store(folder: str | os.PathLike[str] | None = None) -> Store:
    """Open (creating, migrating or recovering) the store in ``folder`` (see ``data_dir``)."""
    try:
        path = data_dir(folder) / STORE_FILE
    except RuntimeError as error:  # "~nouser/x": a home folder that does not exist
        raise StoreError("unwritable", Path(os.fspath(folder or "")), str(error)) from error
    _make_private_folder(path)
    recovery: Recovery | None = None
    connection = _connect(path)
    damage = _inspect(connection, path)
    if damage is not None:
        connection.close()
        backup = _set_aside(path, damage)
        connection = _connect(path)
        recovery = Recovery(damage, backup)
    try:
        _while_busy(lambda: _configure(connection))
        _while_busy(lambda: _migrate(connection, path))
        if damage is Damage.CORRUPT:
            kept, lost = salvage(backup, connection)
            recovery = Recovery(damage, backup, kept, lost)
        elif damage is None:
            recovery = _remove_damaged_rows(connection, path)
    except (sqlite3.Error, OSError) as error:  # OSError: a backup copy kept before a repair
        connection.close()
        raise unwritable(path, error) from error
    return Store(path, connection, recovery)


def _remove_damaged_rows(connection: sqlite3.Connection, path: Path) -> Recovery | None:
    """Rows of a healthy file that do not read back whole go, after a backup copy is kept."""
    if not any(damaged_rows(connection).values()):
        return None
    backup = _backup_name(path, Damage.ROWS)
    target = sqlite3.connect(backup)
    try:
        os.chmod(backup, 0o600)
        connection.backup(target)
    finally:
        target.close()
    connection.execute("BEGIN IMMEDIATE")
    try:
        doomed = damaged_rows(connection)  # again, inside the lock: what another wrote stays
        for table, ids in doomed.items():
            connection.executemany(f'DELETE FROM "{table}" WHERE rowid = ?',
                                   [(i,) for i in ids])
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")
    return Recovery(Damage.ROWS, backup, lost=sum(len(ids) for ids in doomed.values()))


def _while_busy(step: Callable[[], None]) -> None:
    """Run a step, again while another process holds a lock SQLite will not wait for.

    Switching a new file to WAL needs a lock the busy timeout does not cover (found by
    four demos starting together on a new folder: "database is locked").
    """
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            step()
            return
        except sqlite3.OperationalError as error:
            busy = (getattr(error, "sqlite_errorname", "") or "").startswith("SQLITE_BUSY")
            if not busy or time.monotonic() > deadline:
                raise
            time.sleep(random.uniform(0.01, 0.05))
