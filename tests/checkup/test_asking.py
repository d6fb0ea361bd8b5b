"""The check-up's number line heard: each arrow key says where the dot is, in words."""

from __future__ import annotations

import numpy as np

from snl_edu.checkup.asking import CheckupIO, run_checkup, where_words
from snl_edu.checkup.items import Item, Task
from tests.lessons.helpers import Script, english

RIGHT, UP, DOWN = "\x1b[C", "\x1b[A", "\x1b[B"


def test_by_ear_each_arrow_key_says_where_the_dot_is() -> None:
    said: list[str] = []
    tones: list[np.ndarray] = []
    keys = Script([RIGHT, UP, UP, UP, UP, UP, DOWN, "\r"], interactive=True)
    drawn: list[str] = []
    io = CheckupIO(said.append, keys, by_ear=True, draw=drawn.append, echo=lambda _: None,
                   tone=tones.append)
    answers = run_checkup([Item(Task.NUMBER_LINE, (90,), 90)], io, english())
    assert answers[0].given == 90.0  # 51, 61 ... 91, 100 (the end), 90
    moves = said[said.index("Where does 90 go?") + 1:]
    assert moves == ["Just right of the middle.", "Right of the middle.", "Right of the middle.",
                     "Near the right end.", "Near the right end.", "At the right end, 100.",
                     "Near the right end."]
    assert len(tones) == 1 + 1 + 7  # both ends, the starting place, one a key
    assert drawn == []  # nothing drawn, and no line cleared by ear (a screen reader reads it)


def test_the_words_never_name_the_number_between_the_ends() -> None:
    loc = english()
    for position in range(1, 100):
        assert not any(c.isdigit() for c in where_words(position, loc)), position
    assert where_words(0, loc) == "At the left end, 0."
    assert where_words(50, loc) == "In the middle."


def test_counting_on_is_from_an_imagined_square_and_its_answer_is_digits() -> None:
    said: list[str] = []
    # ² is a digit to str.isdigit but not to int(): it ended the check-up in a traceback.
    keys = Script(["²", "fifteen", "१५"])
    io = CheckupIO(said.append, keys, by_ear=False, draw=None, echo=lambda _: None)
    answers = run_checkup([Item(Task.COUNT_ON, (12, 3), 15)], io, english())
    assert answers[0].given == 15.0
    # Nobody's token is on the board: the introduction no longer says "your square".
    assert said[:2] == ["Imagine your token on a square, then count on as in the game.",
                        "Imagine your token is on 12 and you roll 3. Where does it land?"]
    assert said[2:] == ["Please type a number, then press Enter."] * 2
