"""The listener's contract, as any front end (a terminal, a table client, a browser seat)
meets it: lines go to a sink it never asks about, an open question stays last."""

from __future__ import annotations

import threading
from collections.abc import Sequence

from snl_edu.boards import load_board
from snl_edu.engine import Game, Rules, Seat
from snl_edu.inputs.commands import Action, Command
from snl_edu.language.localizer import Localizer
from snl_edu.play.listener import Listener
from snl_edu.play.narration import Narrator
from snl_edu.vocabulary import Message


class Page:
    """A sink that is neither a terminal nor a socket: it keeps blocks, as a page would."""

    def __init__(self) -> None:
        self.blocks: list[list[str]] = []
        self.typed = ""

    def show_all(self, messages: Sequence[Message]) -> None:
        self.blocks.append([message.text for message in messages])

    def echo(self, text: str) -> None:
        self.typed += text

    @property
    def lines(self) -> list[str]:
        return [line for block in self.blocks for line in block]


class Keys:
    def __init__(self, *commands: Command | None) -> None:
        self.commands = list(commands)
        self.interactive = True

    def next_command(self, timeout: float | None = None) -> Command | None:
        return self.commands.pop(0) if self.commands else None


def listener(page: Page) -> Listener:
    loc = Localizer.create("en")
    game = Game(load_board("moksha-patam"), Rules(), [Seat("Asha"), Seat("Bikash")])
    return Listener(loc.gettext, page, game, Narrator(loc, game.board, game.seats), seat=0)


def test_an_open_question_is_said_again_below_news_once_and_never_after_it_is_over() -> None:
    page = Page()
    hears = listener(page)
    hears.show_all([Message("A question for Asha:"), Message("What is 2 and 3?")])
    hears.asking([Message("What is 2 and 3?")])
    assert hears.question_open
    hears.news([Message("The teacher has paused the game.")])
    assert page.lines[-2:] == ["The teacher has paused the game.", "What is 2 and 3?"]
    with hears.meanwhile():  # a move and its card: the question once, after both
        hears.news([Message("Bikash rolled a 3.")])
        hears.show_all([Message("From the history of Moksha Patam: ...")])
    assert page.lines[-3:] == ["Bikash rolled a 3.", "From the history of Moksha Patam: ...",
                               "What is 2 and 3?"]
    hears.echo("5")
    hears.handle(Command(Action.PREVIOUS))  # reading back is not news: no question after it
    assert page.lines[-1] == "From the history of Moksha Patam: ..." and page.typed == "5"
    hears.answered()
    hears.news([Message("The game goes on.")])
    assert page.lines[-1] == "The game goes on." and not hears.question_open


def test_a_roll_is_said_then_its_turn_called_and_r_repeats_both() -> None:
    page = Page()
    hears = listener(page)
    assert hears.game is not None
    call_next_turn = hears.roll(hears.game.play(3))
    moved = list(page.lines)
    assert moved and not any("turn" in line for line in moved)
    call_next_turn()
    called = page.lines[len(moved):]
    assert called == ["Bikash's turn."]
    hears.handle(Command(Action.REPEAT))
    assert page.lines[-len(moved) - 1:] == moved + called
    assert hears.narrator is not None
    mine, his = (hears.narrator.ahead(hears.game, seat) for seat in (0, 1))
    hears.handle(Command(Action.AHEAD))  # Asha's way ahead, though it is Bikash's turn
    assert page.blocks[-1] == [m.text for m in mine] != [m.text for m in his]


def test_a_confirmation_is_yes_no_or_asked_again_and_an_end_cuts_it_short() -> None:
    page = Page()
    hears = listener(page)
    assert hears.confirm("Leave?", Keys(Command(Action.HELP), Command(Action.YES)))
    assert page.lines == ["Leave?", "Please press y for yes or n for no."]
    assert not hears.confirm("Leave?", Keys(None))  # no input: no
    assert page.lines[-1] == "Let us play on."
    ended = threading.Event()
    ended.set()
    assert not hears.confirm("Leave?", Keys(Command(Action.YES)), until=ended)
