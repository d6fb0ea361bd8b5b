"""What the table's notices say: the same line at the host and at every child's computer."""

from __future__ import annotations

import math
from collections.abc import Callable

from snl_edu.engine import Game
from snl_edu.engine.events import GameOver
from snl_edu.language.localizer import Localizer
from snl_edu.play.narration import Narrator
from snl_edu.table.seats import MISSED_BEFORE_COVER, WARNING_BEFORE
from snl_edu.table.wire import Notice
from snl_edu.vocabulary import Message

# The most seconds a client takes from a host's warning (a number past it is not a real
# turn clock's, and spelling a huge one would cost the child's computer).
MAX_WARNING = 3600


def warning_seconds(warning_before: float) -> int:
    """The seconds a warning says are left: the table's warning time, whole, at least one."""
    return max(1, math.ceil(warning_before))


def notice_text(loc: Localizer, notice: Notice, name: str,
                seconds: int = warning_seconds(WARNING_BEFORE)) -> str | None:
    """The line a notice prints; ``seconds``: what a warning says is left of the turn."""
    texts: dict[Notice, Callable[[], str]] = {
        Notice.JOINED: lambda: loc.gettext("{name} has joined the table."),
        Notice.BACK: lambda: loc.gettext("{name} is back at the table."),
        Notice.AWAY: lambda: loc.gettext("{name} has left the table; the seat is kept."),
        Notice.WARNING: lambda: loc.ngettext("{name}, {seconds} second left to roll!",
                                             "{name}, {seconds} seconds left to roll!", seconds),
        Notice.TIME_UP: lambda: loc.gettext("Time is up: rolling for {name}."),
        Notice.AWAY_ROLL: lambda: loc.gettext("{name} is away: rolling for {name}."),
        Notice.COVERED: lambda: loc.ngettext(
            "{name} has missed {missed} turn: the computer rolls for {name} until they are back.",
            "{name} has missed {missed} turns: the computer rolls for {name} until they are back.",
            MISSED_BEFORE_COVER),
        Notice.OTHER_ROLL: lambda: loc.gettext("Wait: it is {name}'s roll."),
        Notice.COUNTING: lambda: loc.gettext("{name} counts the move."),
        Notice.COUNTED: lambda: loc.gettext("Time is up: counting on for {name}."),
        Notice.PAUSED: lambda: loc.gettext("The teacher has paused the game."),
        Notice.RESUMED: lambda: loc.gettext("The game goes on."),
    }
    text = texts.get(notice)
    return text().format(name=name, seconds=loc.words(seconds),
                         missed=loc.words(MISSED_BEFORE_COVER)) if text else None


def ended_by_teacher(loc: Localizer, narrator: Narrator, game: Game) -> list[Message]:
    """The teacher ended the game before its end: that, and the places as it stands, said
    alike at the host and at every child's computer (each in its own language)."""
    return [Message(loc.gettext("The teacher has ended the game.")),
            *narrator.narrate_all([GameOver(game.standings())])[1:]]  # the places alone
