"""A player's own moves told to her in the second person ("You rolled 4: 14 to 18."), for a
narrator that speaks to one seat (``Narrator.you``: a child's own page at a table, where
her screen reader reads "you", not her name, for what she did). The same events and the
same catalog as the third person; a form with no name in it (the brief ones) stays as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Protocol

from snl_edu.engine import DIE_FACES, Board
from snl_edu.engine.events import (
    Bounced,
    Climbed,
    Entered,
    Event,
    ExtraRoll,
    Moved,
    NeedSix,
    Overshot,
    Rolled,
    Slid,
    TurnLost,
    TurnStarted,
    Won,
)
from snl_edu.language.localizer import Localizer
from snl_edu.vocabulary import Message


class Narrator(Protocol):
    """What of ``snl_edu.play.narration.Narrator`` telling her own moves needs (a protocol:
    the narrator imports this module, so this module cannot import it)."""

    @property
    def you(self) -> int | None: ...
    @property
    def loc(self) -> Localizer: ...
    @property
    def board(self) -> Board: ...
    @property
    def verbosity(self) -> StrEnum: ...
    @property
    def whose_roll(self) -> Callable[[int], str | None] | None: ...
    @property
    def _(self) -> Callable[[str], str]: ...
    def narrate_third_person(self, event: Event) -> list[Message]: ...
    def _jump_name(self, start: int) -> str | None: ...


def told_to_you(narrator: Narrator, event: Event) -> list[Message] | None:
    """The event's first line in the second person, the rest as the narrator tells them
    (counting, numbers skipped, praise); None: told as to anyone."""
    told = narrator.narrate_third_person(event)
    text = _you_text(narrator, event)
    if text is None or not told:
        return None
    # The event's own line: a jump's and a win's come first (then the numbers skipped, the
    # praise), a move's and a roll's last (after the counting, the dots).
    main = 0 if isinstance(event, (Climbed, Slid, Won)) else len(told) - 1
    return [*told[:main], Message(text, told[main].earcon), *told[main + 1:]]


def merged(narrator: Narrator, events: Sequence[Event],
           told: list[list[Message]]) -> list[list[Message]]:
    """Her roll and the plain move it makes in one line ("You rolled 4: 14 to 18."), when
    nothing is said between them (no counting, no dots)."""
    for i in range(len(events) - 1):
        rolled, move = events[i], events[i + 1]
        if not (isinstance(rolled, Rolled) and isinstance(move, (Moved, Entered))
                and rolled.seat == move.seat == narrator.you
                and len(told[i]) == 1 and len(told[i + 1]) == 1):
            continue
        _ = narrator._
        values = {"roll": narrator.loc.number(rolled.value),
                  "start": narrator.loc.number(rolled.square),
                  "end": narrator.loc.number(move.square if isinstance(move, Entered)
                                             else move.end)}
        text = (_("You rolled {roll}: onto the board at {end}.") if isinstance(move, Entered)
                else _("You rolled {roll}: {start} to {end}."))
        told = [*told[:i], [Message(text.format(**values), told[i][0].earcon)], [],
                *told[i + 2:]]
    return told


def _you_text(narrator: Narrator, event: Event) -> str | None:
    _, n, loc = narrator._, narrator.loc.number, narrator.loc
    if narrator.verbosity.value == "brief":
        return None  # no name in those but the roll's, said short as it is
    match event:
        case TurnStarted() if narrator.verbosity.value == "normal" and (
                narrator.whose_roll is None or narrator.whose_roll(event.seat) is None):
            return _("Your turn.")  # (a team's names whose roll it is; full cheers her on)
        case Rolled():
            return _("You rolled a {roll} on the pasa.").format(roll=n(event.value))
        case NeedSix():
            return _("You rolled {roll} and need a {six} to start.").format(
                roll=n(event.value), six=n(DIE_FACES))
        case Entered():
            return _("You come onto the board at square {square}.").format(square=n(event.square))
        case Moved():
            return _("You move from {start} to {end}.").format(start=n(event.start),
                                                             end=n(event.end))
        case Climbed() | Slid():
            return _jump(narrator, event)
        case Overshot():
            return _("Too far! You stay on {square} and need exactly {needed} to finish.").format(
                square=n(event.square), needed=n(event.needed))
        case Bounced():
            return loc.ngettext("You reach {last} and bounce back {back} square to {end}.",
                                "You reach {last} and bounce back {back} squares to {end}.",
                                event.back).format(last=n(narrator.board.last),
                                                   back=n(event.back), end=n(event.end))
        case ExtraRoll() if narrator.whose_roll is None or narrator.whose_roll(event.seat) is None:
            return _("Chhakka! You roll again.")
        case TurnLost():
            return _("Three chhakkas in a row! You stay on {square} and the turn passes.").format(
                square=n(event.square))
        case Won():
            values = {"last": n(narrator.board.last), "place": loc.place(event.place)}
            text = (_("You reach {last} and win!") if event.place == 1
                    else _("You reach {last} and take place {place}."))
            return text.format(**values)
    return None


def _jump(narrator: Narrator, event: Climbed | Slid) -> str:
    _ = narrator._
    values = {"start": narrator.loc.number(event.start), "end": narrator.loc.number(event.end)}
    named = narrator._jump_name(event.start)
    if isinstance(event, Climbed):
        text = (_("Bharyang of {virtue}! You climb from {start} to {end}.") if named
                else _("Bharyang! You climb the ladder from {start} to {end}."))
    else:
        text = (_("Saanp of {vice}! You slide from {start} down to {end}.") if named
                else _("Saanp! You slide down the snake from {start} to {end}."))
    return text.format(virtue=named, vice=named, **values)
