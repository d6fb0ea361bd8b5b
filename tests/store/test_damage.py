"""Every kind of damage to a real store file ends in a clear message and a usable store."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import BinaryIO

import pytest
from click.testing import CliRunner

from snl_edu.cli import main
from snl_edu.store import Damage, open_store

from .damage import populate, raw, run_all

ROW_DAMAGE = {
    "text that is not UTF-8": "UPDATE games SET board = CAST(X'ff41' AS TEXT) WHERE id = 3",
    "a name that is not UTF-8": "UPDATE learner SET name = CAST(X'41ff' AS TEXT)",
    "rolls that are not a number": "UPDATE games SET rolls = 'abc' WHERE id = 3",
    "JSON nested 200,000 deep": "UPDATE games SET state = '" + "[" * 200_000 + "' WHERE id = 3",
    "a level of 999999": "UPDATE lesson_answer SET level = 999999 WHERE id = 2",
    "seconds of nan": "UPDATE lesson_answer SET seconds = 'nan' WHERE id = 3",
    "a seed that is not a number": "UPDATE games SET seed = 'x' WHERE id = 1",
    "a time that is not a time": "UPDATE games SET updated = 7 WHERE id = 2",
}


@pytest.mark.parametrize("damage", ROW_DAMAGE.values(), ids=ROW_DAMAGE.keys())
def test_damaged_rows_are_set_aside_and_every_command_works(tmp_path: Path, damage: str) -> None:
    path = populate(tmp_path)
    with raw(path) as db:
        db.execute(damage)
    verdicts = run_all(tmp_path)
    assert [v for v in verdicts if not v[1].ok] == []
    backups = list(tmp_path.glob("*.rows-*.bak"))
    assert len(backups) == 1  # the damaged row is kept there, and only once
    with open_store(tmp_path) as store:
        assert store.recovery is None


def test_the_notice_names_the_backup_once(tmp_path: Path, runner: CliRunner) -> None:
    path = populate(tmp_path)
    with raw(path) as db:
        db.execute(ROW_DAMAGE["rolls that are not a number"])
    first = runner.invoke(main, ["games", "--all", "--data-dir", str(tmp_path)])
    assert "had 1 damaged record; it was removed, and the file as it was is kept as" in \
        first.output
    assert first.output.count("Game ") == 2  # the two finished demos, whole
    again = runner.invoke(main, ["games", "--all", "--data-dir", str(tmp_path)])
    assert "damaged" not in again.output


def test_a_damaged_name_in_the_schema_is_recovered_not_a_traceback(tmp_path: Path) -> None:
    """quick_check's message quotes the damaged name and Python cannot decode it."""
    path = populate(tmp_path)
    with raw(path) as db:
        db.execute("PRAGMA writable_schema=ON")
        db.execute("UPDATE sqlite_master SET name = CAST(X'ff61' AS TEXT) "
                   "WHERE name = 'games_unfinished'")
    assert [v for v in run_all(tmp_path) if not v[1].ok] == []
    with open_store(tmp_path) as store:
        assert store.connection.execute("SELECT count(*) FROM games").fetchone()[0] >= 3
        assert store.connection.execute("SELECT count(*) FROM lesson_answer").fetchone()[0] == 12
    assert len(list(tmp_path.glob("*.corrupt-*.bak"))) == 1


@pytest.mark.parametrize("renamed", ["players", "language"])
def test_a_damaged_column_name_is_recovered_not_a_traceback(tmp_path: Path, renamed: str) -> None:
    """Found by the fuzzer: a damaged byte in a column's name passes integrity_check, then
    every query naming the column fails (or its name cannot be decoded)."""
    path = populate(tmp_path)
    with raw(path) as db:
        db.execute("PRAGMA writable_schema=ON")
        db.execute("UPDATE sqlite_master SET sql = replace(sql, ?, ?) WHERE type = 'table'",
                   (renamed, "x" + renamed[1:]))
    assert [v for v in run_all(tmp_path) if not v[1].ok] == []
    assert len(list(tmp_path.glob("*.corrupt-*.bak"))) == 1


def test_a_damaged_page_keeps_the_rows_that_read_back_whole(tmp_path: Path) -> None:
    path = populate(tmp_path)
    with raw(path) as db:  # many answers, so they fill several pages
        db.executemany("INSERT INTO lesson_answer (learner_id, session_id, at, kind, level, "
                       "question, expected, correct, tries, seconds) VALUES (1, 1, "
                       "'2026-01-01T00:00:00+00:00', 'numeral', 1, ?, 1, 1, 1, 1.0)",
                       [(f"question {i} " + "x" * 200,) for i in range(400)])
        page_size = db.execute("PRAGMA page_size").fetchone()[0]
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    with open(path, "r+b") as handle:  # the last page of answers becomes noise
        handle.seek(page_size * (pages - 1))
        handle.write(b"\xa5" * page_size)
    with open_store(tmp_path) as store:
        assert store.recovery is not None and store.recovery.damage is Damage.CORRUPT
        kept = store.connection.execute("SELECT count(*) FROM lesson_answer").fetchone()[0]
        assert 12 < kept < 412
        assert store.recovery.kept >= kept
    assert [v for v in run_all(tmp_path) if not v[1].ok] == []


# Rows of two lengths, so that a page holds a number of them that the doubling steps over
# the damage do not land on exactly (15 and 19 rows on a page of 4,096 bytes).
@pytest.mark.parametrize("padding", [200, 150])
def test_only_the_rows_on_a_damaged_page_are_lost(tmp_path: Path, padding: int) -> None:
    path = populate(tmp_path)
    with raw(path) as db:
        db.executemany("INSERT INTO lesson_answer (learner_id, session_id, at, kind, level, "
                       "question, expected, correct, tries, seconds) VALUES (1, 1, "
                       "'2026-01-01T00:00:00+00:00', 'numeral', 1, ?, 1, 1, 1, 1.0)",
                       [(f"question {i} " + "x" * padding,) for i in range(400)])
        page_size = db.execute("PRAGMA page_size").fetchone()[0]
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    with open(path, "r+b") as handle:
        # A leaf of the answers' table in the middle of them (the file format: a table
        # leaf starts with 13, and its number of rows is in bytes 3 and 4).
        number = next(n for n in range(pages - 15, pages) if _page(handle, n, page_size)[0] == 13)
        on_the_page = int.from_bytes(_page(handle, number, page_size)[3:5], "big")
        handle.seek(page_size * (number - 1))
        handle.write(b"\xa5" * page_size)  # becomes noise
    with open_store(tmp_path) as store:
        assert store.recovery is not None and store.recovery.damage is Damage.CORRUPT
        ids = [row[0] for row in store.connection.execute(
            "SELECT id FROM lesson_answer WHERE question LIKE 'question %' ORDER BY id")]
    # The rows up to the damage, and from just past it to the last, are all kept.
    missing = sorted(set(range(ids[0], ids[-1] + 1)) - set(ids))
    assert on_the_page > 5 and len(ids) == 400 - on_the_page
    assert missing == list(range(missing[0], missing[0] + on_the_page))


def _page(handle: BinaryIO, number: int, page_size: int) -> bytes:
    handle.seek(page_size * (number - 1))
    return handle.read(page_size)


@pytest.mark.parametrize("where", ["header", "schema page"])
def test_a_damaged_header_or_schema_starts_afresh_with_a_message(tmp_path: Path, runner: CliRunner,
                                                                 where: str) -> None:
    path = populate(tmp_path)
    data = bytearray(path.read_bytes())
    start = 0 if where == "header" else 100
    data[start:start + 60] = b"\x00\xff" * 30
    path.write_bytes(bytes(data))
    result = runner.invoke(main, ["games", "--data-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "was damaged, so it was kept as" in result.output
    assert [v for v in run_all(tmp_path) if not v[1].ok] == []


def test_a_store_file_that_is_a_folder_is_one_line(tmp_path: Path, runner: CliRunner) -> None:
    (tmp_path / "snl.sqlite3").mkdir()
    result = runner.invoke(main, ["games", "--data-dir", str(tmp_path)])
    assert result.exit_code == 1 and result.output.startswith("Error: The saved-games file")
    assert isinstance(result.exception, SystemExit)


def test_the_data_folder_and_files_are_private(tmp_path: Path) -> None:
    folder = tmp_path / "new"
    path = populate(folder)
    assert folder.stat().st_mode & 0o777 == 0o700
    for file in folder.iterdir():
        assert file.stat().st_mode & 0o777 == 0o600, file
    path.chmod(0o644)  # a store from before: made private when next opened
    folder.chmod(0o755)
    with open_store(folder):
        assert path.stat().st_mode & 0o777 == 0o600
        assert folder.stat().st_mode & 0o777 == 0o700


def test_rows_read_back_are_the_rows_written(tmp_path: Path) -> None:
    populate(tmp_path)
    with open_store(tmp_path) as store:
        assert store.recovery is None
        from snl_edu.store.salvage import damaged_rows

        assert not any(damaged_rows(store.connection).values())
    assert sqlite3.sqlite_version


@pytest.mark.parametrize("how", ["--data-dir", "SNL_DATA_DIR"])
def test_a_damaged_store_in_a_relative_folder_is_salvaged(
        tmp_path: Path, how: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by flipping bytes: SQLite's file URI of the set-aside copy cannot be relative."""
    folder = tmp_path / "data"
    path = populate(folder)
    with open(path, "r+b") as handle:  # the page of answers becomes noise; the games stay
        handle.seek(4096 * 3)
        handle.write(b"\xa5" * 4096)
    monkeypatch.chdir(tmp_path)
    given = ["--data-dir", "data"] if how == "--data-dir" else []
    result = CliRunner().invoke(main, ["games", "--all", *given],
                                env={"SNL_DATA_DIR": "data"} if not given else None)
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    assert "Traceback" not in result.output and result.exit_code == 0, result.output
    with open_store(folder) as store:
        assert store.connection.execute("SELECT count(*) FROM games").fetchone()[0] == 3
