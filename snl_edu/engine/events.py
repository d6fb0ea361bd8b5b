"""Everything that can happen in a game, as small frozen records.

Seats are indices into the game's seat list; narration looks up names.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TurnStarted:
    seat: int


@dataclass(frozen=True)
class Rolled:
    seat: int
    value: int
    square: int  # where the token stands before the roll (0 = off the board)


@dataclass(frozen=True)
class NeedSix:
    """Six to start: the token stays off the board until a 6."""

    seat: int
    value: int


@dataclass(frozen=True)
class Entered:
    seat: int
    square: int


@dataclass(frozen=True)
class Moved:
    seat: int
    start: int
    end: int


@dataclass(frozen=True)
class Overshot:
    """Exact finish: the roll would pass the last square, so the token stays."""

    seat: int
    square: int
    value: int
    needed: int


@dataclass(frozen=True)
class Bounced:
    """Bounce finish: walked to the last square and back ``back`` squares."""

    seat: int
    start: int
    end: int
    back: int


@dataclass(frozen=True)
class Climbed:
    seat: int
    start: int
    end: int


@dataclass(frozen=True)
class Slid:
    seat: int
    start: int
    end: int


@dataclass(frozen=True)
class ExtraRoll:
    seat: int


@dataclass(frozen=True)
class TurnLost:
    """The third 6 in a row: not moved, the turn passes; earlier moves stand."""

    seat: int
    square: int


@dataclass(frozen=True)
class Won:
    seat: int
    place: int


@dataclass(frozen=True)
class Standing:
    place: int
    seat: int
    square: int


@dataclass(frozen=True)
class GameOver:
    ranking: tuple[Standing, ...]


Event = (
    TurnStarted | Rolled | NeedSix | Entered | Moved | Overshot | Bounced
    | Climbed | Slid | ExtraRoll | TurnLost | Won | GameOver
)
