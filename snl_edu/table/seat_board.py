"""The child's board on her page: the printed board's squares (``views.board_svg``, in the
table's language and digits), cut to its grid, every token where the game has it, hers
marked, and the way the moving token went, square by square, then up or down."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from snl_edu.engine import Game
from snl_edu.engine.events import Bounced, Climbed, Entered, Event, Moved, Slid
from snl_edu.play.narration import Narrator

Box = tuple[float, float, float, float]  # left, top, right, bottom: shares of the page


def grid_box(centres: dict[int, tuple[float, float]], width: int, height: int) -> Box:
    """The board's grid on the printed page: its squares' centres, and half a square more."""
    xs = [x for x, _ in centres.values()]
    ys = [y for _, y in centres.values()]
    half_x = (max(xs) - min(xs)) / max(1, width - 1) / 2
    half_y = (max(ys) - min(ys)) / max(1, height - 1) / 2
    return (min(xs) - half_x, min(ys) - half_y, max(xs) + half_x, max(ys) + half_y)


def walked(events: Sequence[Event]) -> tuple[int | None, list[int]]:
    """Whose token moved, and the squares it passed, one by one, in order: each square of
    the count, then the end of a ladder or a snake."""
    seat: int | None = None
    squares: list[int] = []
    for event in events:
        if isinstance(event, Entered):
            seat, squares = event.seat, [*squares, *range(1, event.square + 1)]
        elif isinstance(event, Moved):
            seat = event.seat
            squares += range(event.start + 1, event.end + 1)
        elif isinstance(event, Bounced):  # up to the last square, then back to its end
            seat, last = event.seat, event.end + event.back
            squares += [*range(event.start + 1, last + 1), *range(last - 1, event.end - 1, -1)]
        elif isinstance(event, (Climbed, Slid)):
            seat = event.seat
            squares.append(event.end)
    return seat, squares


def board_message(game: Game, narrator: Narrator, centres: dict[int, tuple[float, float]],
                  own: int | None, events: Sequence[Event],
                  going: tuple[int, int] | None = None) -> dict[str, Any]:
    """``going``: (seat, square) of a token in its child's go: drawn where she has moved it
    so far, not where the move ends (which she has yet to find)."""
    at = _places(game, centres)
    mover, squares = walked(events)
    positions = list(game.positions)
    if going is not None:
        positions[going[0]] = going[1]
    return {  # the image (the screen's board, web.py) is the grid alone: drawn whole
        "type": "board", "columns": game.board.width, "rows": game.board.height,
        "tokens": [{"seat": seat + 1, "name": narrator.name(seat), "square": square,
                    "place": narrator.loc.number(seat + 1), "mine": seat == own,
                    "at": at(square),
                    "path": [at(s) for s in squares] if seat == mover else []}
                   for seat, square in enumerate(positions)],
    }


def go_message(game: Game, centres: dict[int, tuple[float, float]],
               square: int | None) -> dict[str, Any]:
    """Her go on her page: the square her next tap moves her token to, and where it is on
    her board (no square: her go is over). Its number is hers to say: not sent."""
    if square is None:
        return {"type": "go", "open": False}
    return {"type": "go", "open": True, "at": _places(game, centres)(square)}


def _places(game: Game, centres: dict[int, tuple[float, float]]
            ) -> Callable[[int], list[float] | None]:
    """Where each square is on her board, as shares of its grid (None: not on it)."""
    left, top, right, bottom = grid_box(centres, game.board.width, game.board.height)

    def at(square: int) -> list[float] | None:
        if square not in centres:
            return None  # not on the board yet
        x, y = centres[square]
        return [round((x - left) / (right - left), 4), round((y - top) / (bottom - top), 4)]

    return at
