"""The one SQLite file that holds saved games and learner progress.

It lives in the user's data folder (platformdirs), or where ``--data-dir`` or
``SNL_DATA_DIR`` says. Every write is one transaction; the journal is WAL with
``synchronous=FULL`` so a killed process or a power cut loses at most the write
in progress. A file that is corrupt or belongs to another program is moved
aside as a timestamped backup (never deleted) and a fresh store starts.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from pathlib import Path
from typing import Self

from snl_edu.store.schema import APPLICATION_ID, MIGRATIONS, latest_version
from snl_edu.vocabulary import SnlError

APP_NAME = "snl_edu"
DATA_DIR_ENV = "SNL_DATA_DIR"
STORE_FILE = "snl.sqlite3"
# SQLite keeps these beside the main file; a backup must take them along.
_COMPANIONS = ("-wal", "-shm", "-journal")
BUSY_TIMEOUT_MS = 5000


class StoreError(SnlError):
    """The store cannot be used at all (folder not writable, locked, or from a newer snl)."""

    def __init__(self, reason: str, path: Path, detail: str = "") -> None:
        self.reason = reason  # "unwritable" | "newer"
        self.path = path
        self.detail = detail
        super().__init__(f"{reason}: {path} {detail}".strip())


class Damage(StrEnum):
    CORRUPT = "corrupt"  # not a readable SQLite file, or fails its integrity check
    FOREIGN = "foreign"  # a healthy SQLite file that another program made


@dataclass(frozen=True)
class Recovery:
    """A broken store file was set aside; the caller tells the user once."""

    damage: Damage
    backup: Path


def data_dir(explicit: str | os.PathLike[str] | None = None,
             environ: Mapping[str, str] | None = None) -> Path:
    """Where data lives: the explicit folder, else SNL_DATA_DIR, else the user's data dir."""
    if explicit:
        return Path(explicit).expanduser()
    from_env = (os.environ if environ is None else environ).get(DATA_DIR_ENV)
    if from_env:
        return Path(from_env).expanduser()
    import platformdirs

    return platformdirs.user_data_path(APP_NAME, appauthor=False)


class Store:
    """An open store. Use ``transaction()`` for every write."""

    def __init__(self, path: Path, connection: sqlite3.Connection,
                 recovery: Recovery | None) -> None:
        self.path = path
        self.connection = connection
        self.recovery = recovery

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """BEGIN IMMEDIATE ... COMMIT, rolled back on any exception (Ctrl-C included)."""
        self.connection.execute("BEGIN IMMEDIATE")
        try:
            yield self.connection
        except BaseException:
            self.connection.execute("ROLLBACK")
            raise
        self.connection.execute("COMMIT")

    def version(self) -> int:
        return int(self.connection.execute("PRAGMA user_version").fetchone()[0])

    def close(self) -> None:
        self.connection.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_store(folder: str | os.PathLike[str] | None = None) -> Store:
    """Open (creating, migrating or recovering) the store in ``folder`` (see ``data_dir``)."""
    path = data_dir(folder) / STORE_FILE
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreError("unwritable", path, error.strerror or str(error)) from error
    except ValueError as error:  # found by fuzzing: a folder name with a NUL character
        raise StoreError("unwritable", path, str(error)) from error
    recovery: Recovery | None = None
    connection = _connect(path)
    damage = _inspect(connection, path)
    if damage is not None:
        connection.close()
        recovery = Recovery(damage, _set_aside(path, damage))
        connection = _connect(path)
    try:
        _configure(connection)
        _migrate(connection)
    except sqlite3.Error as error:
        connection.close()
        raise StoreError("unwritable", path, str(error)) from error
    return Store(path, connection, recovery)


def _connect(path: Path) -> sqlite3.Connection:
    try:
        # isolation_level=None: we issue BEGIN/COMMIT ourselves, one per write.
        return sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    except sqlite3.Error as error:
        raise StoreError("unwritable", path, str(error)) from error


def _inspect(connection: sqlite3.Connection, path: Path) -> Damage | None:
    """What is wrong with the file, or None for a healthy store or a new, empty file."""
    try:
        check = connection.execute("PRAGMA quick_check").fetchall()
        app_id = connection.execute("PRAGMA application_id").fetchone()[0]
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        objects = connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    except sqlite3.DatabaseError as error:
        if _environment_problem(error):
            # Locked, unreadable, disk full: not the file's fault, so never move it aside.
            raise StoreError("unwritable", path, str(error)) from error
        # Anything else is the file's content: "not a database", "malformed", and (found by
        # fuzzing) "unsupported file format" from a damaged header.
        return Damage.CORRUPT
    if check != [("ok",)]:
        return Damage.CORRUPT
    if app_id == 0 and version == 0 and objects == 0:
        return None  # a new (or empty) file: the first migration makes it ours
    if app_id != APPLICATION_ID:
        return Damage.FOREIGN
    if version > latest_version():
        raise StoreError("newer", path, str(version))
    return None


# SQLite result codes that describe the machine, not the file's content.
_ENVIRONMENT_ERRORS = ("SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_CANTOPEN", "SQLITE_READONLY",
                       "SQLITE_IOERR", "SQLITE_NOMEM", "SQLITE_PERM", "SQLITE_FULL")


def _environment_problem(error: sqlite3.DatabaseError) -> bool:
    name = getattr(error, "sqlite_errorname", "") or ""
    return name.startswith(_ENVIRONMENT_ERRORS)


def _set_aside(path: Path, damage: Damage) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    backup = path.with_name(f"{path.name}.{damage.value}-{stamp}.bak")
    counter = 1
    while backup.exists():
        counter += 1
        backup = path.with_name(f"{path.name}.{damage.value}-{stamp}-{counter}.bak")
    try:
        for suffix in _COMPANIONS:
            companion = path.with_name(path.name + suffix)
            if companion.exists():
                companion.replace(backup.with_name(backup.name + suffix))
        path.replace(backup)
    except OSError as error:
        raise StoreError("unwritable", path, error.strerror or str(error)) from error
    return backup


def _configure(connection: sqlite3.Connection) -> None:
    # WAL: readers never block the autosave; FULL: a commit survives a power cut.
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=FULL")
    connection.execute("PRAGMA foreign_keys=ON")


def _migrate(connection: sqlite3.Connection) -> None:
    version = int(connection.execute("PRAGMA user_version").fetchone()[0])
    for number, migration in enumerate(MIGRATIONS[version:], start=version + 1):
        connection.execute("BEGIN IMMEDIATE")
        try:
            if number == 1:
                connection.execute(f"PRAGMA application_id={APPLICATION_ID}")
            for statement in _statements(migration.sql):
                connection.execute(statement)
            # PRAGMA takes no parameters; number is our own int.
            connection.execute(f"PRAGMA user_version={number}")
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")


def _statements(script: str) -> list[str]:
    """Split a migration into statements (executescript would COMMIT on its own)."""
    statements: list[str] = []
    current = ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            statements.append(current.strip())
            current = ""
    if current.strip():
        statements.append(current.strip())
    return statements
