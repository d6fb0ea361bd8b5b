"""A board as a printable A4 SVG: numbered squares, ladders, snakes and a legend.

Written by hand (no drawing library); every piece of text is XML-escaped and the
fonts it uses are embedded (snl_edu.views.printing). The legend repeats every jump as a
sentence, laid out from the fonts' real widths, and the SVG's <title> and <desc>
carry the same for screen readers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from snl_edu.engine import Board, Jump, JumpKind
from snl_edu.language.localizer import Localizer
from snl_edu.views.board_text import board_lines
from snl_edu.views.printing.page import LINE_HEIGHT, MARGIN, PAGE_HEIGHT, PAGE_WIDTH, Page, wrap
from snl_edu.views.printing.page import num as _num

GRID_TOP = 26.0
LEGEND_GAP = 6.0
COLUMN_GAP = 6.0
ENTRY_GAP = 0.35  # extra space between two legend entries, as a share of the font size
# The legend shrinks (down to its floor) before the grid gives up more than this
# share of its full size; past the floor the grid gives way, so nothing leaves the page.
GRID_KEEP = 0.85
ONE_ROW_DROP = 0.27  # share of a square: a straight board's jumps, under its numbers


@dataclass(frozen=True)
class Style:
    """Colours and sizes; large print is high-contrast with numbers a sighted child
    with low vision can read at arm's length."""

    light: str
    dark: str
    grid: str
    grid_width: float
    number_scale: float  # font size as a share of a square's side
    number_bold: bool
    number_centred: bool
    ladder: str
    snake: str
    jump_scale: float  # stroke width as a share of a square's side
    legend_size: float  # mm
    legend_floor: float  # mm: the legend shrinks to this before the grid does
    title_size: float  # mm
    names_on_board: bool
    anchor_drop: float  # jumps start and end this share of a square below its centre


NORMAL = Style(light="#fffdf5", dark="#f3e9cf", grid="#8a7a5a", grid_width=0.3,
               number_scale=0.24, number_bold=False, number_centred=False,
               ladder="#2e7d32", snake="#c62828", jump_scale=0.07, legend_size=3.4,
               legend_floor=2.6,
               title_size=9.0, names_on_board=True, anchor_drop=0.0)
LARGE_PRINT = Style(light="#ffffff", dark="#ffffff", grid="#000000", grid_width=0.8,
                    number_scale=0.42, number_bold=True, number_centred=True,
                    ladder="#004d00", snake="#b00000", jump_scale=0.10, legend_size=5.6,
                    legend_floor=4.4,
                    title_size=11.0, names_on_board=False, anchor_drop=0.22)


class _Layout:
    def __init__(self, board: Board, style: Style, cell: float) -> None:
        self.cell = cell
        self.left = (PAGE_WIDTH - self.cell * board.width) / 2
        self.top = GRID_TOP
        self.bottom = self.top + self.cell * board.height
        self.board = board
        # Large numbers fill the top of a square; jumps meet it lower down, clear of them.
        # On one row (a straight board) a jump runs along the row, below its numbers.
        self.drop = self.cell * (ONE_ROW_DROP if board.height == 1 else style.anchor_drop)

    def corner(self, square: int) -> tuple[float, float]:
        row, column = self.board.cell(square)
        return self.left + column * self.cell, self.top + row * self.cell

    def centre(self, square: int) -> tuple[float, float]:
        x, y = self.corner(square)
        return x + self.cell / 2, y + self.cell / 2 + self.drop


def _ladder(jump: Jump, layout: _Layout, style: Style) -> list[str]:
    (x1, y1), (x2, y2) = layout.centre(jump.start), layout.centre(jump.end)
    length = math.hypot(x2 - x1, y2 - y1)
    nx, ny = -(y2 - y1) / length, (x2 - x1) / length  # unit normal
    half = layout.cell * 0.16
    stroke = _num(layout.cell * style.jump_scale)
    parts = [(f'<g class="ladder" data-from="{jump.start}" data-to="{jump.end}" '
             f'stroke="{style.ladder}" stroke-width="{stroke}" stroke-linecap="round">')]
    for side in (-1, 1):
        parts.append(f'<line x1="{_num(x1 + side * half * nx)}" y1="{_num(y1 + side * half * ny)}" '
                     f'x2="{_num(x2 + side * half * nx)}" y2="{_num(y2 + side * half * ny)}"/>')
    rungs = max(2, int(length / (layout.cell * 0.35)))
    for k in range(1, rungs):
        t = k / rungs
        cx, cy = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
        parts.append(f'<line x1="{_num(cx - half * nx)}" y1="{_num(cy - half * ny)}" '
                     f'x2="{_num(cx + half * nx)}" y2="{_num(cy + half * ny)}"/>')
    parts.append("</g>")
    return parts


def _snake(jump: Jump, layout: _Layout, style: Style) -> list[str]:
    (x1, y1), (x2, y2) = layout.centre(jump.start), layout.centre(jump.end)
    length = math.hypot(x2 - x1, y2 - y1)
    dx, dy = (x2 - x1) / length, (y2 - y1) / length
    nx, ny = -dy, dx
    waves = max(2, round(length / (layout.cell * 0.9)))
    amplitude = layout.cell * 0.22
    path = [f"M {_num(x1)} {_num(y1)}"]
    for k in range(1, waves + 1):
        along = length * (k - 0.5) / waves
        swing = amplitude * (1 if k % 2 else -1)
        path.append(f"Q {_num(x1 + dx * along + nx * swing)} {_num(y1 + dy * along + ny * swing)} "
                    f"{_num(x1 + dx * length * k / waves)} {_num(y1 + dy * length * k / waves)}")
    width = layout.cell * style.jump_scale * 1.6
    head = layout.cell * 0.15
    return [
        f'<g class="snake" data-from="{jump.start}" data-to="{jump.end}">',
        (f'<path d="{" ".join(path)}" fill="none" stroke="{style.snake}" '
        f'stroke-width="{_num(width)}" stroke-linecap="round" stroke-linejoin="round"/>'),
        f'<circle cx="{_num(x1)}" cy="{_num(y1)}" r="{_num(head)}" fill="{style.snake}"/>',
        (f'<circle cx="{_num(x1 + nx * head * 0.4)}" cy="{_num(y1 + ny * head * 0.4)}" '
        f'r="{_num(head * 0.25)}" fill="#ffffff"/>'),
        "</g>",
    ]


def _fitted(board: Board, loc: Localizer, style: Style) -> tuple[list[str], _Legend, _Layout]:
    lines = board_lines(board, loc)
    ladders = len(board.ladders)
    legend = _Legend.fit([lines[1:1 + ladders], lines[1 + ladders:]], board, style)
    return lines, legend, _Layout(board, style, legend.cell)


def square_centres(board: Board, loc: Localizer, large_print: bool = False
                   ) -> dict[int, tuple[float, float]]:
    """Where each square's centre lies on ``board_svg``'s page, as shares of the page's width
    and height: a page showing the SVG as an image puts tokens over it."""
    _, _, layout = _fitted(board, loc, LARGE_PRINT if large_print else NORMAL)
    return {square: (x / PAGE_WIDTH, y / PAGE_HEIGHT)
            for square in range(1, board.last + 1) for x, y in [layout.centre(square)]}


def board_svg(board: Board, loc: Localizer, large_print: bool = False) -> str:
    """The whole SVG document as text."""
    style = LARGE_PRINT if large_print else NORMAL
    title = board.title(loc.language)
    lines, legend, layout = _fitted(board, loc, style)
    page = Page(title, " ".join(lines), loc.language)
    page.text(PAGE_WIDTH / 2, MARGIN + style.title_size * 0.8, title, style.title_size,
              anchor="middle", bold=True, extra=' class="title"')
    _draw_grid(page, board, layout, style, loc)
    if style.names_on_board:
        _jump_names(page, board, layout, loc)
    legend.draw(page, layout.bottom + LEGEND_GAP)
    return page.svg()


def screen_svg(board: Board, loc: Localizer) -> str:
    """The board alone for a screen (the projector page): large print's contrast and
    numbers, the squares to its edges, no title or legend (the page says those)."""
    lines, _, layout = _fitted(board, loc, LARGE_PRINT)
    page = Page(board.title(loc.language), " ".join(lines), loc.language)
    _draw_grid(page, board, layout, LARGE_PRINT, loc)
    return page.svg(view=(layout.left, layout.top, layout.cell * board.width,
                          layout.bottom - layout.top))


def _draw_grid(page: Page, board: Board, layout: _Layout, style: Style, loc: Localizer
               ) -> None:
    """The squares, the jumps over them and the square numbers over both."""
    page.add('<g class="squares">')
    for square in range(1, board.last + 1):
        x, y = layout.corner(square)
        row, column = board.cell(square)
        fill = style.light if (row + column) % 2 == 0 else style.dark
        page.add(f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(layout.cell)}" '
                 f'height="{_num(layout.cell)}" fill="{fill}" stroke="{style.grid}" '
                 f'stroke-width="{_num(style.grid_width)}"/>')
    page.add("</g>", '<g class="jumps" opacity="0.9">')
    for jump in board.jumps:
        page.add(*(_ladder(jump, layout, style) if jump.kind is JumpKind.LADDER
                   else _snake(jump, layout, style)))
    page.add("</g>", '<g class="numbers">')
    # A straight board's row is its number line, and its squares are small on the page:
    # each number is large and centred, as in large print.
    one_row = board.height == 1
    size = layout.cell * (LARGE_PRINT.number_scale if one_row else style.number_scale)
    for square in range(1, board.last + 1):
        x, y = layout.corner(square)
        if style.number_centred or one_row:
            tx, ty, anchor = x + layout.cell / 2, y + layout.cell * 0.06 + size * 0.8, "middle"
        else:
            tx, ty, anchor = x + layout.cell * 0.08, y + size * 1.05, "start"
        page.text(tx, ty, loc.number(square), size, anchor=anchor, bold=style.number_bold,
                  halo="#ffffff", extra=f' class="number" data-square="{square}"')
    page.add("</g>")


def _jump_names(page: Page, board: Board, layout: _Layout, loc: Localizer) -> None:
    """Each named jump's name (a virtue or a vice) at the bottom of its starting square."""
    named = [j for j in board.jumps if j.names]
    if not named:
        return
    size = layout.cell * 0.15
    page.add('<g class="names">')
    for jump in named:
        x, y = layout.corner(jump.start)
        colour = NORMAL.ladder if jump.kind is JumpKind.LADDER else NORMAL.snake
        page.text(x + layout.cell / 2, y + layout.cell * 0.92, jump.name(loc.language) or "",
                  size, anchor="middle", bold=True, fill=colour, halo="#ffffff",
                  extra=f' class="jump-name" data-from="{jump.start}"')
    page.add("</g>")


@dataclass(frozen=True)
class _Legend:
    """Every jump as a sentence under the board, ladders left and snakes right, each
    sentence wrapped to its column by the fonts' real widths."""

    columns: list[list[list[str]]]  # column -> entry -> wrapped lines
    size: float
    cell: float

    @staticmethod
    def fit(columns: list[list[str]], board: Board, style: Style) -> _Legend:
        side = PAGE_WIDTH - 2 * MARGIN
        full = min(side / board.width, side / board.height)
        width = (side - COLUMN_GAP) / 2
        size = style.legend_size
        while True:
            wrapped = [[wrap(line, size, width) for line in column] for column in columns]
            if all(entry is not None for column in wrapped for entry in column):
                done = [[entry or [] for entry in column] for column in wrapped]
                height = max(_Legend.height_of(column, size) for column in done)
                room = PAGE_HEIGHT - MARGIN - height - LEGEND_GAP - GRID_TOP
                cell = min(full, room / board.height)
                if cell >= full * GRID_KEEP or (size <= style.legend_floor and cell > 0) \
                        or size <= 1.0:
                    return _Legend(done, size, max(cell, 0.0))
            size = round(size - 0.2, 2)

    @staticmethod
    def height_of(entries: list[list[str]], size: float) -> float:
        lines = sum(len(entry) for entry in entries)
        return lines * size * LINE_HEIGHT + max(len(entries) - 1, 0) * size * ENTRY_GAP

    def draw(self, page: Page, top: float) -> None:
        width = (PAGE_WIDTH - 2 * MARGIN - COLUMN_GAP) / 2
        page.add('<g class="legend">')
        for number, column in enumerate(self.columns):
            x = MARGIN + number * (width + COLUMN_GAP)
            y = top
            for entry in column:
                for line in entry:
                    y += self.size * LINE_HEIGHT
                    page.text(x, y - self.size * (LINE_HEIGHT - 1) - self.size * 0.05, line,
                              self.size, extra=' class="legend-line"')
                y += self.size * ENTRY_GAP
        page.add("</g>")
