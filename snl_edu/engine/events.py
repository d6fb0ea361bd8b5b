"""Everything that can happen in a game, as small frozen records.

Seats are indices into the game's seat list; narration looks up names.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TurnStarted:
    """A seat's turn begins."""

    seat: int


@dataclass(frozen=True)
class Rolled:
    """The die showed ``value`` for the seat."""

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
    """The token came onto the board, at ``square``."""

    seat: int
    square: int


@dataclass(frozen=True)
class Moved:
    """The token walked from ``start`` to ``end``."""

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
    """A ladder took the token up from ``start`` to ``end``."""

    seat: int
    start: int
    end: int


@dataclass(frozen=True)
class Slid:
    """A snake took the token down from ``start`` to ``end``."""

    seat: int
    start: int
    end: int


@dataclass(frozen=True)
class ExtraRoll:
    """The rules give the same seat another roll."""

    seat: int


@dataclass(frozen=True)
class TurnLost:
    """The third 6 in a row: not moved, the turn passes; earlier moves stand."""

    seat: int
    square: int


@dataclass(frozen=True)
class Won:
    """The seat reached the last square, finishing in ``place``."""

    seat: int
    place: int


@dataclass(frozen=True)
class Standing:
    """One seat's place and square in the final ranking."""

    place: int
    seat: int
    square: int


@dataclass(frozen=True)
class GameOver:
    """The game ended; every seat's standing, best first."""

    ranking: tuple[Standing, ...]


Event = (
    TurnStarted | Rolled | NeedSix | Entered | Moved | Overshot | Bounced
    | Climbed | Slid | ExtraRoll | TurnLost | Won | GameOver
)
