"""Errors the engine raises; each carries the facts a message needs."""

from __future__ import annotations

from typing import ClassVar

from snl_edu.vocabulary import N_, SnlError


class BoardError(SnlError):
    """A board breaks one of the board rules.

    ``rule`` is a stable key ("size", "chain", ...: the checks in ``engine/board.py`` and
    ``board_data.py`` raise them, ``error_text`` phrases each) so it reads in any language; ``start`` and ``end`` name the offending jump when there is one.
    """

    def __init__(
        self,
        rule: str,
        *,
        start: int | None = None,
        end: int | None = None,
        other_start: int | None = None,
        other_end: int | None = None,
        detail: str = "",
        source: str = "",
        squares: tuple[int, ...] = (),
        **details: object,
    ) -> None:
        self.rule = rule
        self.squares = squares  # the squares a "trap" error is about
        self.start = start
        self.end = end
        self.other_start = other_start
        self.other_end = other_end
        self.detail = detail
        self.source = source
        # For the "format" rule ``detail`` is a msgid (``N_``) and ``details`` fill it.
        super().__init__(f"{source + ': ' if source else ''}{rule} {start}->{end} {detail}".strip(),
                         **details)


class GameStateError(SnlError):
    """Saved or replayed game data does not describe a valid game.

    Its message is a msgid (marked with ``N_``); ``details`` fill its placeholders.
    """


class SeatError(SnlError):
    """The seats asked for cannot make a game (count out of range, duplicate or blank name);
    ``details`` fill the reason's message."""

    MESSAGES: ClassVar[dict[str, str]] = {
        "count": N_("A game seats {low} to {high} players, not {count}."),
        "blank": N_("A player's name cannot be empty."),
        "duplicate": N_("Two players are called {name}: each player needs a name of their own."),
    }

    def __init__(self, reason: str, detail: str = "", **details: object) -> None:
        self.reason = reason
        self.detail = detail
        super().__init__(self.MESSAGES[reason], **details)
