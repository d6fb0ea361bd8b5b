"""The game: positions, whose turn, and what one roll of the die does.

Pure and deterministic: rolls come from outside, so a game replays exactly
from its list of rolls.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from snl_edu.engine.board import Board
from snl_edu.engine.board_data import board_from_data
from snl_edu.engine.errors import BoardError, GameStateError, SeatError
from snl_edu.engine.events import Event, GameOver, Standing, TurnStarted, Won
from snl_edu.engine.rules import Rules
from snl_edu.engine.step import MoveKey, Played, moves_for
from snl_edu.vocabulary import DIE_FACES, N_

MIN_SEATS = 1
MAX_SEATS = 8
SAVE_FORMAT = 1


# Made once, not for every game (a simulation starts thousands): events are frozen.
_TURN_STARTED = tuple(TurnStarted(seat) for seat in range(MAX_SEATS))
_NEXT_SEAT = {count: tuple((seat + 1) % count for seat in range(count))
              for count in range(MIN_SEATS, MAX_SEATS + 1)}


@dataclass(frozen=True)
class Seat:
    name: str
    computer: bool = False


def check_seats(seats: Sequence[Seat]) -> None:
    if not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise SeatError("count", str(len(seats)), low=MIN_SEATS, high=MAX_SEATS,
                        count=len(seats))
    seen: set[str] = set()
    for seat in seats:
        if not seat.name.strip():
            raise SeatError("blank")
        key = seat.name.strip().casefold()
        if key in seen:
            raise SeatError("duplicate", seat.name, name=seat.name)
        seen.add(key)


class Game:
    def __init__(self, board: Board, rules: Rules, seats: Sequence[Seat]) -> None:
        check_seats(seats)
        self.board = board
        self.rules = rules
        self.seats: tuple[Seat, ...] = tuple(seats)
        self.positions: list[int] = [0] * len(seats)
        self.current = 0
        self.sixes_in_row = 0
        self.finished: list[int] = []
        self.rolls: list[int] = []
        self.ranking: tuple[Standing, ...] | None = None
        self.over = False  # a plain attribute: a simulation asks after every roll
        self._moves = moves_for(board, rules)
        self._played = self._moves.known
        self._turn_started = _TURN_STARTED[:len(self.seats)]
        self._next_seat = _NEXT_SEAT[len(self.seats)]

    def opening(self) -> list[Event]:
        """The events that announce the turn now due (the start, or a resumed game)."""
        return [] if self.over else [self._turn_started[self.current]]

    def play(self, roll: int) -> list[Event]:
        """Apply one roll of the die for the seat whose turn it is (see ``step``)."""
        if self.over:
            raise GameStateError(N_("the game is over"))
        if type(roll) is not int:  # True is no face, though it is equal to 1
            raise GameStateError(N_("a die shows 1 to {faces}, not {roll}"), faces=DIE_FACES,
                                 roll=repr(roll))
        seat = self.current
        key = (seat, self.positions[seat], self.sixes_in_row, roll)
        # Only a face already played is known, so a roll is checked once it is not.
        square, sixes, turn_ends, won, made = self._played.get(key) or self._new_move(key)
        self.rolls.append(roll)
        self.positions[seat] = square
        self.sixes_in_row = sixes
        if turn_ends and not self.finished:
            # The common case, kept short: nobody has finished, so the next seat plays.
            self.current = following = self._next_seat[seat]
            return [*made, self._turn_started[following]]
        events = list(made)
        if won:
            self._finish(seat, events)
        elif turn_ends:
            self._pass_turn(events)
        return events

    def _new_move(self, key: MoveKey) -> Played:
        roll = key[-1]
        if not 1 <= roll <= DIE_FACES:
            raise GameStateError(N_("a die shows 1 to {faces}, not {roll}"), faces=DIE_FACES,
                                 roll=roll)
        return self._moves.play(key)

    def _finish(self, seat: int, events: list[Event]) -> None:
        self.finished.append(seat)
        events.append(Won(seat, len(self.finished)))
        still_playing = len(self.seats) - len(self.finished)
        if self.rules.play_to_end and still_playing > 1:
            self._pass_turn(events)
            return
        self.ranking = self.standings()
        self.over = True
        events.append(GameOver(self.ranking))

    def standings(self) -> tuple[Standing, ...]:
        """The places as the game stands: the finished in the order they finished, then the
        rest by square (a shared square, a shared place); at the end, the ranking."""
        standings = [Standing(place, seat, self.positions[seat])
                     for place, seat in enumerate(self.finished, start=1)]
        rest = sorted((s for s in range(len(self.seats)) if s not in self.finished),
                      key=lambda s: (-self.positions[s], s))
        place = len(standings)
        previous: int | None = None
        for index, seat in enumerate(rest):
            square = self.positions[seat]
            if square != previous:
                place = len(self.finished) + index + 1
                previous = square
            standings.append(Standing(place, seat, square))
        return tuple(standings)

    def _pass_turn(self, events: list[Event]) -> None:
        self.sixes_in_row = 0
        count = len(self.seats)
        candidate = self.current
        for _ in range(count):
            candidate = candidate + 1 if candidate + 1 < count else 0
            if candidate not in self.finished:
                self.current = candidate
                break
        events.append(self._turn_started[self.current])

    # -- plain data -------------------------------------------------------------

    @classmethod
    def replay(cls, board: Board, rules: Rules, seats: Sequence[Seat],
               rolls: Iterable[int]) -> Game:
        game = cls(board, rules, seats)
        for roll in rolls:
            game.play(roll)
        return game

    def to_data(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "board": self.board.to_data(),
            "rules": self.rules.to_data(),
            "seats": [{"name": s.name, "computer": s.computer} for s in self.seats],
            "rolls": list(self.rolls),
            "positions": list(self.positions),
            "current": self.current,
        }

    @classmethod
    def from_data(cls, data: Any) -> Game:
        """Rebuild by replaying the rolls, then check the stored positions agree."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise GameStateError(N_("not a saved game of a known format"))
        try:
            board = board_from_data(data.get("board"))
        except BoardError as error:  # the game's own copy, not a file the reader can open
            raise GameStateError(N_("its board is malformed")) from error
        rules = Rules.from_data(data.get("rules"))
        raw_seats = data.get("seats")
        if not isinstance(raw_seats, list) or not all(
            isinstance(s, dict) and isinstance(s.get("name"), str)
            and isinstance(s.get("computer", False), bool) for s in raw_seats
        ):
            raise GameStateError(N_("seats are malformed"))
        seats = [Seat(s["name"], s.get("computer", False)) for s in raw_seats]
        rolls = data.get("rolls")
        if not isinstance(rolls, list) or not all(type(r) is int for r in rolls):
            raise GameStateError(N_("rolls are malformed"))
        game = cls.replay(board, rules, seats, rolls)
        if data.get("positions") != game.positions or data.get("current") != game.current:
            raise GameStateError(N_("stored positions do not match the rolls"))
        return game
