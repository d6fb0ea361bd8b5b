"""A disk that fills at every write of lesson, checkup, play and progress --forget, in
process: each run ends with one clear line saying what was and was not kept, never a
traceback, and what was kept reads back whole.

A real small filesystem needs root (a loop mount) or FUSE, so the fault is injected where
the bytes go out: SQLite statements that write (the error SQLite gives, SQLITE_FULL) and
the rename that finishes a data file (ENOSPC). Once full, the disk stays full.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from snl_edu.cli import main
from snl_edu.play.speech_controls import SpeechPrefs
from snl_edu.store import open_store
from snl_edu.store.checkups import CheckupStore
from snl_edu.store.progress import ProgressStore
from tests.checkup.classroom import SEED, answers_for, checkup

WRITES = ("INSERT", "UPDATE", "DELETE", "COMMIT", "VACUUM", "CREATE", "PRAGMA WAL_CHECKPOINT",
          "PRAGMA JOURNAL_MODE=WAL", "PRAGMA USER_VERSION=", "PRAGMA APPLICATION_ID=")
# What the user reads when the disk is full, in the command's own words.
TOLD = ("the disk is full", "could not be written and still holds data")


class Disk:
    """Counts writes; from write number ``fills_at`` on, every write fails."""

    def __init__(self, fills_at: int | None) -> None:
        self.fills_at = fills_at
        self.writes = 0

    def write(self) -> None:
        self.writes += 1
        if self.fills_at is not None and self.writes >= self.fills_at:
            error = sqlite3.OperationalError("database or disk is full")
            error.sqlite_errorname = "SQLITE_FULL"  # type: ignore[attr-defined]
            error.sqlite_errorcode = 13  # type: ignore[attr-defined]
            raise error


@contextlib.contextmanager
def disk(fills_at: int | None) -> Iterator[Disk]:
    full = Disk(fills_at)
    connect, replace = sqlite3.connect, os.replace

    class Connection(sqlite3.Connection):
        def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
            if sql.lstrip().upper().startswith(WRITES):
                full.write()
            return super().execute(sql, *args)

        def executemany(self, sql: str, *args: Any) -> sqlite3.Cursor:
            full.write()
            return super().executemany(sql, *args)

        def backup(self, *args: Any, **kwargs: Any) -> None:
            full.write()
            super().backup(*args, **kwargs)

    def connecting(database: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        if database != ":memory:":  # memory is not the disk (the schema's reference copy)
            kwargs.setdefault("factory", Connection)
        return connect(database, *args, **kwargs)

    def renaming(*args: Any, **kwargs: Any) -> None:
        try:
            full.write()
        except sqlite3.OperationalError:
            raise OSError(errno.ENOSPC, "No space left on device") from None
        replace(*args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sqlite3, "connect", connecting)
        patch.setattr(os, "replace", renaming)
        yield full


def asha_everywhere(folder: Path) -> None:
    """A store that already knows Asha: a game, practice, a check-up, speech settings."""
    runner = CliRunner()
    runner.invoke(main, ["play", "--players", "Asha", "--seed", "2", "--data-dir", str(folder)],
                  input="\n\n")
    runner.invoke(main, ["lesson", "--learner", "Asha", "--questions", "1", "--seed", "1",
                         "--data-dir", str(folder)], input="1\n2\n3\n")
    checkup(folder, "Asha", 0, 0.5, logarithmic=False)
    SpeechPrefs(folder).remember(["Asha"], 200, 80)


COMMANDS = {
    "lesson": (["lesson", "--learner", "Asha", "--questions", "3", "--seed", "4"],
               "1\n2\n3\n4\n5\n6\n7\n8\n9\n"),
    # --anyway: the second check-up comes with no play since the first.
    "checkup": (["checkup", "Asha", "--no-speech", "--seed", str(SEED), "--anyway"],
                answers_for(1, 0.5, False)),
    "play": (["play", "--players", "Asha", "--computer", "1", "--seed", "3", "--lessons",
              "every"], "\n1\n\n2\n\n3\n\nq\ny\n"),
    "forget": (["progress", "--yes", "--forget", "Asha"], ""),
}


def run(folder: Path, command: str, fills_at: int | None) -> tuple[str, int]:
    args, stdin = COMMANDS[command]
    with disk(fills_at) as full:
        result = CliRunner().invoke(main, [*args, "--data-dir", str(folder), "--lang", "en"],
                                    input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        (fills_at, result.output, result.exception)
    assert result.exit_code in (0, 1), result.output
    return result.output, full.writes


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("asha")
    asha_everywhere(folder)
    return folder


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_disk_that_fills_at_any_write_is_one_clear_line(template: Path, tmp_path: Path,
                                                          command: str) -> None:
    _, writes = run(shutil.copytree(template, tmp_path / "count"), command, None)
    assert writes > 2
    for fills_at in range(1, writes + 1):
        folder = shutil.copytree(template, tmp_path / str(fills_at))
        output, _ = run(folder, command, fills_at)
        assert any(told in output for told in TOLD), (fills_at, output)
        with open_store(folder) as store:  # what was kept reads back whole
            assert store.recovery is None
            checkups = len(CheckupStore(store).checkups("Asha"))
            known = ProgressStore(store).exists("Asha")
        if command == "checkup":  # all of it or nothing of it, and said which
            assert checkups == (2 if "Thank you" in output else 1)
        if command == "forget":  # the child was forgotten, or the user is told not
            assert known == ("Nothing was forgotten" in output), output
