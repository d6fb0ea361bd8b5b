"""The straight boards (Siegler & Ramani's linear board): one row, 1 on the left, drawn,
printed, described and asked about as one row."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from snl_edu.boards import load_board
from snl_edu.engine import Rules
from snl_edu.language.localizer import Localizer
from snl_edu.lessons.question_types import Kind
from snl_edu.lessons.questions import Situation, generate
from snl_edu.views.board_svg import board_svg
from snl_edu.views.board_text import board_grid, board_lines
from snl_edu.views.rules_text import rules_lines

SVG = "{http://www.w3.org/2000/svg}"
ENGLISH = Localizer.create("en")


@pytest.mark.parametrize("size", [10, 20])
def test_a_straight_board_is_one_row_left_to_right_on_paper_and_on_screen(size: int) -> None:
    board = load_board(f"straight-{size}")
    assert (board.last, board.height) == (size, 1)
    root = ET.fromstring(board_svg(board, ENGLISH).encode("utf-8"))
    place = {int(e.get("data-square", "0")): (float(e.get("x", "0")), float(e.get("y", "0")))
             for e in root.iter(f"{SVG}text") if e.get("class") == "number"}
    assert sorted(place) == list(range(1, size + 1))
    assert len({y for _, y in place.values()}) == 1  # one row
    assert [place[n][0] for n in range(1, size + 1)] == sorted(x for x, _ in place.values())
    row, *legend = board_grid(board, ENGLISH)
    assert row.split()[0] == "1" and row.split()[-1].startswith(str(size))
    assert len(legend) == 1  # the marks' legend: every square on the one line above it


def test_a_straight_board_is_described_as_one_row() -> None:
    board = load_board("straight-20")
    assert board_lines(board, ENGLISH)[0] == ("Straight 1–20: 20 squares in one row, 1 on the "
                                              "left to 20 on the right.")
    assert rules_lines(board, Rules(), ENGLISH)[0] == (
        "Board Straight 1–20: squares 1 to 20 in one row, left to right.")
    nepali = Localizer.create("ne")
    assert board_lines(board, nepali)[0] == ("सीधा बोर्ड १–२०: एउटै पङ्क्तिमा २० कोठा, बायाँमा "
                                             "१ देखि दायाँमा २० सम्म।")
    assert len(load_board("straight-10").jumps) == 0  # the linear board itself: no jumps
    assert len(load_board("straight-20").jumps) == 2  # a few, for the game's own fun


def test_no_question_asks_which_row_on_a_board_of_one_row() -> None:
    board = load_board("straight-20")
    rng = random.Random(1)
    kinds = {generate(3, Situation(board, (square,), ("Asha",), 0), ENGLISH, rng).kind
             for square in range(1, 20) for _ in range(8)}
    assert Kind.BOARD_ROW not in kinds and len(kinds) > 1
