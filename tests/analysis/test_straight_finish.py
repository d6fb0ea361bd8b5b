"""The figure docs/boards.md gives a teacher: on the straight 1-10 board the exact finish
makes about half a child's rolls "Too far", worked out exactly from the engine's own
``step`` (a chain of where each roll starts, as snl_edu.analysis builds it)."""

from __future__ import annotations

from functools import cache

from snl_edu.boards import load_board
from snl_edu.engine import Rules
from snl_edu.engine.rules import Finish
from snl_edu.engine.step import Walk, step

RUN = 5  # "five or more in a row"


def too_far(finish: Finish) -> tuple[float, float, float]:
    """One child alone on straight-10: the expected "Too far" rolls and all rolls of a
    game, and the chance of RUN or more "Too far" in a row, by value iteration."""
    board, rules = load_board("straight-10"), Rules(finish=finish)

    @cache
    def moves(square: int, sixes: int) -> tuple[tuple[bool, bool, int, int], ...]:
        return tuple((m.won, m.walk is Walk.OVERSHOT, m.square, m.sixes)
                     for m in (step(board, rules, square, sixes, roll) for roll in range(1, 7)))

    squares = [(square, sixes) for square in range(board.last) for sixes in range(3)]
    over, rolls = dict.fromkeys(squares, 0.0), dict.fromkeys(squares, 0.0)
    runs = [(square, sixes, run) for square, sixes in squares for run in range(RUN)]
    still = dict.fromkeys(runs, 1.0)  # the chance of no run of RUN from here to the end
    for _ in range(400):  # the slowest to settle, "Too far" 5 times in 6 on 9: 0.83 a round
        for state in squares:
            o = r = 0.0
            for won, overshot, to, carried in moves(*state):
                o += overshot + (0.0 if won else over[(to, carried)])
                r += 1 + (0.0 if won else rolls[(to, carried)])
            over[state], rolls[state] = o / 6, r / 6
        for square, sixes, run in runs:
            s = 0.0
            for won, overshot, to, carried in moves(square, sixes):
                after = run + 1 if overshot else 0
                s += 1.0 if won else 0.0 if after >= RUN else still[(to, carried, after)]
            still[(square, sixes, run)] = s / 6
    return over[(0, 0)], rolls[(0, 0)], 1 - still[(0, 0, 0)]


def test_on_the_straight_ten_board_half_the_rolls_are_too_far_with_the_exact_finish() -> None:
    over, rolls, run = too_far(Finish.EXACT)
    assert round(over, 1) == 3.8 and round(rolls, 1) == 7.6  # "3.8 of 7.6 in a game"
    assert 0.45 < over / rolls < 0.55  # "about half"
    assert 0.23 < run < 0.27  # "one game in four has five or more in a row"
    assert too_far(Finish.OVERSHOOT)[0] == 0.0  # "--finish overshoot has none"
