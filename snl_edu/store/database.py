"""The one SQLite file that holds saved games and learner progress.

It lives in the user's data folder (platformdirs), or where ``--data-dir`` or
``SNL_DATA_DIR`` says, private to the user (folder 0700, files 0600). Every write is
one transaction; the journal is WAL with ``synchronous=FULL`` so a killed process or a
power cut loses at most the write in progress; deleted data is overwritten
(``secure_delete``).

The store heals or explains, never crashes: a file that belongs to another program is
moved aside as a timestamped backup (never deleted) and a fresh store starts; a damaged
file is moved aside too, and every row that still reads back whole is carried into the
fresh store (see salvage.py); damaged rows in a healthy file are removed after a backup
copy is kept. The caller tells the user once, from ``Store.recovery``.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sqlite3
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from pathlib import Path
from typing import Self

from snl_edu.store.rows import decode_text
from snl_edu.store.schema import APPLICATION_ID, MIGRATIONS, latest_version
from snl_edu.vocabulary import SnlError, os_cause

APP_NAME = "snl_edu"
DATA_DIR_ENV = "SNL_DATA_DIR"
STORE_FILE = "snl.sqlite3"
# SQLite keeps these beside the main file; a backup must take them along.
_COMPANIONS = ("-wal", "-shm", "-journal")
BUSY_TIMEOUT_MS = 5000


class StoreError(SnlError):
    """The store cannot be used or written (folder not writable, disk full, locked, or
    from a newer snl). ``cause`` names what the machine said, so it can be told in the
    user's language (see ``cause_of``); ``detail`` is the system's own words."""

    def __init__(self, reason: str, path: Path, detail: str = "",
                 cause: str | None = None) -> None:
        self.reason = reason  # "unwritable" | "newer"
        self.path = path
        self.detail = detail
        self.cause = cause
        super().__init__(f"{reason}: {path} {detail}".strip())


# What SQLite said, as a cause the user is told in their language (see os_cause).
_SQLITE_CAUSES = {"SQLITE_FULL": "full", "SQLITE_READONLY": "read-only",
                  "SQLITE_BUSY": "busy", "SQLITE_LOCKED": "busy", "SQLITE_PERM": "permission",
                  "SQLITE_IOERR": "disk", "SQLITE_CANTOPEN": "permission"}


def cause_of(error: BaseException) -> str | None:
    """"full", "permission", "read-only", "missing", "not-a-folder", "busy", "disk", or
    None when the error has no cause we name."""
    if isinstance(error, OSError):
        return os_cause(error)
    name = getattr(error, "sqlite_errorname", "") or ""
    return next((cause for prefix, cause in _SQLITE_CAUSES.items()
                 if name.startswith(prefix)), None)


def unwritable(path: Path, error: BaseException) -> StoreError:
    detail = (error.strerror if isinstance(error, OSError) else None) or str(error)
    return StoreError("unwritable", path, detail, cause_of(error))


class Damage(StrEnum):
    CORRUPT = "corrupt"  # not a readable SQLite file, or fails its integrity check
    FOREIGN = "foreign"  # a healthy SQLite file that another program made
    ROWS = "rows"  # a healthy file holding rows that do not read back whole


@dataclass(frozen=True)
class Recovery:
    """A broken store file (or some rows of it) was set aside; the caller tells the user once.

    ``kept``: rows carried over from a damaged file; ``lost``: rows that could not be.
    """

    damage: Damage
    backup: Path
    kept: int = 0
    lost: int = 0


def data_dir(explicit: str | os.PathLike[str] | None = None,
             environ: Mapping[str, str] | None = None) -> Path:
    """Where data lives: the explicit folder, else SNL_DATA_DIR, else the user's data dir.
    Always absolute: a relative folder is taken from the current folder now, once (SQLite's
    file URIs, which the salvage of a damaged store opens, cannot be relative)."""
    if explicit:
        return Path(explicit).expanduser().absolute()
    from_env = (os.environ if environ is None else environ).get(DATA_DIR_ENV)
    if from_env:
        return Path(from_env).expanduser().absolute()
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
        """BEGIN IMMEDIATE ... COMMIT, rolled back on any exception (Ctrl-C included).

        A write the machine refuses (a full disk, a read-only file, a lock held too long)
        raises ``StoreError``: the write is not kept, everything committed before is."""
        try:
            self.connection.execute("BEGIN IMMEDIATE")
            try:
                yield self.connection
                self.connection.execute("COMMIT")
            except BaseException:
                # SQLite may have rolled back already (a full disk can do that).
                if self.connection.in_transaction:
                    self.connection.execute("ROLLBACK")
                raise
        except sqlite3.Error as error:
            if _environment_problem(error):
                raise unwritable(self.path, error) from error
            raise

    def version(self) -> int:
        return int(self.connection.execute("PRAGMA user_version").fetchone()[0])

    def close(self) -> None:
        self.connection.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def private_folder(folder: Path) -> None:
    """Make a folder and every missing folder above it private (0700), whatever the umask:
    ``Path.mkdir(parents=True)`` gives the folders above the umask's mode (0777 under 000)."""
    missing = []
    while not folder.is_dir():
        missing.append(folder)
        if folder.parent == folder:
            break
        folder = folder.parent
    for each in reversed(missing):
        each.mkdir(mode=0o700, exist_ok=True)
        each.chmod(0o700)  # mkdir's mode is cut by the umask


def _make_private_folder(path: Path) -> None:
    try:
        private_folder(path.parent)
        # A folder holding nothing but our files is ours: private, even if an older snl
        # made it readable by everyone. A folder the user shares with other files is left.
        if all(entry.name.startswith(path.name) for entry in path.parent.iterdir()):
            path.parent.chmod(0o700)
    except OSError as error:
        raise unwritable(path, error) from error
    except (ValueError, RuntimeError) as error:
        # Found by fuzzing: a NUL in the name (ValueError); "~nouser/x" cannot be expanded
        # (RuntimeError).
        raise StoreError("unwritable", path, str(error)) from error


def _connect(path: Path) -> sqlite3.Connection:
    try:
        # Created private before SQLite opens it; SQLite gives -wal and -shm the same mode.
        os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
        os.chmod(path, 0o600)
        # isolation_level=None: we issue BEGIN/COMMIT ourselves, one per write.
        connection = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    except (sqlite3.Error, OSError) as error:
        raise unwritable(path, error) from error
    connection.text_factory = decode_text
    return connection


def _inspect(connection: sqlite3.Connection, path: Path) -> Damage | None:
    """What is wrong with the file, or None for a healthy store or a new, empty file."""
    try:
        # One read transaction: another process creating the store commits all or nothing.
        connection.execute("BEGIN")
        try:
            # integrity_check, not quick_check: the fuzzer found damaged indexes that
            # quick_check passes and a later query calls "malformed".
            check = connection.execute("PRAGMA integrity_check").fetchall()
            app_id = connection.execute("PRAGMA application_id").fetchone()[0]
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            objects = _schema(connection)
        finally:
            if connection.in_transaction:
                connection.execute("COMMIT")
    except sqlite3.DatabaseError as error:
        if _environment_problem(error):
            # Locked, unreadable, disk full: not the file's fault, so never move it aside.
            raise unwritable(path, error) from error
        # Anything else is the file's content: "not a database", "malformed", and (found by
        # fuzzing) "unsupported file format" from a damaged header.
        return Damage.CORRUPT
    except UnicodeDecodeError:
        # A damaged name in the schema: SQLite's error message quotes it, and Python cannot
        # decode that message, so every statement on the file raises this instead.
        return Damage.CORRUPT
    if check != [("ok",)]:
        return Damage.CORRUPT
    if app_id == 0 and version == 0 and not objects:
        return None  # a new (or empty) file: the first migration makes it ours
    if app_id != APPLICATION_ID:
        return Damage.FOREIGN
    if version > latest_version():
        raise StoreError("newer", path, str(version))
    if objects != _expected_schema(version):
        # A damaged byte in a table's or column's name passes every check SQLite has,
        # then each query fails (found by fuzzing): the schema must be the one our
        # migrations write, byte for byte.
        return Damage.CORRUPT
    return None


Schema = tuple[tuple[object, ...], ...]


def _schema(connection: sqlite3.Connection) -> Schema:
    rows = connection.execute("SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall()
    return tuple(sorted(rows, key=repr))


def _expected_schema(version: int) -> Schema:
    """The schema our first ``version`` migrations make."""
    return _schema_made_by(tuple(migration.sql for migration in MIGRATIONS[:version]))


@functools.cache
def _schema_made_by(scripts: tuple[str, ...]) -> Schema:
    """The schema these migration scripts make, built in memory once a process: every
    store opened is compared with it, and built anew each time it was a millisecond of
    each opening (a second of CPU in the fuzz tests alone)."""
    reference = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for script in scripts:
            for statement in _statements(script):
                reference.execute(statement)
        return _schema(reference)
    finally:
        reference.close()


# SQLite result codes that describe the machine, not the file's content.
_ENVIRONMENT_ERRORS = ("SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_CANTOPEN", "SQLITE_READONLY",
                       "SQLITE_IOERR", "SQLITE_NOMEM", "SQLITE_PERM", "SQLITE_FULL")


def _environment_problem(error: sqlite3.Error) -> bool:
    name = getattr(error, "sqlite_errorname", "") or ""
    return name.startswith(_ENVIRONMENT_ERRORS)


def _backup_name(path: Path, damage: Damage) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    backup = path.with_name(f"{path.name}.{damage.value}-{stamp}.bak")
    counter = 1
    while backup.exists():
        counter += 1
        backup = path.with_name(f"{path.name}.{damage.value}-{stamp}-{counter}.bak")
    return backup


def _set_aside(path: Path, damage: Damage) -> Path:
    backup = _backup_name(path, damage)
    try:
        for suffix in _COMPANIONS:
            companion = path.with_name(path.name + suffix)
            if companion.exists():
                companion.replace(backup.with_name(backup.name + suffix))
        path.replace(backup)
    except OSError as error:
        raise unwritable(path, error) from error
    return backup


def backups(path: Path) -> list[Path]:
    """The backups kept beside a store file, oldest first."""
    return sorted(path.parent.glob(path.name + ".*.bak"))


def _configure(connection: sqlite3.Connection) -> None:
    # WAL: readers never block the autosave; FULL: a commit survives a power cut;
    # secure_delete: a forgotten child's data is overwritten, not just unlinked.
    if connection.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=FULL")
    connection.execute("PRAGMA foreign_keys=ON")
    connection.execute("PRAGMA secure_delete=ON")


def _migrate(connection: sqlite3.Connection, path: Path) -> None:
    """Every pending migration in ONE exclusive transaction, the version read inside it:
    processes starting together on a new folder each see either no schema or all of it."""
    connection.execute("BEGIN EXCLUSIVE")
    try:
        version = int(connection.execute("PRAGMA user_version").fetchone()[0])
        if version > latest_version():
            raise StoreError("newer", path, str(version))
        for number, migration in enumerate(MIGRATIONS[version:], start=version + 1):
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
