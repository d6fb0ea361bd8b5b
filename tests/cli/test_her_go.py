"""Her go (snl_edu.play.counting) in the real program on a pseudo-terminal: the keys a
level-1 child presses to move her own token, square by square."""

from __future__ import annotations

import pytest

from tests.cli.terminal import Terminal

pytestmark = pytest.mark.slow

# Seed 5: Asha comes onto the board at 5, then rolls 3 (5 to 8, and the ladder to 30).
GAME = ("play", "--players", "Asha", "--computer", "0", "--seed", "5", "--pace", "0",
        "--lessons", "every", "--level", "1")


def test_enter_after_two_steps_counts_on_from_where_she_stepped_to() -> None:
    with Terminal(*GAME) as terminal:
        terminal.expect("Press Enter to roll the pasa, or h for help.\n")
        terminal.type("\r")
        terminal.expect("Asha, your go!")
        terminal.type("\r")  # the game counts her first go for her
        terminal.expect("To skip, press Escape.\n")
        terminal.type("\x1b")
        terminal.expect("Asha's turn.\n")
        terminal.type("w")  # handled in order: the roll below comes after the turn's own
        terminal.expect("Asha is on square 5")
        terminal.type("\r")
        terminal.expect("You are on 5. Press Space once for each dot")
        terminal.type("  \r")  # two squares herself, then Enter: the game counts the rest
        moved = terminal.expect("Asha moves from 5 to 8.")
        assert "6\n7\nCounting on from seven: eight.\n" in moved, moved
        assert "from five" not in moved and moved.count("six") == 0, moved
        terminal.expect("Count on 6 more: which number do you reach?\n")
        terminal.type("\x1b")
        terminal.expect("we will skip this one")
        terminal.type("qy")
        assert terminal.wait() == 0


def test_a_level_one_child_counts_her_go_on_the_straight_board() -> None:
    with Terminal("play", "--players", "Asha", "--computer", "0", "--seed", "5", "--pace", "0",
                  "--lessons", "every", "--level", "1", "--straight-board", "10") as terminal:
        terminal.expect("Press Enter to roll the pasa, or h for help.\n")
        terminal.type("\r")
        terminal.expect("Asha, your go!")
        terminal.type("     ")  # five presses for the five dots
        moved = terminal.expect("Asha comes onto the board at square 5.")
        assert "1\n2\n3\n4\n5\n" in moved, moved
        terminal.expect("A question for Asha:")
        terminal.type("\x1b")
        terminal.expect("we will skip this one")
        terminal.type("qy")
        assert terminal.wait() == 0
