"""Exact figures from the chain: expectations by sparse solves, distributions step by step.

Each roll state has at most six outcomes, so the chain's matrices are sparse: a
2,500-square board has about 6,000 states but only six entries a row. scipy earns
its place here: numpy has no sparse matrices or sparse solver, and the dense
algebra took 39 s for 2,500 squares.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass

if "numpy" not in sys.modules:
    # Matrices here are small and sparse: BLAS threads only add overhead, and on a busy
    # two-core machine they made one analysis 20 times slower. Only a default: a user's
    # own setting wins, and an earlier numpy import keeps its threads.
    for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(_variable, "1")

import numpy as np
import numpy.typing as npt
from scipy import sparse
from scipy.sparse.linalg import splu

from snl_edu.analysis.chain import FINISHED, ROLL_CHANCE, Chain
from snl_edu.analysis.distribution import Distribution
from snl_edu.engine import DIE_FACES

Vector = npt.NDArray[np.float64]
Sparse = sparse.csr_matrix
TAIL_EPSILON = 1e-12
"""Distributions stop once less than this chance of the game is still going."""
NEGLIGIBLE = 1e-30
"""Chances of a turn's path below this are dropped: they move no figure by 1e-25."""
_MAX_STEPS = 200_000  # a board so slow it needs more is reported with its larger tail


@dataclass(frozen=True)
class Matrices:
    """Roll-level and turn-level transitions over transient states (sparse).

    ``step[i, j]``: chance one roll takes state i to state j; ``finish[i]``: chance
    that roll wins; ``ends[i]``: chance it ends the turn (passed or won). The turn-level pair does
    the same for whole turns, over the states that start a turn (``turn_states``).
    """

    step: Sparse
    finish: Vector
    ends: Vector
    turn: Sparse
    turn_finish: Vector
    turn_states: tuple[int, ...]


def _sparse(chance: Vector, rows: npt.NDArray[np.int64], columns: npt.NDArray[np.int64],
            size: int) -> Sparse:
    return sparse.csr_matrix((chance, (rows, columns)), shape=(size, size))


def matrices(chain: Chain) -> Matrices:
    size = chain.size
    sources: list[int] = []
    targets: list[int] = []
    ends: list[bool] = []
    finish = np.zeros(size)
    for source, row in enumerate(chain.outcomes):
        for target, turn_ends in row:
            if target == FINISHED:
                finish[source] += ROLL_CHANCE
            else:
                sources.append(source)
                targets.append(target)
                ends.append(turn_ends)
    src = np.array(sources, dtype=np.int64)
    dst = np.array(targets, dtype=np.int64)
    passing = np.array(ends, dtype=bool)
    chance = np.full(len(src), ROLL_CHANCE)
    step = _sparse(chance, src, dst, size)
    ending = _sparse(chance[passing], src[passing], dst[passing], size)
    carry = _sparse(chance[~passing], src[~passing], dst[~passing], size)  # extra rolls
    # Counted in whole faces, then divided: a row of six faces gives exactly 1.
    finishing = np.array([sum(target == FINISHED for target, _ in row) for row in chain.outcomes])
    ends = (np.bincount(src[passing], minlength=size) + finishing) / DIE_FACES
    # A turn starts at the start state or where a turn was passed; the rest are mid-turn.
    starts = np.union1d([0], dst[passing])
    mids = np.setdiff1d(np.arange(size), starts)
    into_turn = ending[starts][:, starts]
    if len(mids):
        # From a turn's start: end it at once, or go mid-turn by extra rolls and end it
        # later. Mid-turn states lead to each other only by sixes, each a 1/6 chance, so
        # the series B + C B + C^2 B ... shrinks six-fold a term and stays sparse.
        inner = carry[mids][:, mids]
        term = sparse.hstack([ending[mids][:, starts],
                              sparse.csr_matrix(finish[mids][:, None])], format="csr")
        total = term
        while term.nnz:
            term = inner @ term
            term.data[np.abs(term.data) < NEGLIGIBLE] = 0.0
            term.eliminate_zeros()
            total = total + term
        through = (carry[starts][:, mids] @ total).tocsc()
        turn = (into_turn + through[:, :-1]).tocsr()
        turn_finish = finish[starts] + through[:, -1].toarray().ravel()
    else:
        turn = into_turn.tocsr()
        turn_finish = finish[starts]
    return Matrices(step, finish, ends, turn, turn_finish, tuple(int(s) for s in starts))


def expected_rolls_and_turns(parts: Matrices) -> tuple[float, float]:
    """Expected rolls and turns from the start: one sparse solve of (I - Q) x = [1, e].

    Each turn ends with one roll (passing the turn or winning), so the expected turns
    come from the same solve with the chance ``e`` that a roll ends the turn.
    """
    size = parts.step.shape[0]
    system = (sparse.identity(size, format="csc") - parts.step).tocsc()
    solved = splu(system).solve(np.column_stack([np.ones(size), parts.ends]))
    return float(solved[0, 0]), float(solved[0, 1])


def first_passage(transient: Sparse, finish: Vector, epsilon: float = TAIL_EPSILON
                  ) -> Distribution:
    """Chance of being absorbed at step n = 1, 2, ... from state 0, until the tail < epsilon."""
    forward = sparse.csr_matrix(transient.T)
    state = np.zeros(transient.shape[0])
    state[0] = 1.0
    chances: list[float] = []
    remaining = 1.0
    while remaining >= epsilon and len(chances) < _MAX_STEPS:
        chances.append(max(0.0, float(state @ finish)))
        state = forward @ state
        remaining = float(state.sum())
    return Distribution(tuple(chances), max(0.0, remaining))
