"""`snl play --team` in a real terminal: the children of a team take turns, each answers
the question after their own roll, and a resumed game goes on with the right child."""

from __future__ import annotations

from pathlib import Path

import pytest

from snl_edu.store import open_store
from snl_edu.store.progress import ProgressStore
from tests.cli.terminal import Terminal

pytestmark = pytest.mark.slow

ESCAPE = "\x1b"  # skips a question: the skip is kept in the child's progress too


def answers(data: Path, learner: str) -> int:
    with open_store(data) as store:
        progress = ProgressStore(store)
        return len(progress.answers(learner)) if progress.exists(learner) else 0


def test_a_team_takes_turns_and_each_child_gets_the_lesson_after_their_own_roll(
        tmp_path: Path) -> None:
    data = tmp_path / "data"
    game = ("play", "--team", "Asha+Bikash", "--computer", "1", "--seed", "2", "--pace", "0",
            "--lessons", "every", "--level", "1", "--history", "off", "--lang", "en",
            "--data-dir", str(data))
    with Terminal(*game) as terminal:
        terminal.expect("Asha and Bikash's turn: it is Asha's roll.")
        terminal.type("\r")
        terminal.expect("Asha, your go!")  # the child whose roll it is moves the token
        terminal.type("\r")
        terminal.expect("A question for Asha:")
        terminal.expect("To skip, press Escape")
        terminal.type(ESCAPE)
        terminal.expect("Asha and Bikash's turn: it is Bikash's roll.")
        terminal.type("q")
        terminal.expect("Quit the game?")
        terminal.type("y")
        terminal.expect("snl play --resume 1")
        assert terminal.wait() == 0
    assert (answers(data, "Asha"), answers(data, "Bikash")) == (1, 0)

    # No pause before the computer's roll: this test is not about the pace.
    with Terminal("play", "--resume", "--pace", "0", "--data-dir", str(data)) as terminal:
        terminal.expect("Continuing game 1.")
        terminal.expect("Asha and Bikash's turn: it is Bikash's roll.")  # not Asha's again
        terminal.type("\r")
        terminal.expect("Bikash, your go!")
        terminal.type("\r")
        asked = terminal.expect("To skip, press Escape")
        assert "A question for Bikash:" in asked
        terminal.type(ESCAPE)
        terminal.expect("Asha and Bikash's turn: it is Asha's roll.")
        terminal.type("qy")
        assert terminal.wait() == 0
    assert (answers(data, "Asha"), answers(data, "Bikash")) == (1, 1)


def test_a_team_of_one_is_one_clear_line_in_the_teachers_language(tmp_path: Path) -> None:
    with Terminal("play", "--team", "Asha", "--lang", "ne", "--data-dir",
                  str(tmp_path)) as terminal:
        assert terminal.wait() != 0
    assert "टोलीमा दुई वा तीन जना बालबालिका हुन्छन्" in terminal.output
    assert "Traceback" not in terminal.output
