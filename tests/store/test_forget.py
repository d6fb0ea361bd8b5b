"""Forget means forgotten: no byte of the name is left in the store, its log or its backups."""

from __future__ import annotations

import csv
import io
import unicodedata
from pathlib import Path

from click.testing import CliRunner

from snl_edu.cli import main
from snl_edu.store import STORE_FILE, open_store
from snl_edu.store.progress import AnswerRecord, ProgressStore

from .damage import raw


def answer(question: str) -> AnswerRecord:
    return AnswerRecord(kind="numeral", level=1, question=question, expected=3, given=3,
                        correct=True, tries=1, skipped=False, seconds=1.0)


def every_byte(folder: Path) -> bytes:
    """The store, its write-ahead log and every backup with theirs, as raw bytes."""
    return b"".join(path.read_bytes() for path in sorted(folder.iterdir()) if path.is_file())


def play(runner: CliRunner, folder: Path, *args: str) -> None:
    result = runner.invoke(main, ["play", *args, "--seed", "2", "--data-dir", str(folder)],
                           input="\n\n")
    assert result.exit_code == 0, result.output


def test_forgetting_a_child_leaves_no_byte_of_the_name(runner: CliRunner, tmp_path: Path) -> None:
    play(runner, tmp_path, "--players", "Sunita,Bikash")  # a game Sunita sat in
    play(runner, tmp_path, "--players", "Bikash", "--learner", "sunita", "--lessons", "off")
    with open_store(tmp_path) as store:
        progress = ProgressStore(store)
        for who in ("Sunita", "Bikash"):
            session = progress.start_session(who, "game", 1, "en")
            progress.record(session, who, answer("Where does SUNITA land with a 3?"))
    # A backup holding her too: a damaged row makes the next opening keep a copy.
    with raw(tmp_path / STORE_FILE) as db:
        db.execute("UPDATE lesson_answer SET level = 99 WHERE id = 1")
    runner.invoke(main, ["games", "--data-dir", str(tmp_path)])
    assert list(tmp_path.glob("*.bak"))
    assert b"sunita" in every_byte(tmp_path).lower()

    result = runner.invoke(main, ["progress", "--yes", "--forget", " SUNITA ", "--data-dir",
                                  str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "2 saved games with Sunita deleted." in result.output
    assert "was also taken out of 1 answer of another learner." in result.output
    assert "was also removed from the backup" in result.output
    assert b"sunita" not in every_byte(tmp_path).lower()
    listed = runner.invoke(main, ["progress", "--csv", "--data-dir", str(tmp_path)]).output
    assert [row["learner"] for row in csv.DictReader(io.StringIO(listed))] == ["Bikash"]


def test_a_child_who_only_played_can_be_forgotten(runner: CliRunner, tmp_path: Path) -> None:
    play(runner, tmp_path, "--players", "Élise")
    decomposed = unicodedata.normalize("NFD", "élise")  # one rule: case and form ignored
    result = runner.invoke(main, ["progress", "--yes", "--forget", decomposed, "--data-dir",
                                  str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "1 saved game with" in result.output
    assert b"lise" not in every_byte(tmp_path)


def test_names_match_the_same_way_in_progress_and_games(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        progress = ProgressStore(store)
        session = progress.start_session("Élise", "game", 1, "en")
        progress.record(session, "ÉLISE", answer("?"))
        assert progress.learners() == ["Élise"]
        assert len(progress.answers(unicodedata.normalize("NFD", "élise"))) == 1


def test_a_backup_that_cannot_be_cleaned_is_named(runner: CliRunner, tmp_path: Path) -> None:
    play(runner, tmp_path, "--players", "Sunita")
    (tmp_path / f"{STORE_FILE}.corrupt-20260101-000000.bak").write_bytes(b"Sunita" * 100)
    result = runner.invoke(main, ["progress", "--yes", "--forget", "Sunita", "--data-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "is damaged and may still hold data about Sunita" in result.output


def test_csv_cells_a_spreadsheet_would_run_are_neutralised(runner: CliRunner,
                                                           tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        progress = ProgressStore(store)
        for name in ("=HYPERLINK(\"x\")", "+1", "-2+A1", "@SUM(A1)"):
            session = progress.start_session(name, "game", 1, "en")
            progress.record(session, name, answer("=1+1"))
    listed = runner.invoke(main, ["progress", "--csv", "--data-dir", str(tmp_path)]).output
    rows = list(csv.DictReader(io.StringIO(listed)))
    assert len(rows) == 4
    for row in rows:
        assert row["learner"].startswith("'") and row["question"] == "'=1+1"


def test_forgetting_nobody_is_a_clear_error(runner: CliRunner, tmp_path: Path) -> None:
    play(runner, tmp_path, "--players", "Asha")
    result = runner.invoke(main, ["progress", "--yes", "--forget", "Nobody", "--data-dir", str(tmp_path)])
    assert result.exit_code == 1 and "No progress is kept for Nobody" in result.output


def test_a_name_that_is_not_kept_is_told_safely(runner: CliRunner, tmp_path: Path) -> None:
    play(runner, tmp_path, "--players", "Asha")
    result = runner.invoke(main, ["progress", "--yes", "--forget", "No\x1b]0;X\x07body",
                                  "--data-dir", str(tmp_path)])
    assert result.exit_code == 1 and "No progress is kept for No␛]0;X␇body" in result.output
    assert "\x1b" not in result.output


def test_a_damaged_file_deleted_in_forgetting_is_told_as_such(runner: CliRunner,
                                                              tmp_path: Path) -> None:
    """Forgetting deletes a damaged file of the data folder whole (what it held cannot be
    read); it says so, not that the child was taken out of it."""
    play(runner, tmp_path, "--players", "Eka,Bikash")
    seats = tmp_path / "table-seats.json"
    seats.write_text('{"bikash": ["a key"', encoding="utf-8")  # cut short: damaged
    (tmp_path / "speech.json").write_text('{"eka": {"rate": 200, "volume": 100}}',
                                          encoding="utf-8")
    result = runner.invoke(main, ["progress", "--yes", "--forget", "Eka", "--data-dir",
                                  str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert f"Eka was also removed from {tmp_path / 'speech.json'}.\n" in result.output
    assert f"The damaged file {seats} was deleted: it could not be read, so any data about " \
           "Eka in it is gone too.\n" in result.output
    assert "Eka was also removed from " + str(seats) not in result.output
    assert not seats.exists()
