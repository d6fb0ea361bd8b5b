"""A lesson question is part of the game, in a real terminal: the review and exploring
keys work while it is open, help lists its keys, and Ctrl-C during it keeps it for
the resumed game."""

from __future__ import annotations

from pathlib import Path

from tests.cli.terminal import Terminal

GAME = ("play", "--players", "Asha", "--computer", "0", "--seed", "2", "--pace", "0",
        "--lessons", "every", "--level", "1")


def _question(terminal: Terminal) -> str:
    """Roll, and the question's prompt: the line after its introduction."""
    terminal.expect("Press Enter to roll the pasa, or h for help.\n")
    terminal.type("\r")
    terminal.expect("Asha, your go!")  # her own go at level 1: Enter leaves it to the game
    terminal.type("\r")
    terminal.expect("A question for Asha:\n")
    return terminal.expect("\n").strip()


def test_review_and_exploring_keys_work_while_a_question_is_open(tmp_path: Path) -> None:
    with Terminal(*GAME, env={"SNL_DATA_DIR": str(tmp_path)}) as terminal:
        prompt = _question(terminal)
        terminal.type("w")
        terminal.expect("Asha is on square ")
        terminal.type("a")
        terminal.expect(" away")  # what lies ahead, or the last square's distance
        terminal.type("r")
        terminal.expect(prompt)  # r: the question again
        terminal.type("h")
        terminal.expect("During a question: type the number and press Enter. Enter alone "
                        "asks it again, r too; Escape skips it.")
        terminal.type("\x1b")
        terminal.expect("That is fine, we will skip this one.")
        assert "Please answer with a number" not in terminal.output
        terminal.type("qy")
        assert terminal.wait() == 0


def test_a_question_open_when_the_game_stopped_is_asked_again_on_resume(
        tmp_path: Path) -> None:
    data = {"SNL_DATA_DIR": str(tmp_path)}
    with Terminal(*GAME, env=data) as terminal:
        prompt = _question(terminal)
        terminal.interrupt()
        terminal.expect("snl play --resume 1")
        assert terminal.wait() == 1
    with Terminal("play", "--resume", env=data) as resumed:
        resumed.expect("Continuing game 1.")
        resumed.expect("A question for Asha:\n" + prompt)
        resumed.type("\x1b")  # skipped now: a third run would not ask it again
        resumed.expect("That is fine, we will skip this one.")
        resumed.type("qy")
        assert resumed.wait() == 0
    with Terminal("play", "--resume", env=data) as again:
        again.expect("Continuing game 1.")
        again.expect("Press Enter to roll the pasa, or h for help.\n")
        assert "A question for Asha" not in again.output
        again.type("qy")
        assert again.wait() == 0


def test_a_and_home_in_a_question_describe_the_token_of_the_child_it_is_for(
        tmp_path: Path) -> None:
    """The turn has passed to Bikash (still off the board) while Asha's question is open:
    a and Home are about Asha's token on 2, not Bikash's."""
    with Terminal("play", "--players", "Asha,Bikash", "--seed", "1", "--pace", "0",
                  "--lessons", "every", "--level", "1",
                  env={"SNL_DATA_DIR": str(tmp_path)}) as terminal:
        _question(terminal)
        terminal.type("w")
        terminal.expect("Asha is on square 2.\nBikash is not yet on the board.\n")
        terminal.type("a")
        assert terminal.expect("climbs to 30.\n").strip() == (
            "A ladder on 3, a roll of 1 away, climbs to 22.\n"
            "A ladder on 8, a roll of 6 away, climbs to 30.")
        terminal.type("]\x1b[H")
        terminal.expect("Square 3. A ladder climbs from here to 22.\nSquare 2. Asha is here.\n")
        terminal.type("\x1b")
        terminal.expect("That is fine, we will skip this one.")
        terminal.type("qy")
        assert terminal.wait() == 0
