"""Boards that can end: the squares from which a player could never finish.

A board is checked against a finish rule from its move graph: a square traps a
player when a token can get there from the start but no sequence of rolls leads
from there to the last square. Rule options other than the finish rule only delay
a turn (a lost turn, waiting for a 6) and never remove a move, so they cannot trap.
"""

from __future__ import annotations

from snl_edu.engine.board import Board
from snl_edu.engine.errors import BoardError
from snl_edu.engine.rules import Finish
from snl_edu.vocabulary import DIE_FACES


def landing(board: Board, finish: Finish, square: int, roll: int) -> int:
    """Where a token on ``square`` ends after moving ``roll`` squares and taking any jump."""
    last = board.last
    target = square + roll
    if target > last:
        if finish is Finish.EXACT:
            return square
        target = last - (target - last) if finish is Finish.BOUNCE else last
    jump = board.jump_at(target)
    return jump.end if jump is not None else target


def trapping_squares(board: Board, finish: Finish) -> tuple[int, ...]:
    """The squares a token can reach from the start but never leave for the last square."""
    last = board.last
    moves = {square: {landing(board, finish, square, roll) for roll in range(1, DIE_FACES + 1)}
             for square in range(last)}
    reachable = _closure(0, moves)
    back: dict[int, set[int]] = {}
    for square, targets in moves.items():
        for target in targets:
            back.setdefault(target, set()).add(square)
    leads_home = _closure(last, back)
    return tuple(sorted(reachable - leads_home))


def check_can_end(board: Board, finish: Finish, source: str = "") -> None:
    """Raise ``BoardError("trap")`` naming the trapping squares, if there are any."""
    traps = trapping_squares(board, finish)
    if traps:
        raise BoardError("trap", detail=finish.value, source=source or board.name,
                         squares=traps)


def _closure(start: int, edges: dict[int, set[int]]) -> set[int]:
    seen = {start}
    frontier = [start]
    while frontier:
        for nxt in edges.get(frontier.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    return seen
