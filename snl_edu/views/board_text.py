"""A board as text: a grid for sighted players and a linear list for everyone."""

from __future__ import annotations

from collections.abc import Sequence

import click

from snl_edu.engine import Board, Jump, JumpKind
from snl_edu.language.localizer import Localizer
from snl_edu.vocabulary import N_

# One letter each, in the reader's script (a Nepali grid marks भ and स, not L and S).
LADDER_MARK = N_("L")
SNAKE_MARK = N_("S")


def _jump_line(jump: Jump, loc: Localizer) -> str:
    _ = loc.gettext
    values = {"start": loc.number(jump.start), "end": loc.number(jump.end)}
    name = jump.name(loc.language)
    if jump.kind is JumpKind.LADDER:
        if name:
            return _("Ladder of {name}: from {start} up to {end}.").format(name=name, **values)
        return _("Ladder: from {start} up to {end}.").format(**values)
    if name:
        return _("Snake of {name}: from {start} down to {end}.").format(name=name, **values)
    return _("Snake: from {start} down to {end}.").format(**values)


def board_lines(board: Board, loc: Localizer) -> list[str]:
    """Every ladder, then every snake, one per line, in square order."""
    values = {"title": board.title(loc.language), "last": loc.number(board.last),
              "width": loc.number(board.width), "height": loc.number(board.height),
              "first": loc.number(1)}
    if board.height == 1:  # a straight board: one row, read as a number line
        header = loc.gettext("{title}: {last} squares in one row, {first} on the left to "
                             "{last} on the right.").format(**values)
    else:
        header = loc.gettext("{title}: {last} squares, {width} across and {height} up.").format(
            **values)
    return [header] + [_jump_line(j, loc) for j in board.ladders + board.snakes]


def board_grid(board: Board, loc: Localizer, colour: bool = False,
               tokens: Sequence[tuple[str, int]] = ()) -> list[str]:
    """Rows from the top; a ladder foot is marked L and a snake head S, colour only adds.
    With ``tokens`` (each player's name and square, in seat order) each token on the board is
    marked on its square by the player's number in brackets, and a line says whose is which."""
    ladder, snake = loc.gettext(LADDER_MARK), loc.gettext(SNAKE_MARK)
    here: dict[int, list[str]] = {}
    for number, (_, square) in enumerate(tokens, start=1):
        if square > 0:
            here.setdefault(square, []).append(loc.number(number))
    texts = {}
    for square in range(1, board.last + 1):
        jump = board.jump_at(square)
        mark = "" if jump is None else ladder if jump.kind is JumpKind.LADDER else snake
        on = f"({','.join(here[square])})" if square in here else ""
        texts[square] = (loc.number(square) + mark + on, mark)
    width = max([len(loc.number(board.last)) + max(len(ladder), len(snake))]
                + [len(text) for text, _ in texts.values()])
    rows: list[list[str]] = [[""] * board.width for _ in range(board.height)]
    for square, (text, mark) in texts.items():
        cell = text.rjust(width)
        if colour and mark:
            cell = click.style(cell, fg="green" if mark == ladder else "red", bold=True)
        row, column = board.cell(square)
        rows[row][column] = cell
    legend = [loc.gettext("{ladder} marks a ladder's foot, {snake} a snake's head.").format(
        ladder=ladder, snake=snake)]
    if tokens:
        # Numbered items need no "and", which would run into a team's own ("(3) Sita and Ramesh").
        legend.append(loc.gettext("In brackets, each player's number: {players}.").format(
            players=", ".join(f"({loc.number(number)}) {name}"
                              for number, (name, _) in enumerate(tokens, start=1))))
    return [" ".join(row) for row in rows] + legend
