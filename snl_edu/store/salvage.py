"""Damaged rows found, and whole rows carried out of a damaged file.

Each known table has a row check (the readers' own, so "reads back whole" means the same
thing everywhere). A table a later migration adds and this module does not know is
copied as it is.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from snl_edu.store import checkups, games, progress, voice_examples
from snl_edu.store.rows import DamagedRow, decode_text

RowCheck = Callable[[dict[str, Any]], None]
# Parents before children, so foreign keys find their rows.
CHECKS: dict[str, RowCheck] = {
    "learner": progress.check_learner_row,
    "lesson_session": progress.check_session_row,
    "lesson_answer": progress.check_answer_row,
    "games": games.check_row,
    "checkup": checkups.check_row,
    "voice_example": voice_examples.check_row,
}
BATCH = 256
# Reading past a damaged page: how many rowids to skip and try again, at most; and how
# many rows one table may give (a damaged tree can claim any number).
MAX_PROBES = 2000
MAX_ROWS = 1_000_000


def _reads_whole(table: str, row: dict[str, Any]) -> bool:
    check = CHECKS.get(table)
    if check is None:
        return True
    try:
        check(row)
    except (DamagedRow, KeyError):
        return False
    return True


# The answers table grows with every lesson: checking each row in Python at every opening
# would cost a second for 10,000 answers. SQLite answers "is anything odd here?" in C
# first (types, ranges, the shape of a time, text that is not UTF-8); only then are the
# rows checked one by one. The row checks stay the truth: a row this query misses is
# still refused by the readers, just not set aside at once.
_ANSWERS_ALL_ORDINARY = """
    SELECT NOT EXISTS (SELECT 1 FROM lesson_answer WHERE NOT (
        typeof(learner_id) = 'integer' AND typeof(kind) = 'text' AND length(kind) <= 40
        AND typeof(level) = 'integer' AND level BETWEEN 1 AND 9
        AND typeof(question) = 'text' AND length(question) <= 2000
        AND typeof(expected) = 'integer' AND abs(expected) <= 1000000000
        AND (focus IS NULL OR (typeof(focus) = 'integer' AND abs(focus) <= 1000000000))
        AND (given IS NULL OR (typeof(given) = 'text' AND length(given) BETWEEN 1 AND 30
                               AND given GLOB '[0-9-]*' AND given NOT GLOB '?*[^0-9]*'))
        AND typeof(correct) = 'integer' AND correct IN (0, 1)
        AND typeof(skipped) = 'integer' AND skipped IN (0, 1)
        AND typeof(tries) = 'integer' AND tries BETWEEN 0 AND 1000
        AND typeof(seconds) IN ('real', 'integer') AND seconds >= 0 AND seconds < 1e7
        AND typeof(at) = 'text' AND length(at) <= 40
        AND at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*'
        AND (session_id IS NULL OR typeof(session_id) = 'integer')))
"""
_ANSWERS_TEXT = ("SELECT CAST(group_concat(kind || question || at || coalesce(given, ''), '')"
                 " AS BLOB) FROM lesson_answer")


def _answers_all_ordinary(connection: sqlite3.Connection) -> bool:
    if not connection.execute(_ANSWERS_ALL_ORDINARY).fetchone()[0]:
        return False
    text = connection.execute(_ANSWERS_TEXT).fetchone()[0] or b""
    try:
        text.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def damaged_rows(connection: sqlite3.Connection) -> dict[str, list[int]]:
    """The rowids, table by table, of rows that do not read back whole."""
    found: dict[str, list[int]] = {}
    for table in CHECKS:
        if table == "lesson_answer" and _answers_all_ordinary(connection):
            found[table] = []
            continue
        if table == "games":  # the state checked in SQL, the rest in Python
            cursor = connection.execute('SELECT rowid AS "snl rowid", * FROM games')
            names = [column[0] for column in cursor.description]
            bad = {int(row[0]) for row in connection.execute(games.UNREADABLE_STATE)}
            bad |= {row[0] for row in cursor if not _listable(dict(zip(names, row, strict=True)))}
            found[table] = sorted(bad)
            continue
        cursor = connection.execute(f'SELECT rowid AS "snl rowid", * FROM "{table}"')
        names = [column[0] for column in cursor.description]
        found[table] = [row[0] for row in cursor
                        if not _reads_whole(table, dict(zip(names, row, strict=True)))]
    return found


def _listable(row: dict[str, Any]) -> bool:
    try:
        games.listing(row)
    except (DamagedRow, KeyError):
        return False
    return True


def salvage(backup: Path, target: sqlite3.Connection) -> tuple[int, int]:
    """Copy every row of a damaged file that reads back whole into the (fresh) target
    store, in one transaction; how many rows were kept and how many were not."""
    try:
        source = sqlite3.connect(f"{backup.as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return 0, 0
    source.text_factory = decode_text
    # Read past a damaged schema entry (an index's name, say): the rows may be whole.
    with contextlib.suppress(sqlite3.Error, UnicodeDecodeError):
        source.execute("PRAGMA writable_schema=ON")
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
    """Rows in rowid order. Every row up to a damaged stretch is read; past it the reading
    goes on from the first rowid that reads again (found a little further each time, then
    narrowed back), so only the rows in the damage itself are lost."""
    after = -(2**63)
    probes = given = 0
    while probes < MAX_PROBES and given < MAX_ROWS:
        try:
            names, rows, damaged = _rows_from(source, table, after + 1, BATCH)
            if damaged:  # sqlite3 drops the row it had read when the next one fails
                rows += _rows_from(source, table, _last(rows, after) + 1, 1)[1]
        except _Unreadable:
            return
        # A damaged tree can loop back on itself: only rows past the last one count, and a
        # batch with none of those is treated as a damaged stretch (found by fuzzing).
        fresh = [row for row in rows if isinstance(row[0], int) and row[0] > after]
        for row in fresh:
            yield dict(zip(names, row, strict=True))
        given += len(fresh)
        after = _last(fresh, after)
        if not damaged and not rows:
            return
        if damaged or not fresh:
            resume, spent = _past_the_damage(source, table, max(after, 0) + 1)
            probes += spent
            if resume is None:
                return
            after = resume - 1


def _last(rows: list[tuple[Any, ...]], after: int) -> int:
    return max([after, *(row[0] for row in rows if isinstance(row[0], int))])


class _Unreadable(Exception):
    """The table cannot be read from anywhere (see _the_same_everywhere)."""


def _rows_from(source: sqlite3.Connection, table: str, first: int,
               limit: int) -> tuple[list[str], list[tuple[Any, ...]], bool]:
    """Column names, the rows from rowid ``first`` on that were read before any damage, and
    whether damage stopped the reading. (rowid >= first, not > first - 1: SQLite finds the
    row after a given one by going to that one first, which may be in the damage.)"""
    rows: list[tuple[Any, ...]] = []
    names: list[str] = []
    try:
        cursor = source.execute(f'SELECT rowid AS "snl rowid", * FROM "{table}" '
                                'WHERE rowid >= ? ORDER BY rowid LIMIT ?', (first, limit))
        names = [column[0] for column in cursor.description]
        for row in cursor:  # one at a time: an error keeps the rows before it
            rows.append(row)  # noqa: PERF402
    except (sqlite3.Error, UnicodeDecodeError) as error:  # see database._inspect
        if _the_same_everywhere(error):
            raise _Unreadable from error
        return names, rows, True
    except OverflowError:  # past the largest rowid there is
        return names, rows, False
    return names, rows, False


def _past_the_damage(source: sqlite3.Connection, table: str,
                     failing: int) -> tuple[int | None, int]:
    """The first rowid to read from past damage that starts at ``failing`` (None: nothing
    past it reads within the probes allowed), and how many probes that took. Steps double
    until a read succeeds, then halve back, so the rows just past the damage are kept."""
    probes, step = 0, 1
    readable: int | None = None
    while readable is None and probes < MAX_PROBES:
        probes += 1
        if _reads_from(source, table, failing + step):
            readable = failing + step
        else:
            failing += step
            step = min(step * 2, 4096)
    while readable is not None and readable - failing > 1 and probes < MAX_PROBES:
        probes += 1
        middle = (failing + readable) // 2
        if _reads_from(source, table, middle):
            readable = middle
        else:
            failing = middle
    return readable, probes


def _reads_from(source: sqlite3.Connection, table: str, first: int) -> bool:
    try:
        return not _rows_from(source, table, first, 1)[2]
    except _Unreadable:
        return False


def _the_same_everywhere(error: Exception) -> bool:
    """A failure that reading from another rowid cannot change: not a database at all,
    an unknown file format, no such table. Probing on only repeated it, 2,000 times a
    table (a damaged page is SQLITE_CORRUPT, and a row's bad text a UnicodeDecodeError)."""
    name = getattr(error, "sqlite_errorname", "") or ""
    return name.startswith(("SQLITE_NOTADB", "SQLITE_ERROR"))


def _insert(target: sqlite3.Connection, table: str, columns: list[str],
            row: dict[str, Any]) -> bool:
    shared = [name for name in columns if name in row]
    quoted = ", ".join(f'"{name}"' for name in shared)
    marks = ", ".join("?" for _ in shared)
    try:
        target.execute(f'INSERT OR IGNORE INTO "{table}" ({quoted}) VALUES ({marks})',
                       [row[name] for name in shared])
    except (sqlite3.Error, UnicodeEncodeError):
        return False  # a broken reference or constraint, or text that is not UTF-8
    return True
