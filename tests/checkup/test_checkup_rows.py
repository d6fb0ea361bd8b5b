"""Check-up rows are checked like every other row of the store: a name the check-up saved
reads back whole, damage is set aside (or, in another computer's file, left out), and
nothing from a row reaches the terminal or a spreadsheet raw (the attack on issue 30)."""

from __future__ import annotations

import csv
import io
import shutil
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from snl_edu.cli import main
from snl_edu.safe_text import MAX_NAME
from snl_edu.store import STORE_FILE, open_store
from tests.checkup.classroom import answers_for, checkup

BAD = ("\x1b", "\x07")


def snl(data: Path, *args: str, stdin: str = "") -> str:
    result = CliRunner().invoke(main, [*args, "--data-dir", str(data)], input=stdin)
    assert result.exit_code == 0, result.output
    assert result.exception is None
    return result.output


def test_a_long_name_keeps_its_check_up(tmp_path: Path) -> None:
    checkup(tmp_path, "A" * 45, 0, 0.5, logarithmic=False)
    with open_store(tmp_path) as store:
        assert store.recovery is None  # not "1 damaged record"
    assert "A" * MAX_NAME + " " in snl(tmp_path, "progress", "--class")


@pytest.mark.parametrize("name", ["Asha\x1b]0;X\x07", "Bad\udcffUTF8"])
def test_a_name_with_escapes_or_bad_bytes_is_shown_safely(tmp_path: Path, name: str) -> None:
    output = snl(tmp_path, "checkup", name, "--no-speech", "--seed", "5",
                 stdin=answers_for(0, 0.5, False))
    for report in (output, snl(tmp_path, "progress", "--class"),
                   snl(tmp_path, "progress", "--class", "--csv")):
        assert not any(bad in report for bad in BAD)
        assert "\udcff" not in report
    with open_store(tmp_path) as store:
        assert store.recovery is None


DAMAGE = {
    "form": "UPDATE checkup SET form = 'x'",
    "deep": "UPDATE checkup SET answers = '" + "[" * 100_000 + "'",
    "huge": "UPDATE checkup SET answers = replace(answers, '\"seconds\": ', '\"seconds\": 1e400')",
    "given": "UPDATE checkup SET answers = replace(answers, '\"given\": ', '\"given\": \"x\", \"_\": ')",
    "time": "UPDATE checkup SET at = 'yesterday'",
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_check_up_row_is_set_aside_or_left_out(tmp_path: Path, damage: str) -> None:
    here, other = tmp_path / "here", tmp_path / "other"
    checkup(other, "Asha", 0, 0.5, logarithmic=False)
    checkup(other, "Bikash", 0, 0.5, logarithmic=False)
    with sqlite3.connect(other / STORE_FILE) as db:
        db.execute(DAMAGE[damage] + " WHERE learner_id = (SELECT id FROM learner "
                                    "WHERE name = 'Asha')")
    shutil.copytree(other, here)
    merged = ["progress", "--class", "--merge", str(other / STORE_FILE)]
    for args in (merged, [*merged, "--csv"]):  # another computer's file: read, never changed
        result = CliRunner().invoke(main, [*args, "--data-dir", str(tmp_path / "empty")])
        assert result.exit_code == 0 and result.exception is None, result.output
        assert "Bikash" in result.output and "Asha" not in result.output
    result = CliRunner().invoke(main, ["progress", "--class", "--data-dir", str(here)])
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "Bikash" in result.output and "Asha" not in result.output
    assert "1 damaged record" in result.output  # set aside, with a backup copy


def test_every_cell_of_the_class_csv_is_guarded(tmp_path: Path) -> None:
    checkup(tmp_path, '=HYPERLINK("http://x.example","A")', 0, 0.5, logarithmic=False)
    rows = list(csv.DictReader(io.StringIO(snl(tmp_path, "progress", "--class", "--csv"))))
    assert rows and all(row["learner"].startswith("'=") for row in rows)
