"""Real processes on one data folder: games started together, one game resumed twice, and a
disk that fills up mid-game."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from snl_edu.store import open_store
from snl_edu.store.games import GameStore

pytestmark = pytest.mark.slow
TOGETHER = 4


def snl(*args: str, folder: Path) -> list[str]:
    return [sys.executable, "-m", "snl_edu", *args, "--data-dir", str(folder)]


def env() -> dict[str, str]:
    return {**os.environ, "PYTHONUNBUFFERED": "1", "SNL_LANG": "en", "SNL_AUDIO": "off"}


@pytest.mark.parametrize("trial", range(3))
def test_demos_started_together_on_a_new_folder_are_all_saved(tmp_path: Path,
                                                              trial: int) -> None:
    folder = tmp_path / "new"
    processes = [subprocess.Popen(snl("play", "--demo", "--seed", str(seed), folder=folder),
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                  env=env())
                 for seed in range(TOGETHER)]
    for process in processes:
        _, err = process.communicate(timeout=120)
        assert process.returncode == 0, err
        assert "not be saved" not in err and "could not be saved" not in err, err
    with open_store(folder) as store:
        assert store.recovery is None
        saved = GameStore(store).list(include_finished=True)
        assert len(saved) == TOGETHER and all(game.finished for game in saved)
    assert not list(folder.glob("*.bak"))


def test_a_game_being_played_cannot_be_resumed_elsewhere(tmp_path: Path) -> None:
    first = subprocess.Popen(snl("play", "--players", "Asha", "--seed", "3", folder=tmp_path),
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env())
    assert first.stdout is not None and first.stdin is not None
    for line in first.stdout:  # the game is saved and claimed before its first prompt
        if line.startswith("Press Enter"):
            break
    second = subprocess.run(snl("play", "--resume", "1", folder=tmp_path), input="\n" * 50,
                            capture_output=True, text=True, env=env(), timeout=60, check=False)
    assert second.returncode == 1
    assert second.stderr.strip() == (f"Error: Game 1 is being played in another window "
                                     f"(process {first.pid}). Finish or stop it there first.")
    first.communicate("\n" * 3, timeout=60)
    assert first.returncode == 0
    # Once the first window has stopped, the game is free again.
    third = subprocess.run(snl("play", "--resume", "1", folder=tmp_path), input="\n" * 400,
                           capture_output=True, text=True, env=env(), timeout=60, check=False)
    assert third.returncode == 0, third.stderr
    assert third.stdout.startswith("Continuing game 1.")


def test_a_full_disk_is_reported_and_never_called_saved(tmp_path: Path) -> None:
    """The store may grow only so far (RLIMIT_FSIZE: writes past it fail as on a full disk)."""
    folder = tmp_path / "small"
    with open_store(folder):
        pass
    limit = sum(p.stat().st_size for p in folder.iterdir()) + 48_000

    def small_disk() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    done = subprocess.run(snl("play", "--players", "Asha", "--computer", "3", "--seed", "8",
                              "--board", "classic", folder=folder),
                          input="\n" * 2000, capture_output=True, text=True, env=env(),
                          timeout=120, check=False, preexec_fn=small_disk)
    assert "Traceback" not in done.stderr
    assert "The game could not be saved" in done.stderr  # at once
    assert "The game is saved" not in done.stdout
    last = done.stdout.strip().splitlines()[-1]
    assert last.startswith("The latest turns could not be saved: saved game 1 stops after ")
    with open_store(folder) as store:  # the number said is the number kept
        _, game = GameStore(store).load(1)
        assert last.endswith(f" {len(game.rolls)} rolls.")
