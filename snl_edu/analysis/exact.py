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
Indices = npt.NDArray[np.int64]
Matrix = npt.NDArray[np.float64]
Sparse = sparse.csr_matrix
TAIL_EPSILON = 1e-12
"""Distributions stop once less than this chance of the game is still going."""
NEGLIGIBLE = 1e-30
"""Chances of a turn's path below this are dropped: they move no figure by 1e-25."""
_BLOCK = 64  # steps of the chain taken per block
_DENSE_LIMIT = 150  # states; up to this, dense powers of the matrix beat sparse steps
_SETTLED = 1e-15  # how close to one shrinking rate every state must be to extrapolate
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


def _sparse(chance: Vector, rows: Indices, columns: Indices, shape: tuple[int, int]) -> Sparse:
    return sparse.csr_matrix((chance, (rows, columns)), shape=shape)


def matrices(chain: Chain) -> Matrices:
    size = chain.size
    flat = [(source, target, turn_ends) for source, row in enumerate(chain.outcomes)
            for target, turn_ends in row]
    edges = np.array(flat, dtype=np.int64).reshape(-1, 3)
    won = edges[:, 1] == FINISHED
    # Counted in whole faces, then divided: a row of six faces gives exactly 1.
    finish = np.bincount(edges[won, 0], minlength=size) / DIE_FACES
    ends = np.bincount(edges[won | (edges[:, 2] == 1), 0], minlength=size) / DIE_FACES
    src, dst, passing = edges[~won, 0], edges[~won, 1], edges[~won, 2] == 1
    chance = np.full(len(src), ROLL_CHANCE)
    step = _sparse(chance, src, dst, (size, size))
    # A turn starts at the start state or where a turn was passed; the rest are mid-turn
    # (reached by an extra roll only).
    is_start = np.zeros(size, dtype=bool)
    is_start[0] = True
    is_start[dst[passing]] = True
    starts = np.flatnonzero(is_start)
    mids = np.flatnonzero(~is_start)
    place = np.empty(size, dtype=np.int64)
    place[starts] = np.arange(len(starts))
    place[mids] = np.arange(len(mids))

    def part(chosen: npt.NDArray[np.bool_], rows: int, columns: int) -> Sparse:
        return _sparse(chance[chosen], place[src[chosen]], place[dst[chosen]], (rows, columns))

    from_start = is_start[src]
    into_turn = part(passing & from_start, len(starts), len(starts))
    turn_finish = finish[starts]
    turn = into_turn
    if len(mids):
        # From a turn's start: end it at once, or go mid-turn by extra rolls and end it
        # later: X = (I - C)^-1 B over the mid-turn states. Each extra roll is a six (a 1/6
        # chance), so the series converges fast; it is summed by doubling, as
        # (I + C)(I + C^2)(I + C^4)... B, dropping chances below NEGLIGIBLE as it goes.
        power = _dropping_negligible(part(~passing & ~from_start, len(mids), len(mids)))
        total = sparse.hstack([part(passing & ~from_start, len(mids), len(starts)),
                               sparse.csr_matrix(finish[mids][:, None])], format="csr")
        while power.nnz:
            total = _dropping_negligible(total + power @ total)
            power = _dropping_negligible(power @ power)
        through = (part(~passing & from_start, len(starts), len(mids)) @ total).tocsc()
        turn = (into_turn + through[:, :-1]).tocsr()
        turn_finish = turn_finish + through[:, -1].toarray().ravel()
    return Matrices(step, finish, ends, turn, turn_finish, tuple(int(s) for s in starts))


def _dropping_negligible(matrix: Sparse) -> Sparse:
    matrix = sparse.csr_matrix(matrix)
    matrix.data[np.abs(matrix.data) < NEGLIGIBLE] = 0.0
    matrix.eliminate_zeros()
    return matrix


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
    if transient.shape[0] <= _DENSE_LIMIT:
        return _by_dense_blocks(transient.toarray(), finish, epsilon)
    return _by_sparse_steps(transient, finish, epsilon)


def _by_sparse_steps(transient: Sparse, finish: Vector, epsilon: float) -> Distribution:
    """One sparse product a step (the chances and the tail of a block of steps at once),
    until the chain settles into its slowest mode; from there the rest is geometric."""
    forward = sparse.csr_matrix(transient.T)
    states = np.zeros((_BLOCK, transient.shape[0]))
    state = np.zeros(transient.shape[0])
    state[0] = 1.0
    pieces: list[Vector] = []
    left: list[Vector] = []
    while not left or (left[-1][-1] >= epsilon and len(pieces) * _BLOCK < _MAX_STEPS):
        for k in range(_BLOCK):
            states[k] = state
            state = forward @ state
        pieces.append(states @ finish)
        left.append(np.append(states[1:].sum(axis=1), state.sum()))
        settled = _settled_rate(states[-1], state)
        if settled is not None and left[-1][-1] >= epsilon:
            # Every state now shrinks by the same rate each step, to within 1e-15 of the
            # chance in play: the later chances are a geometric series of that rate.
            steps = min(_MAX_STEPS, int(np.ceil(np.log(epsilon / left[-1][-1])
                                                / np.log(settled))) + 1)
            powers = settled ** np.arange(steps)
            pieces.append(float(state @ finish) * powers)
            left.append(float(state.sum()) * settled * powers)
            break
    return _trimmed(np.concatenate(pieces), np.concatenate(left), epsilon)


def _settled_rate(before: Vector, after: Vector) -> float | None:
    """The rate r when one step took ``before`` to ``r * before`` to within 1e-15 of its
    sum (the chain's slowest mode alone is left), else None."""
    total = float(before.sum())
    rate = float(after.sum()) / total if total > 0 else 0.0
    if not 0.0 < rate < 1.0:
        return None
    drift = float(np.abs(after - rate * before).sum()) / total
    return rate if drift < _SETTLED else None


def _by_dense_blocks(transient: Matrix, finish: Vector, epsilon: float) -> Distribution:
    """For a small chain: the chances of ``_BLOCK`` steps from one product with precomputed
    columns [f, Qf, Q^2 f, ...], then a jump ahead by Q^_BLOCK (cheaper than stepping)."""
    size = transient.shape[0]
    columns = np.empty((size, _BLOCK))
    column = finish.copy()
    for k in range(_BLOCK):
        columns[:, k] = column
        column = transient @ column
    jump = np.linalg.matrix_power(transient, _BLOCK)
    state = np.zeros(size)
    state[0] = 1.0
    pieces: list[Vector] = []
    remaining = 1.0
    while remaining >= epsilon and len(pieces) * _BLOCK < _MAX_STEPS:
        pieces.append(state @ columns)
        state = state @ jump
        remaining = float(state.sum())
    chances = np.clip(np.concatenate(pieces), 0.0, None)
    # The chance still in play after each step: what the chain holds at the end plus the
    # later steps' chances (summing small numbers keeps it free of rounding noise).
    left = remaining + np.cumsum(chances[::-1])[::-1] - chances
    return _trimmed(chances, left, epsilon)


def _trimmed(chances: Vector, left: Vector, epsilon: float) -> Distribution:
    """Stop at the first step after which less than ``epsilon`` is left."""
    chances = np.clip(chances, 0.0, None)
    below = left < epsilon
    keep = int(np.argmax(below)) + 1 if below.any() else len(chances)
    return Distribution(tuple(float(p) for p in chances[:keep]), max(0.0, float(left[keep - 1])))
