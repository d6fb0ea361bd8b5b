"""Boards: squares, ladders and snakes, and the rules a board must keep."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from snl_edu.engine.errors import BoardError

MIN_SIDE = 2
MAX_SIDE = 20
# One row is a board too: Siegler & Ramani's straight 1-10 board (snl_edu/boards/straight-10).
MIN_HEIGHT = 1
# A bounce from the square before the end with a 6 must still land on the board.
MIN_LAST_SQUARE = 7


class JumpKind(StrEnum):
    LADDER = "ladder"
    SNAKE = "snake"


@dataclass(frozen=True)
class Jump:
    """A ladder (foot -> top) or a snake (head -> tail), with optional names by language."""

    kind: JumpKind
    start: int
    end: int
    names: Mapping[str, str] = field(default_factory=dict, compare=False, hash=False)

    def name(self, lang: str) -> str | None:
        return self.names.get(lang) or self.names.get("en")


@dataclass(frozen=True)
class Board:
    """A validated board; construct with ``Board.build`` so the rules are checked."""

    name: str
    width: int
    height: int
    jumps: tuple[Jump, ...]
    titles: Mapping[str, str] = field(default_factory=dict, compare=False, hash=False)
    _by_start: Mapping[int, Jump] = field(default_factory=dict, compare=False, hash=False, repr=False)

    @classmethod
    def build(
        cls,
        name: str,
        width: int,
        height: int,
        jumps: Iterable[Jump],
        titles: Mapping[str, str] | None = None,
        source: str = "",
    ) -> Board:
        jump_list = tuple(sorted(jumps, key=lambda j: j.start))
        validate(width, height, jump_list, source=source)
        by_start = MappingProxyType({j.start: j for j in jump_list})
        return cls(name, width, height, jump_list, MappingProxyType(dict(titles or {})), by_start)

    @property
    def last(self) -> int:
        return self.width * self.height

    @property
    def ladders(self) -> tuple[Jump, ...]:
        return tuple(j for j in self.jumps if j.kind is JumpKind.LADDER)

    @property
    def snakes(self) -> tuple[Jump, ...]:
        return tuple(j for j in self.jumps if j.kind is JumpKind.SNAKE)

    def jump_at(self, square: int) -> Jump | None:
        return self._by_start.get(square)

    def title(self, lang: str) -> str:
        return self.titles.get(lang) or self.titles.get("en") or self.name

    def cell(self, square: int) -> tuple[int, int]:
        """(row from the top, column from the left) of a square on the boustrophedon grid."""
        index = square - 1
        row_from_bottom, offset = divmod(index, self.width)
        column = offset if row_from_bottom % 2 == 0 else self.width - 1 - offset
        return self.height - 1 - row_from_bottom, column

    def across(self, square: int) -> float:
        """Where a square lies from the board's left edge (0) to its right (1): rows run
        left to right and right to left in turn, so a row is heard going back."""
        return self.cell(square)[1] / (self.width - 1)

    def to_data(self) -> dict[str, Any]:
        """Plain data (the TOML file's shape), so a saved game carries its board."""
        data: dict[str, Any] = {
            "name": self.name,
            "width": self.width,
            "height": self.height,
            "title": dict(self.titles),
        }
        for kind, key in ((JumpKind.LADDER, "ladders"), (JumpKind.SNAKE, "snakes")):
            data[key] = [
                {"from": j.start, "to": j.end, **({"name": dict(j.names)} if j.names else {})}
                for j in self.jumps
                if j.kind is kind
            ]
        return data


def validate(width: int, height: int, jumps: tuple[Jump, ...], source: str = "") -> None:
    """Raise ``BoardError`` naming the first broken rule and the jump that breaks it."""
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_HEIGHT <= height <= MAX_SIDE):
        raise BoardError("size", detail=f"{width}x{height}", source=source)
    last = width * height
    if last < MIN_LAST_SQUARE:
        raise BoardError("size", detail=f"{width}x{height}", source=source)
    starts: dict[int, Jump] = {}
    for jump in jumps:
        if not 1 <= jump.start <= last - 1:
            raise _broken(jump, "start-range", source, str(last))
        if not 1 <= jump.end <= last:
            raise _broken(jump, "end-range", source, str(last))
        if jump.kind is JumpKind.LADDER and jump.end <= jump.start:
            raise _broken(jump, "ladder-not-up", source)
        if jump.kind is JumpKind.SNAKE and jump.end >= jump.start:
            raise _broken(jump, "snake-not-down", source)
        if jump.start in starts:
            raise _broken(jump, "same-start", source, other=starts[jump.start])
        starts[jump.start] = jump
    for jump in jumps:
        if jump.end in starts:
            raise _broken(jump, "chain", source, other=starts[jump.end])


def _broken(jump: Jump, rule: str, source: str, detail: str = "",
            other: Jump | None = None) -> BoardError:
    """The error for a jump breaking a rule, naming the other jump involved if any."""
    return BoardError(rule, start=jump.start, end=jump.end, detail=detail, source=source,
                      other_start=other.start if other else None,
                      other_end=other.end if other else None)
