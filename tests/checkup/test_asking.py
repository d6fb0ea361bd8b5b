"""The check-up's number line heard: each arrow key says where the dot is, in words."""

from __future__ import annotations

import random

import numpy as np

from snl_edu.checkup.asking import CheckupIO, marker_starts, run_checkup, where_words
from snl_edu.checkup.items import Item, Task
from tests.lessons.helpers import Script, english

RIGHT, LEFT, UP, DOWN = "\x1b[C", "\x1b[D", "\x1b[A", "\x1b[B"


def test_by_ear_each_arrow_key_moves_one_step_from_a_random_start_and_says_where() -> None:
    said: list[str] = []
    tones: list[np.ndarray] = []
    start = random.Random(4).randint(0, 100)
    step = 1 if start < 99 else -1
    arrow = RIGHT if step == 1 else LEFT
    keys = Script([arrow, UP, DOWN, arrow, "\r"], interactive=True)
    drawn: list[str] = []
    io = CheckupIO(said.append, keys, by_ear=True, draw=drawn.append, echo=lambda _: None,
                   tone=tones.append)
    answers = run_checkup([Item(Task.NUMBER_LINE, (90,), 90)], io, english(),
                          rng=random.Random(4))
    assert answers[0].given == start + 2 * step  # up and down: no steps of ten
    moves = said[said.index("Where does 90 go?") + 1:]
    loc = english()
    assert moves == [where_words(start + step, loc), where_words(start + 2 * step, loc)]
    assert len(tones) == 1 + 1 + 2  # both ends, the starting place, one a step
    assert drawn == []  # nothing drawn, and no line cleared by ear (a screen reader reads it)


def test_the_marker_starts_somewhere_new_not_in_the_middle() -> None:
    starts = {marker_starts(seed, 0).randint(0, 100) for seed in range(30)}
    assert len(starts) > 15


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
