"""Damaged rows found, and whole rows carried out of a damaged file.

Each known table has a row check (the readers' own, so "reads back whole" means the same
thing everywhere). A table a later migration adds and this module does not know is
copied as it is.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from snl_edu.store import games, progress
from snl_edu.store.rows import DamagedRow, decode_text

RowCheck = Callable[[dict[str, Any]], None]
# Parents before children, so foreign keys find their rows.
CHECKS: dict[str, RowCheck] = {
    "learner": progress.check_learner_row,
    "lesson_session": progress.check_session_row,
    "lesson_answer": progress.check_answer_row,
    "games": games.check_row,
}
BATCH = 256
# Reading past a damaged page: how many rowids to skip and try again, at most.
MAX_PROBES = 2000


def _reads_whole(table: str, row: dict[str, Any]) -> bool:
    check = CHECKS.get(table)
    if check is None:
        return True
    try:
        check(row)
    except (DamagedRow, KeyError):
        return False
    return True


def damaged_rows(connection: sqlite3.Connection) -> dict[str, list[int]]:
    """The rowids, table by table, of rows that do not read back whole."""
    found: dict[str, list[int]] = {}
    for table in CHECKS:
        cursor = connection.execute(f'SELECT rowid AS "snl rowid", * FROM "{table}"')
        names = [column[0] for column in cursor.description]
        found[table] = [row[0] for row in cursor
                        if not _reads_whole(table, dict(zip(names, row, strict=True)))]
    return found


def salvage(backup: Path, target: sqlite3.Connection) -> tuple[int, int]:
    """Copy every row of a damaged file that reads back whole into the (fresh) target
    store, in one transaction; how many rows were kept and how many were not."""
    try:
        source = sqlite3.connect(f"{backup.as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return 0, 0
    source.text_factory = decode_text
    try:
        # Read past a damaged schema entry (an index's name, say): the rows may be whole.
        source.execute("PRAGMA writable_schema=ON")
    except (sqlite3.Error, UnicodeDecodeError):
        pass
    kept = lost = 0
    target.execute("BEGIN IMMEDIATE")
    try:
        tables = _tables(target)
        for table in [*CHECKS, *sorted(set(tables) - set(CHECKS))]:
            if table not in tables:
                continue
            for row in _readable_rows(source, table):
                if _reads_whole(table, row) and _insert(target, table, tables[table], row):
                    kept += 1
                else:
                    lost += 1
    except BaseException:
        target.execute("ROLLBACK")
        raise
    finally:
        source.close()
    target.execute("COMMIT")
    return kept, lost


def _tables(connection: sqlite3.Connection) -> dict[str, list[str]]:
    names = [row[0] for row in connection.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
    return {name: [row[1] for row in connection.execute(f'PRAGMA table_info("{name}")')]
            for name in names}


def _readable_rows(source: sqlite3.Connection, table: str) -> Iterator[dict[str, Any]]:
    """Rows in rowid order; a damaged stretch is stepped over, a little further each time."""
    after = -(2**63)
    probes = 0
    step = 1
    while probes < MAX_PROBES:
        try:
            cursor = source.execute(f'SELECT rowid AS "snl rowid", * FROM "{table}" '
                                    'WHERE rowid > ? ORDER BY rowid LIMIT ?', (after, BATCH))
            names = [column[0] for column in cursor.description]
            batch = cursor.fetchall()
        except (sqlite3.Error, UnicodeDecodeError):  # see database._inspect
            probes += 1
            after = max(after, 0) + step
            step = min(step * 2, 4096)
            continue
        if not batch:
            return
        step = 1
        for row in batch:
            yield dict(zip(names, row, strict=True))
        after = batch[-1][0]


def _insert(target: sqlite3.Connection, table: str, columns: list[str],
            row: dict[str, Any]) -> bool:
    shared = [name for name in columns if name in row]
    quoted = ", ".join(f'"{name}"' for name in shared)
    marks = ", ".join("?" for _ in shared)
    try:
        target.execute(f'INSERT OR IGNORE INTO "{table}" ({quoted}) VALUES ({marks})',
                       [row[name] for name in shared])
    except sqlite3.Error:
        return False  # a broken reference or constraint: the row is not whole after all
    return True
