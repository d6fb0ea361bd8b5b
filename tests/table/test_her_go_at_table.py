"""Her go at the table (snl_edu.table.client.goes): a level-1 child at `snl table join`
counts her own move, square by square, before anyone says where she lands. A real
`snl table host` and real clients on pseudo-terminals, on loopback; a whole game at a
real table in threads."""

from __future__ import annotations

import io
import os
import re
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import pytest

from snl_edu.app.play import Terminal as Streams
from snl_edu.inputs.commands import Action, Command
from snl_edu.language.localizer import Localizer
from snl_edu.table.client import ClientOptions, TableClient
from tests.cli.terminal import Terminal

from .helpers import CODE, QUIET, Child, LineLog, open_table, table_options
from .test_cli_table import WAIT, read_until, snl, unique_table_name

pytestmark = pytest.mark.slow

# Seed 5: Asha rolls 5 (onto the board at 5), then Bikash 3.
LANDING = "Asha comes onto the board at square 5."


@contextmanager
def level_one_table(tmp_path: Path, clock: str = "0") -> Iterator[tuple[
        subprocess.Popen[str], Terminal, Terminal]]:
    """A real host whose teacher set lessons at level 1 for every seat, on 127.0.0.2 (the
    teacher's computer), and Asha's and Bikash's computers joined to it (each with its
    own data folder)."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "SNL_DATA_DIR": str(tmp_path / "host")}
    host = subprocess.Popen(
        snl("table", "host", "--players", "Asha,Bikash", "--lessons", "every", "--level", "1",
            "--history", "off", "--bind", "127.0.0.2", "--port", "0", "--seed", "5",
            "--turn-clock", clock, "--lang", "en", "--name", unique_table_name()),
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=env)
    try:
        joining = read_until(host, r"snl table join")[-1]
        address, code = re.search(r"join (\S+) (\S+) --name", joining).groups()  # type: ignore
        joins = [("table", "join", address, code, "--name", name, "--no-speech", "--no-sound",
                  "--lang", "en") for name in ("Asha", "Bikash")]
        with Terminal(*joins[0], env={"SNL_DATA_DIR": str(tmp_path / "asha")}) as asha, \
                Terminal(*joins[1], env={"SNL_DATA_DIR": str(tmp_path / "bikash")}) as bikash:
            yield host, asha, bikash
    finally:
        if host.poll() is None:
            host.kill()
            host.communicate(timeout=WAIT)


def test_a_level_one_child_at_a_table_moves_her_own_token_square_by_square(
        tmp_path: Path) -> None:
    """Before, her computer counted for her ("Counting on...", the landing said at once)
    and every other computer said where she landed: she pressed only Enter."""
    with level_one_table(tmp_path) as (host, asha, bikash):
        asha.expect("Your turn: press Enter to roll the pasa.")
        asha.type("\r")
        before = asha.expect("Asha, your go! Press Space once for each dot")
        assert "square 5" not in before and "Counting" not in before, before
        # The table waits for her: the others hear that she counts, not where she lands.
        told = bikash.expect("Asha counts the move.")
        assert "square 5" not in told, told
        host_lines = read_until(host, r"Asha counts the move\.")
        assert not any("square 5" in line for line in host_lines), host_lines
        asha.type("     ")  # five presses for the five dots, each square said after her
        moved = asha.expect(LANDING)
        assert "\n1\n2\n3\n4\n5\n" in moved, moved
        assert "one, two" not in moved, moved  # not counted again for her
        assert LANDING in "\n".join(read_until(host, re.escape(LANDING)))
        bikash.expect(LANDING)  # the table played on once she had counted
        asha.expect("A question for Asha:")
        bikash.expect("Your turn: press Enter to roll the pasa.")
        bikash.type("\r")  # his 3: he types where it lands instead, and hears the count
        bikash.expect("Bikash, your go!")
        bikash.type("3\r")
        counted = bikash.expect("Bikash comes onto the board at square 3.")
        assert "Yes! Let us count: one, two, three." in counted, counted
        asha.expect("Bikash counts the move.")
        told = asha.expect("Bikash comes onto the board at square 3.")
        assert "Yes!" not in told  # his feedback is his own computer's


def test_when_her_turn_clock_runs_out_in_her_go_the_game_counts_for_her(
        tmp_path: Path) -> None:
    with level_one_table(tmp_path, clock="3") as (_, asha, bikash):
        asha.expect("Your turn: press Enter to roll the pasa.")
        asha.type("\r")
        asha.expect("Asha, your go!")
        bikash.expect("Asha counts the move.")
        told = asha.expect(LANDING)  # she pressed nothing: the clock, not she, ended it
        assert "Time is up: counting on for Asha." in bikash.expect(LANDING)
        assert "square 5" not in told[:told.index(LANDING)], told
        asha.expect("A question for Asha:")
        bikash.expect("Your turn: press Enter to roll the pasa.")


class StepsEverySquare:
    """Asha at her keyboard: Enter on her turn, Space for every square of her go, each
    question answered right; ``done`` ends her keys."""

    interactive = True

    def __init__(self) -> None:
        self.client: TableClient | None = None
        self.done = threading.Event()
        self.spaces = 0

    def next_command(self, timeout: float | None = None) -> Command | None:
        if self.done.wait(0.01):
            return Command(Action.END)
        client = self.client
        assert client is not None
        go = client.listener.go
        if go is not None and go.result is None:
            self.spaces += 1
            return Command(Action.ROLL, " ")
        teacher = client.teacher
        asking = teacher.asker.asking if teacher is not None and teacher.asker else None
        if asking is not None and client.listener.question_open:
            return Command.answer(asking.answer)
        return Command(Action.ROLL) if client.turn_said.is_set() else None


LANDS = re.compile(r"^Asha (moves from \d+ to|comes onto the board at square) (\d+)\.$")


@pytest.mark.parametrize("level", [1, 2])
def test_in_a_whole_game_no_landing_of_hers_is_said_before_she_has_counted_it(
        tmp_path: Path, level: int) -> None:
    """A whole game at a real table: each move of Asha's that is hers to count (every one at
    level 1, every other at level 2) she counts first, at her computer and at Bikash's (who
    hears that she counts, then where she lands)."""
    options = replace(table_options(tmp_path / "host", players=("Asha", "Bikash"),
                                    computers=0), lessons="every", level=level, history="off")
    with open_table(options) as (table, _, runner):
        keys = StepsEverySquare()
        log = LineLog()
        asha = TableClient(ClientOptions(table.address[0], table.address[1], CODE,
                                         name="Asha", sound=QUIET,
                                         data_dir=str(tmp_path / "asha")),
                           Localizer.create("en"), Streams(io.StringIO(), log, log))  # type: ignore[arg-type]
        asha.listener.wait = lambda seconds: None  # her pauses to count: not waited here
        keys.client = asha
        thread = threading.Thread(target=asha.run, args=(keys,), daemon=True)
        thread.start()
        bikash = Child(table, "Bikash", start=False)
        bikash.client.listener.wait = asha.listener.wait
        bikash.start()
        runner.join(WAIT * 4)  # the game played to its end
        keys.done.set()
        thread.join(WAIT)
        bikash.join_thread()
    lines = log.lines
    assert any(line.endswith("and wins!") for line in lines), lines[-5:]
    rolls = [i for i, line in enumerate(lines) if line.startswith("Asha rolled")]
    moves: list[bool] = []  # each move of hers: counted by her first
    for start, end in zip(rolls, [*rolls[1:], len(lines)], strict=True):
        move = lines[start:end]
        lands = next((i for i, line in enumerate(move) if LANDS.match(line)), None)
        if lands is None:
            continue  # no move (too far, three chhakkas)
        go = next((i for i, line in enumerate(move) if line.startswith("Asha, your go!")),
                  None)
        moves.append(go is not None)
        if go is None:
            continue
        square = LANDS.match(move[lands]).group(2)  # type: ignore[union-attr]
        assert go < lands and square not in move[1:go], move  # (her roll's own line aside)
        assert move[lands - 1] == square, move  # the last square she stepped to herself
    assert len(moves) >= 5 and keys.spaces >= sum(moves)
    # Level 1: every move; level 2: every other one, from her first.
    assert moves == [level == 1 or i % 2 == 0 for i in range(len(moves))], moves
    heard = bikash.log.lines
    counting = [i for i, line in enumerate(heard) if line == "Asha counts the move."]
    told = [i for i, line in enumerate(heard) if LANDS.match(line)]
    assert len(told) == len(moves) and len(counting) == sum(moves)
    counted = [t for t, hers in zip(told, moves, strict=True) if hers]
    assert all(c < t for c, t in zip(counting, counted, strict=True))
