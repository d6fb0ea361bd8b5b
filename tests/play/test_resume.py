"""Real `snl play` processes killed (SIGKILL) or interrupted (Ctrl-C) mid-game, then resumed:
the resumed game must end exactly as the uninterrupted one with the same seed."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from snl_edu.store import open_store
from snl_edu.store.games import GameStore

pytestmark = pytest.mark.slow

# A human (fed Enter presses through a pipe) and two computers, so both kinds of roll
# (keyboard and computer) come from the saved dice.
GAME = ["--players", "Asha", "--computer", "2", "--board", "classic", "--lang", "en"]
ENTERS = "\n" * 2000


def snl(*args: str, data_dir: Path) -> list[str]:
    return [sys.executable, "-m", "snl_edu", "play", *args, "--data-dir", str(data_dir)]


def env() -> dict[str, str]:
    return {**os.environ, "PYTHONUNBUFFERED": "1", "SNL_LANG": "en"}


def final_rolls(data_dir: Path) -> tuple[list[int], bool]:
    with open_store(data_dir) as store:
        saved = GameStore(store).list(include_finished=True)
        assert len(saved) == 1
        _, game = GameStore(store).load(saved[0].id)
        return game.rolls, game.over


def ranking(output: str) -> list[str]:
    lines = output.splitlines()
    start = max(i for i, line in enumerate(lines) if line.startswith("Game over"))
    return [line for line in lines[start:] if line.startswith("Place")]


def uninterrupted(seed: int, tmp_path: Path) -> tuple[list[int], list[str]]:
    folder = tmp_path / "reference"
    done = subprocess.run(snl(*GAME, "--seed", str(seed), data_dir=folder), input=ENTERS,
                          capture_output=True, text=True, env=env(), timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    rolls, over = final_rolls(folder)
    assert over
    return rolls, ranking(done.stdout)


def resume_to_the_end(folder: Path) -> str:
    done = subprocess.run(snl("--resume", data_dir=folder), input=ENTERS, capture_output=True,
                          text=True, env=env(), timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return done.stdout


def start_slow_game(seed: int, folder: Path, stdin: int | None = subprocess.PIPE,
                    pace: float = 0.01) -> subprocess.Popen[str]:
    process = subprocess.Popen(snl(*GAME, "--seed", str(seed), "--pace", str(pace),
                                   data_dir=folder),
                               stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env=env())
    assert process.stdout is not None
    process.stdout.readline()  # the game has started (and was saved before its first roll)
    return process


def read_lines(process: subprocess.Popen[str], count: int) -> list[str]:
    """Wait for the game to have printed `count` more lines (its progress, not the clock,
    decides when the test acts); fewer only if the game ended first."""
    assert process.stdout is not None
    lines = []
    for _ in range(count):
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line)
    return lines


def read_until(process: subprocess.Popen[str], done: Callable[[list[str]], bool]) -> list[str]:
    assert process.stdout is not None
    lines: list[str] = []
    while not done(lines):
        line = process.stdout.readline()
        assert line, f"the game ended before the moment the test waits for: {lines[-5:]}"
        lines.append(line)
    return lines


@pytest.mark.parametrize("seed", [11, 2024])
def test_a_game_killed_at_random_moments_resumes_to_the_same_end(seed: int,
                                                                 tmp_path: Path) -> None:
    reference_rolls, reference_ranking = uninterrupted(seed, tmp_path)
    chooser = random.Random(seed)
    folder = tmp_path / "killed"
    process = start_slow_game(seed, folder)
    assert process.stdin is not None
    process.stdin.write(ENTERS)
    process.stdin.flush()
    read_lines(process, chooser.randint(1, 150))  # a random moment of the game
    process.kill()  # SIGKILL: no handler runs, only committed turns survive
    process.wait(timeout=10)
    for stream in (process.stdin, process.stdout, process.stderr):
        if stream is not None:
            stream.close()
    rolls_at_kill, over = final_rolls(folder)
    assert rolls_at_kill == reference_rolls[:len(rolls_at_kill)]
    if over:  # the kill came after the end: nothing to resume, nothing lost
        return
    # Kill again, at another moment of the resumed game, then finish it.
    second = subprocess.Popen(snl("--resume", "--pace", "0.01", data_dir=folder),
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env=env())
    assert second.stdout is not None and second.stdin is not None
    second.stdin.write(ENTERS)
    second.stdin.flush()
    read_lines(second, chooser.randint(1, 60))
    second.kill()
    second.wait(timeout=10)
    for stream in (second.stdin, second.stdout, second.stderr):
        stream.close()  # type: ignore[union-attr]
    rolls, over = final_rolls(folder)
    assert rolls == reference_rolls[:len(rolls)]
    output = resume_to_the_end(folder) if not over else ""
    rolls, over = final_rolls(folder)
    assert over and rolls == reference_rolls
    if output:
        assert ranking(output) == reference_ranking


def interrupt(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=20)
    return process.returncode, out, err


def test_ctrl_c_while_a_child_is_deciding_saves_exits_cleanly_and_resumes(
        tmp_path: Path) -> None:
    seed = 7
    reference_rolls, reference_ranking = uninterrupted(seed, tmp_path)
    folder = tmp_path / "interrupted"
    process = start_slow_game(seed, folder)
    assert process.stdin is not None
    process.stdin.write("\n" * 5)  # five rolls for Asha, then she is thinking: no more input
    process.stdin.flush()

    def asha_is_deciding_her_sixth_roll(lines: list[str]) -> bool:
        rolled = [i for i, line in enumerate(lines) if line.startswith("Asha rolled")]
        return len(rolled) == 5 and any(line.startswith("Asha's turn")
                                        for line in lines[rolled[-1]:])

    read_until(process, asha_is_deciding_her_sixth_roll)
    code, out, err = interrupt(process)
    assert code == 1
    assert "Traceback" not in err
    assert "To continue it, type: snl play --resume 1" in out
    rolls, over = final_rolls(folder)
    assert not over and len(rolls) >= 5
    assert rolls == reference_rolls[:len(rolls)]
    output = resume_to_the_end(folder)
    assert output.startswith("Continuing game 1.")
    assert final_rolls(folder) == (reference_rolls, True)
    assert ranking(output) == reference_ranking


def test_ctrl_c_during_computer_turns_saves_and_resumes(tmp_path: Path) -> None:
    seed = 99
    reference_rolls, _ = uninterrupted(seed, tmp_path)
    folder = tmp_path / "interrupted"
    # Slow enough that the game is still far from its end however late this test reads.
    process = start_slow_game(seed, folder, pace=0.05)
    assert process.stdin is not None
    process.stdin.write(ENTERS)
    process.stdin.flush()

    def a_computer_is_rolling(lines: list[str]) -> bool:
        return len(lines) > 20 and lines[-1].startswith("Computer 1's turn")

    read_until(process, a_computer_is_rolling)  # mid-game: its end is over 100 lines away
    code, out, err = interrupt(process)
    rolls, over = final_rolls(folder)
    assert not over
    assert code == 1, err
    assert "Traceback" not in err
    assert "snl play --resume 1" in out
    assert rolls == reference_rolls[:len(rolls)]
    resume_to_the_end(folder)
    assert final_rolls(folder) == (reference_rolls, True)
