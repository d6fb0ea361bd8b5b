"""Teams: a seat shared by two or three children who take turns rolling its one token.

The engine knows seats, not children. A team is a seat whose name lists its children
joined by "+", as the teacher writes it (``--team "Asha+Bikash"``), so a saved game, a
resumed one and every computer at the classroom table know the team from the game itself.

Whose roll it is follows from the game's rolls alone: the children take the seat's turns in
order, and a chhakka's extra roll stays with the child who rolled it. Nothing beside the
rolls needs saving, so a resumed game or a restarted table goes on with the right child.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING

from snl_edu.engine import Game, Seat
from snl_edu.engine.events import TurnStarted
from snl_edu.safe_text import MAX_NAME, clean_name, name_key
from snl_edu.vocabulary import N_, TEAM_SEPARATOR, SnlError

if TYPE_CHECKING:
    from snl_edu.language.localizer import Localizer

SEPARATOR = TEAM_SEPARATOR
SIZES = (2, 3)
# A learner's progress is one child's: each child of a team keeps their own.
ONE_CHILD = N_("A learner is one child, so the name cannot hold \"+\": each child of a team "
               "keeps their own progress.")


class TeamError(SnlError):
    """A ``--team`` that cannot be a team (one child, four, a blank name, too long)."""


def members(seat: Seat) -> tuple[str, ...]:
    """A team seat's children in the order they roll; () for a child alone or a computer."""
    if seat.computer or SEPARATOR not in seat.name:
        return ()
    names = tuple(seat.name.split(SEPARATOR))
    return names if len(names) in SIZES and all(names) else ()


def said(seat: Seat, loc: Localizer) -> str:
    """A seat's name as every sentence says it: a team's children joined by the language's
    own "and" ("Asha and Bikash", "आशा र विकास"); any other seat's name as it is.

    Only the command line writes a team with "+": eSpeak NG and screen readers read it
    as "plus", and a sentence is printed, read by a screen reader and spoken alike.
    """
    names = members(seat)
    return loc.join(names) if names else seat.name


def children(seats: Sequence[Seat]) -> list[str]:
    """Every child at the game: each team's members, and each human seat's player."""
    return [name for seat in seats if not seat.computer for name in members(seat) or (seat.name,)]


def team_seat_name(text: str) -> str:
    """The seat name of a team as written on the command line, each name cleaned of
    control characters; ``TeamError`` unless it is two or three names within the name limit."""
    names = [clean_name(name, limit=len(text)) for name in text.split(SEPARATOR)]
    shown = repr(_shown(text))
    if len(names) not in SIZES:
        raise TeamError(N_("A team is two or three children, such as \"Asha+Bikash\": "
                           "{team} is not."), team=shown)
    if not all(names):
        raise TeamError(N_("A name in the team {team} is empty."), team=shown)
    if len({name_key(name) for name in names}) != len(names):
        raise TeamError(N_("The team {team} names one child twice."), team=shown)
    seat_name = SEPARATOR.join(names)
    if len(seat_name) > MAX_NAME:
        raise TeamError(N_("The team {team} has {length} characters: a team's names together "
                           "have at most {limit}."), team=shown, length=len(seat_name),
                        limit=MAX_NAME)
    return seat_name


def _shown(text: str) -> str:
    """The team as typed, made visible, for a message: a long one is cut with "…", so
    the cut is never taken for what was typed."""
    whole = clean_name(text, limit=len(text))
    return whole if len(whole) <= 2 * MAX_NAME else whole[:2 * MAX_NAME - 1] + "…"


class Rotation:
    """Whose roll it is within each team, worked out from a game's rolls.

    It replays the rolls on a copy of the game (once: later calls play only the new ones),
    counting the turns each team seat has begun. Any thread may ask (at the table, the
    one telling the moves and the one asking the questions): one at a time.
    """

    def __init__(self, seats: Sequence[Seat]) -> None:
        self.teams = {index: names for index, seat in enumerate(seats)
                      if (names := members(seat))}
        self._copy: Game | None = None
        self._begun: list[int] = []  # turns each seat has begun, the current one included
        self._rollers: list[tuple[int, int]] = []  # each roll's seat and member number
        self._lock = threading.Lock()

    def __bool__(self) -> bool:
        return bool(self.teams)

    def due(self, game: Game, seat: int) -> str | None:
        """The child who rolls in the seat's turn now (or its next one, if it is another
        seat's turn); None for a seat that is not a team."""
        team = self.teams.get(seat)
        if team is None:
            return None
        with self._lock:
            self._follow(game)
            return team[self._due_index(game, seat)]

    def roller(self, game: Game, seat: int) -> str | None:
        """The child who made the seat's latest roll (whose lesson follows it)."""
        team = self.teams.get(seat)
        if team is None:
            return None
        with self._lock:
            self._follow(game)
            return next((team[index] for rolled_by, index in reversed(self._rollers)
                         if rolled_by == seat), None)

    def _due_index(self, game: Game, seat: int) -> int:
        begun = self._begun[seat]
        return (begun - 1 if game.current == seat else begun) % len(self.teams[seat])

    def _follow(self, game: Game) -> None:
        copy = self._copy
        known = len(copy.rolls) if copy is not None else 0
        if copy is None or copy.rolls != game.rolls[:known]:
            copy = self._copy = Game(game.board, game.rules, game.seats)
            self._begun = [1 if seat == copy.current else 0 for seat in range(len(game.seats))]
            self._rollers = []
            known = 0
        for roll in game.rolls[known:]:
            seat = copy.current
            self._rollers.append((seat, self._due_index(copy, seat) if seat in self.teams
                                  else 0))
            for event in copy.play(roll):
                if isinstance(event, TurnStarted):
                    self._begun[event.seat] += 1
