"""Her go at the table (snl_edu.table.client.goes): a level-1 child at `snl table join`
counts her own move, square by square, before anyone says where she lands. A real
`snl table host` and real clients on pseudo-terminals, on loopback."""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.cli.terminal import Terminal

from .test_cli_table import WAIT, read_until, snl, unique_table_name

pytestmark = pytest.mark.slow

# Seed 5: Asha rolls 5 (onto the board at 5), then Bikash 3.
LANDING = "Asha comes onto the board at square 5."


@contextmanager
def level_one_table(tmp_path: Path, clock: str = "0") -> Iterator[tuple[
        subprocess.Popen[str], Terminal, Terminal]]:
    """A real host whose teacher set lessons at level 1 for every seat, and Asha's and
    Bikash's computers joined to it (each with its own data folder)."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "SNL_DATA_DIR": str(tmp_path / "host")}
    host = subprocess.Popen(
        snl("table", "host", "--players", "Asha,Bikash", "--lessons", "every", "--level", "1",
            "--history", "off", "--bind", "127.0.0.1", "--port", "0", "--seed", "5",
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
