"""The one list of where a child's data lives (store/child_data.py) is complete, and
forgetting works from it: after games in teams, speech changes, lessons and a check-up,
no byte of the name is left anywhere under the data folder, and her class chart left
nothing of hers in the cache folder."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from snl_edu.cli import main
from snl_edu.play.speech_controls import SpeechPrefs
from snl_edu.store import STORE_FILE
from snl_edu.store.child_data import FILES, NOT_CHILD_DATA, TABLES, Holds
from snl_edu.store.database import _expected_schema
from snl_edu.store.schema import latest_version
from snl_edu.store.seat_keys import SeatKeys
from snl_edu.views.printing import fonts
from snl_edu.views.printing.font_cache import CACHE_DIR_ENV
from tests.checkup.classroom import checkup

from .damage import raw

NAME = "Zephyrine"


def snl(folder: Path, *args: str, stdin: str = "\n\n") -> str:
    result = CliRunner().invoke(main, [*args, "--data-dir", str(folder)], input=stdin)
    assert result.exit_code == 0, result.output
    return result.output


def every_byte(folder: Path) -> bytes:
    return b"".join(path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file())


def a_child_everywhere(folder: Path) -> None:
    """Everything the game keeps about a child: a team game, a game alone with lessons,
    speech changes remembered for the team (as the speech keys do), her key to a seat at a
    classroom table and the question open there, practice, a check-up, and a backup the
    store made of a damaged row."""
    snl(folder, "play", "--team", f"{NAME}+Bikash", "--computer", "1", "--seed", "2")
    snl(folder, "play", "--players", NAME.lower(), "--seed", "3")
    SpeechPrefs(folder).remember([NAME, "Bikash"], 220, 80)
    SeatKeys(folder).keep(NAME, "ABCDEFGH", "a-key-the-table-gave-her")  # as snl table join
    SeatKeys(folder).keep_question(NAME, "ABCDEFGH", {"seat": 0, "learner": NAME,
                                                      "name": NAME})  # her question open
    snl(folder, "lesson", "--learner", NAME, "--questions", "2", "--seed", "1",
        stdin="1\n2\n3\n4\n5\n6\n")
    checkup(folder, NAME, 0, 0.5, logarithmic=False)
    with raw(folder / STORE_FILE) as db:
        db.execute("UPDATE lesson_answer SET level = 99 WHERE id = 1")
        a_row_in_every_table_of_a_learner(db)
    snl(folder, "games")  # opening sets the damaged row aside, keeping a backup copy


def a_row_in_every_table_of_a_learner(db: sqlite3.Connection) -> None:
    """A row naming the child in each table of the child's that the commands above did
    not fill (one a later change adds, such as taught voice examples), so forgetting is
    tested on every table on the list."""
    (learner,) = db.execute("SELECT id FROM learner WHERE name = ?", (NAME,)).fetchone()
    for table, holds in TABLES.items():
        if holds is not Holds.BY_LEARNER or db.execute(
                f'SELECT 1 FROM "{table}" WHERE learner_id = ?', (learner,)).fetchone():
            continue
        columns = [(name, kind.upper()) for _, name, kind, _, _, primary
                   in db.execute(f'PRAGMA table_info("{table}")') if not primary]
        values = [learner if name == "learner_id" else
                  NAME.encode() if kind == "BLOB" else 1 if kind in ("INTEGER", "REAL") else NAME
                  for name, kind in columns]
        db.execute(f'INSERT INTO "{table}" ({", ".join(n for n, _ in columns)}) '
                   f'VALUES ({", ".join("?" * len(values))})', values)


def test_every_table_of_the_store_is_on_the_list() -> None:
    tables = {name for kind, name, *_ in _expected_schema(latest_version()) if kind == "table"}
    assert tables == set(TABLES), "a table that is not in child_data.TABLES"


def test_every_file_the_game_writes_is_on_the_list(tmp_path: Path) -> None:
    a_child_everywhere(tmp_path)
    for path in tmp_path.rglob("*"):
        name = path.relative_to(tmp_path).as_posix()
        store_file = name.startswith(STORE_FILE) and (
            name in (STORE_FILE, f"{STORE_FILE}-wal", f"{STORE_FILE}-shm")
            or ".bak" in name)
        assert store_file or name in FILES or name in NOT_CHILD_DATA, \
            f"{name}: a file that is not in child_data.FILES or NOT_CHILD_DATA"


def test_forgetting_leaves_no_byte_of_the_name_under_the_data_folder(tmp_path: Path) -> None:
    a_child_everywhere(tmp_path)
    assert list(tmp_path.glob("*.bak"))
    assert NAME.lower().encode() in every_byte(tmp_path).lower()
    output = snl(tmp_path, "progress", "--yes", "--forget", NAME.upper())
    assert "2 saved games with Zephyrine deleted." in output
    assert f"was also removed from {tmp_path / 'speech.json'}" in output
    assert "was also removed from the backup" in output
    assert NAME.lower().encode() not in every_byte(tmp_path).lower()
    assert b"bikash" in every_byte(tmp_path).lower()  # the team mate's speech settings stay


def test_a_damaged_store_set_aside_still_names_the_child_to_delete(tmp_path: Path) -> None:
    snl(tmp_path, "play", "--players", NAME, "--seed", "2")
    (tmp_path / STORE_FILE).write_bytes(b"SQLite format 3\x00" + NAME.encode() * 300)
    for suffix in ("-wal", "-shm"):
        (tmp_path / f"{STORE_FILE}{suffix}").unlink(missing_ok=True)
    result = CliRunner().invoke(main, ["progress", "--yes", "--forget", NAME, "--data-dir",
                                       str(tmp_path)])
    assert result.exit_code == 1 and result.exception is not None
    assert "No progress is kept for Zephyrine" in result.output
    backup = next(tmp_path.glob("*.corrupt-*.bak"))
    assert f"The backup {backup} is damaged and may still hold data about Zephyrine: " \
           "delete it if it is no longer needed." in result.output


def test_her_class_chart_keeps_no_cut_font_of_her_page_and_forgetting_leaves_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cut holds every letter its page draws, her name's too, in a file named by a hash
    that nothing could find again to forget her: the chart's cuts are never kept."""
    data, cache = tmp_path / "data", tmp_path / "cache"
    monkeypatch.setenv(CACHE_DIR_ENV, str(cache))
    fonts._subset.cache_clear()  # as a new process: each cut is read from, or kept in, the cache
    a_child_everywhere(data)
    board = CliRunner().invoke(main, ["board", "render", "classic", "--out",
                                      str(tmp_path / "board.svg")])
    assert board.exit_code == 0, board.output
    kept = sorted(cache.rglob("*"))
    assert any(path.suffix == ".ttf" for path in kept)  # a page naming no child keeps its cuts
    chart = tmp_path / "class.svg"
    snl(data, "progress", "--class", "--chart", str(chart))
    assert NAME in chart.read_text("utf-8")
    assert sorted(cache.rglob("*")) == kept
    snl(data, "progress", "--yes", "--forget", NAME)
    assert NAME.lower().encode() not in every_byte(data).lower()
    assert sorted(cache.rglob("*")) == kept  # only the board's cuts: nothing of hers
