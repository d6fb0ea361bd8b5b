"""Exact figures from the chain: expectations by linear solves, distributions by powers.

numpy earns its place here: a 100-square board under six-again rules has about
300 roll states, and the distribution needs several hundred steps of the chain;
in pure Python that is seconds, with numpy a few milliseconds.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass

if "numpy" not in sys.modules:
    # Matrices here are a few hundred rows: BLAS threads only add overhead, and on a
    # busy two-core machine they made one analysis 20 times slower (360 ms against
    # 15 ms). Only a default: a user's own setting wins, and an earlier numpy import
    # keeps its threads.
    for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(_variable, "1")

import numpy as np
import numpy.typing as npt

from snl_edu.analysis.chain import FINISHED, ROLL_CHANCE, Chain
from snl_edu.analysis.distribution import Distribution

Matrix = npt.NDArray[np.float64]
TAIL_EPSILON = 1e-12
"""Distributions stop once less than this chance of the game is still going."""
_BLOCK = 64  # steps of the chain taken per matrix product
_MAX_STEPS = 200_000  # a board so slow it needs more is reported with its larger tail


@dataclass(frozen=True)
class Matrices:
    """Roll-level and turn-level transition matrices over transient states.

    ``step[i, j]``: chance one roll takes state i to state j; ``finish[i]``: chance
    that roll wins. The turn-level pair does the same for whole turns, over the
    states that start a turn (``turn_states`` indexes them in the chain).
    """

    step: Matrix
    finish: Matrix
    turn: Matrix
    turn_finish: Matrix
    turn_rolls: Matrix  # expected rolls within one turn, from each turn-start state
    turn_states: tuple[int, ...]


def matrices(chain: Chain) -> Matrices:
    size = chain.size
    step = np.zeros((size, size))
    finish = np.zeros(size)
    ends = np.zeros((size, size))  # the part of `step` that passes the turn
    for source, row in enumerate(chain.outcomes):
        for outcome in row:
            if outcome.target == FINISHED:
                finish[source] += ROLL_CHANCE
            else:
                step[source, outcome.target] += ROLL_CHANCE
                if outcome.turn_ends:
                    ends[source, outcome.target] += ROLL_CHANCE
    # A turn starts at the start state or where a turn was passed; the rest are mid-turn.
    starts = sorted({0} | {int(j) for j in np.flatnonzero(ends.any(axis=0))})
    starting = set(starts)
    mids = [i for i in range(size) if i not in starting]
    carry = step - ends  # extra rolls: stay in the turn
    # From a turn's start: end the turn at once, or go mid-turn and end later.
    # Mid-turn states only lead to each other by extra rolls (a geometric series).
    if mids:
        within = np.linalg.solve(
            np.eye(len(mids)) - carry[np.ix_(mids, mids)],
            np.column_stack([ends[np.ix_(mids, starts)], finish[mids], np.ones(len(mids))]))
        through = carry[np.ix_(starts, mids)] @ within
        turn = ends[np.ix_(starts, starts)] + through[:, :-2]
        turn_finish = finish[starts] + through[:, -2]
        turn_rolls = 1.0 + through[:, -1]
    else:
        turn = ends[np.ix_(starts, starts)]
        turn_finish = finish[starts]
        turn_rolls = np.ones(len(starts))
    return Matrices(step, finish, turn, turn_finish, turn_rolls, tuple(starts))


def expected_rolls_and_turns(parts: Matrices) -> tuple[float, float]:
    """Expected rolls and turns from the start: one solve of (I - T) x = [rolls per turn, 1].

    Working on whole turns keeps the system small (about a third of the roll states).
    """
    size = parts.turn.shape[0]
    solved = np.linalg.solve(np.eye(size) - parts.turn,
                             np.column_stack([parts.turn_rolls, np.ones(size)]))
    return float(solved[0, 0]), float(solved[0, 1])


def first_passage(transient: Matrix, finish: Matrix, epsilon: float = TAIL_EPSILON
                  ) -> Distribution:
    """Chance of being absorbed at step n = 1, 2, ... from state 0, until the tail < epsilon.

    Blocked: the chances for ``_BLOCK`` steps come from one product with precomputed
    columns [f, Qf, Q^2 f, ...], then the state jumps ahead by Q^_BLOCK.
    """
    size = transient.shape[0]
    columns = np.empty((size, _BLOCK))
    column = finish.copy()
    for k in range(_BLOCK):
        columns[:, k] = column
        column = transient @ column
    jump = np.linalg.matrix_power(transient, _BLOCK)
    state = np.zeros(size)
    state[0] = 1.0
    pieces: list[Matrix] = []
    steps = 0
    remaining = 1.0
    while remaining >= epsilon and steps < _MAX_STEPS:
        pieces.append(state @ columns)
        state = state @ jump
        steps += _BLOCK
        remaining = float(state.sum())
    chances = np.clip(np.concatenate(pieces), 0.0, None)
    # Drop the block's trailing steps once the tail is below epsilon.
    tail_after = remaining + np.cumsum(chances[::-1])[::-1] - chances
    keep = int(np.argmax(tail_after < epsilon)) + 1 if (tail_after < epsilon).any() else len(chances)
    # The tail is what the chain still holds plus the dropped steps: summing the small
    # numbers themselves, rather than 1 - sum(kept), keeps it free of rounding noise.
    return Distribution(tuple(float(p) for p in chances[:keep]),
                        max(0.0, float(tail_after[keep - 1])))
