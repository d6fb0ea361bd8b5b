"""`snl games`, `snl play --resume`, and a broken store, through the real command line."""

from __future__ import annotations

import os
import re
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from snl_edu.cli import main
from snl_edu.store import STORE_FILE, open_store
from snl_edu.store.games import GameStore


def run(runner: CliRunner, *args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(main, list(args), input=input, catch_exceptions=False)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "data"


def test_a_demo_game_is_saved_and_listed_only_with_all(runner: CliRunner, folder: Path) -> None:
    played = run(runner, "play", "--demo", "--seed", "4", "--data-dir", str(folder))
    assert played.exit_code == 0
    assert "snl play --resume" not in played.output  # finished: nothing to resume
    assert run(runner, "games", "--data-dir", str(folder)).output.strip() == \
        "There are no unfinished games."
    listed = run(runner, "games", "--all", "--data-dir", str(folder)).output
    assert listed.startswith("Game 1: Computer 1 and Computer 2 on Saanp Bharyang, finished after")


def test_an_unfinished_game_is_listed_and_resumed_latest_first(runner: CliRunner,
                                                               folder: Path) -> None:
    for name in ("Asha", "Bikash"):
        stopped = run(runner, "play", "--players", name, "--seed", "1", "--data-dir",
                      str(folder), input="\n\n")
        assert "The input has ended" in stopped.output
    listed = run(runner, "games", "--data-dir", str(folder)).output.splitlines()
    assert listed[0].startswith("Game 2: Bikash on Saanp Bharyang, ")
    assert listed[1].startswith("Game 1: Asha on Saanp Bharyang, ")
    assert listed[-1] == "To continue a game, type: snl play --resume 2"
    resumed = run(runner, "play", "--resume", "--data-dir", str(folder), input="\n" * 400)
    assert resumed.output.startswith("Continuing game 2.\nBikash is on square")
    assert "Game over" in resumed.output
    again = run(runner, "play", "--resume", "1", "--data-dir", str(folder), input="\n" * 400)
    assert again.output.startswith("Continuing game 1.\nAsha is on square")


def test_games_list_in_nepali_uses_devanagari_digits(runner: CliRunner, folder: Path) -> None:
    run(runner, "play", "--players", "Asha", "--data-dir", str(folder), input="\n")
    listed = run(runner, "games", "--lang", "ne", "--data-dir", str(folder)).output
    lines = listed.replace(str(folder), "").splitlines()
    assert "१" in lines[0] and "1" not in lines[0]
    assert lines[-1].endswith("snl play --resume 1")  # a command to type: Latin digits


@pytest.mark.parametrize(("args", "message"), [
    (("--resume",), "There is no unfinished game to continue."),
    (("--resume", "7"), "There is no saved game number 7."),
    (("--resume", "seven"), "seven is not a game number."),
    (("--resume", "--board", "classic"), "leave out --board"),
    (("--resume", "--players", "A", "--seed", "3"), "leave out --players and --seed"),
    (("--resume", "--team", "Sita+Gita", "--computer", "1", "--no-six-again"),
     "leave out --team, --computer, and --six-again"),  # the flags as typed
])
def test_resume_problems_are_one_clear_message(runner: CliRunner, folder: Path,
                                               args: tuple[str, ...], message: str) -> None:
    result = run(runner, "play", *args, "--data-dir", str(folder))
    assert result.exit_code != 0
    assert message in result.output
    assert "Traceback" not in result.output


def test_resuming_a_finished_game_is_refused(runner: CliRunner, folder: Path) -> None:
    run(runner, "play", "--demo", "--data-dir", str(folder))
    result = run(runner, "play", "--resume", "1", "--data-dir", str(folder))
    assert result.exit_code == 2 and "Game 1 is already finished." in result.output


def test_a_damaged_saved_game_is_a_message(runner: CliRunner, folder: Path) -> None:
    run(runner, "play", "--players", "Asha", "--data-dir", str(folder), input="\n")
    with open_store(folder) as store, store.transaction() as db:
        db.execute("UPDATE games SET state = '{\"format\": 1, \"board\": 3}'")
    result = run(runner, "play", "--resume", "--data-dir", str(folder))
    assert result.exit_code == 1
    assert result.output == "Error: The saved game cannot be used: its board is malformed.\n"


def _random_bytes(path: Path) -> None:
    path.write_bytes(os.urandom(4096))


def _truncated(path: Path) -> None:
    path.write_bytes(path.read_bytes()[:1500])


def _foreign(path: Path) -> None:
    for leftover in path.parent.glob(STORE_FILE + "*"):
        leftover.unlink()
    other = sqlite3.connect(path)
    other.execute("CREATE TABLE photos (id INTEGER, data BLOB)")
    other.commit()
    other.close()


@pytest.mark.parametrize(("breaker", "says"), [
    (_random_bytes, "was damaged"), (_truncated, "was damaged"), (_foreign, "was not made by snl"),
])
def test_a_broken_store_is_kept_aside_with_one_message_and_the_game_plays(
        runner: CliRunner, folder: Path, breaker, says: str) -> None:  # type: ignore[no-untyped-def]
    run(runner, "play", "--demo", "--data-dir", str(folder))
    with open_store(folder) as store:  # make the file big enough to truncate meaningfully
        store.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    path = folder / STORE_FILE
    breaker(path)
    damaged = path.read_bytes()
    result = run(runner, "play", "--demo", "--seed", "2", "--data-dir", str(folder))
    assert result.exit_code == 0
    notices = [line for line in result.output.splitlines() if says in line]
    assert len(notices) == 1
    backups = [p for p in folder.iterdir() if p.name.endswith(".bak")]
    assert len(backups) == 1 and backups[0].read_bytes() == damaged
    assert str(backups[0]) in notices[0]
    assert "Game over" in result.output
    with open_store(folder) as store:
        assert len(GameStore(store).list(include_finished=True)) == 1


def test_an_unusable_data_folder_still_lets_the_game_play(runner: CliRunner,
                                                         tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    result = run(runner, "play", "--demo", "--data-dir", str(blocker / "inner"))
    assert result.exit_code == 0
    assert "cannot be opened or written" in result.output
    assert "This game will not be saved." in result.output
    assert "Game over" in result.output
    listed = run(runner, "games", "--data-dir", str(blocker / "inner"))
    assert listed.exit_code == 1 and "cannot be opened or written" in listed.output


def test_snl_data_dir_from_the_environment(runner: CliRunner, folder: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SNL_DATA_DIR", str(folder))
    run(runner, "play", "--demo")
    assert (folder / STORE_FILE).exists()


@pytest.mark.parametrize("lang", ["en", "ne"])
def test_games_help(runner: CliRunner, lang: str) -> None:
    result = run(runner, "games", "--help", "--lang", lang)
    assert result.exit_code == 0 and "--all" in result.output


def test_a_resumed_game_keeps_its_lesson_settings(runner: CliRunner, folder: Path) -> None:
    run(runner, "play", "--players", "Asha", "--lessons", "every", "--level", "3", "--seed", "1",
        "--no-speech", "--no-sound", "--data-dir", str(folder), input="\n")
    resumed = run(runner, "play", "--resume", "--no-speech", "--no-sound", "--data-dir",
                  str(folder), input="\n\n")
    assert resumed.output.startswith("Continuing game 1.")
    assert "A question for Asha:" in resumed.output


def test_a_damaged_saved_game_is_explained_in_nepali_only(runner: CliRunner,
                                                          folder: Path) -> None:
    run(runner, "play", "--players", "Asha", "--seed", "1", "--data-dir", str(folder),
        input="\n")
    with sqlite3.connect(folder / STORE_FILE) as db:
        db.execute("UPDATE games SET state = 'not json'")
    db.close()
    result = run(runner, "play", "--resume", "1", "--lang", "ne", "--data-dir", str(folder))
    assert result.exit_code == 1
    # The damaged game is set aside (kept in a backup) and that is said, then that there
    # is no such game: all in Nepali but the paths and the command to type.
    assert "बिग्रिएको विवरण थियो; त्यो हटाइयो" in result.output
    assert "१ नम्बरको साँचिएको खेल छैन" in result.output
    words = re.sub(r"\S*/\S*|snl games", "", result.output)
    assert not re.search("[A-Za-z]{2,}", words)
