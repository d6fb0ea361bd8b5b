"""Exact figures from the chain: expectations by sparse solves, distributions step by step.

Each roll state has at most six outcomes, so the chain's matrices are sparse: a
2,500-square board has about 6,000 states but only six entries a row. scipy earns
its place here: numpy has no sparse matrices or sparse solver, and the dense
algebra took 39 s for 2,500 squares.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
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
_RUN_SPLIT = 6  # a: the runs of extra rolls as (I + ... + C^(a-1)) (I + C^a + C^2a + ...)
_SETTLED = 1e-15  # how close to one shrinking rate every state must be to extrapolate
_MAX_STEPS = 200_000  # a board so slow it needs more is reported with its larger tail


@dataclass(frozen=True)
class Steps:
    """One step of a chain (a roll, or a whole turn) as forward sparse factors.

    ``advance`` takes where the chance in play stands (a vector over the states, or
    columns of them) to where it stands one step later; ``finish[i]`` is the chance
    that a step from state i wins. A step is a product of factors when that has far
    fewer entries than the product formed (see ``matrices``).
    """

    factors: tuple[Sparse, ...]  # applied first to last; each [j, i]: from state i to j
    finish: Vector

    def advance(self, mass: Matrix) -> Matrix:
        for factor in self.factors:
            mass = factor @ mass
        return mass


@dataclass(frozen=True)
class Matrices:
    """Rolls and whole turns over the chain's transient (not yet won) states.

    ``rolls`` is over every roll state; ``ends[i]`` is the chance a roll from state i
    ends the turn (passed or won). ``turns`` is over the states where a turn can start
    (``turn_states``, the start first); ``turn_rolls[i]`` is the expected number of
    rolls in a turn from the i-th of them.
    """

    rolls: Steps
    ends: Vector
    turns: Steps
    turn_states: Indices
    turn_rolls: Vector


def _sparse(chance: Vector, rows: Indices, columns: Indices, shape: tuple[int, int]) -> Sparse:
    return sparse.csr_matrix((chance, (rows, columns)), shape=shape)


def matrices(chain: Chain) -> Matrices:
    """The chain's steps.

    A turn is a run of extra rolls, then one roll that passes it: T = M P, with P the
    passing rolls and M = I + C + C^2 + ... the runs of extra rolls C. Formed, T has a
    row entry for every roll of every run: without the three-sixes rule, 350,000 on a
    2,500-square board. A state has one extra roll at most (its six), so every power
    of C has one entry a row at most, and M is applied as two factors E F with
    E = I + C + ... + C^(a-1) and F = I + C^a + C^2a + ..., ended where a run of extra
    rolls has less than ``NEGLIGIBLE`` chance: about 13 entries a row instead of 160.
    """
    size = chain.size
    targets, passes = chain.targets, chain.passes
    won = targets == FINISHED
    # Counted in whole faces, then divided: a row of six faces gives exactly 1.
    finish = won.sum(axis=1) / DIE_FACES
    ends = (won | passes).sum(axis=1) / DIE_FACES
    source = np.broadcast_to(np.arange(size)[:, None], targets.shape)

    def chosen(outcomes: npt.NDArray[np.bool_]) -> Sparse:
        """The matrix of the chosen outcomes, [source, target]."""
        return _sparse(np.full(int(outcomes.sum()), ROLL_CHANCE), source[outcomes],
                       targets[outcomes], (size, size))

    rolls = Steps((chosen(~won).T.tocsr(),), finish)
    # A turn starts at the start state or where a turn was passed.
    starts_turn = np.zeros(size, dtype=bool)
    starts_turn[0] = True
    starts_turn[targets[~won & passes]] = True
    turn_states = np.flatnonzero(starts_turn)
    short_runs, jump = _series(chosen(~won & ~passes), _RUN_SPLIT)
    passing = chosen(~won & passes)[:, turn_states].T.tocsr()
    # Each roll state a turn passes through is one roll: M [f, 1] is the chance a turn
    # wins and its expected rolls.
    per_turn = np.column_stack([finish, np.ones(size)])
    if jump.nnz:
        long_runs, _ = _series(jump)
        factors: tuple[Sparse, ...] = (long_runs[turn_states].T.tocsr(), short_runs.T.tocsr(),
                                       passing)
        per_turn = short_runs @ (long_runs @ per_turn)
    else:  # every run is shorter than the split (the three-sixes rule): E alone
        factors = (short_runs[turn_states].T.tocsr(), passing)
        per_turn = short_runs @ per_turn
    turn_finish, turn_rolls = per_turn[turn_states].T
    return Matrices(rolls, ends, Steps(_fewest_calls(factors), turn_finish), turn_states,
                    turn_rolls)


def _fewest_calls(factors: tuple[Sparse, ...]) -> tuple[Sparse, ...]:
    """Neighbouring factors multiplied out where the product has no more entries than the
    two (with the three-sixes rule, the whole turn is one matrix)."""
    kept = [factors[0]]
    for factor in factors[1:]:
        product = (factor @ kept[-1]).tocsr()
        if product.nnz <= factor.nnz + kept[-1].nnz:
            kept[-1] = product
        else:
            kept.append(factor)
    return tuple(kept)


def _series(step: Sparse, terms: int | None = None) -> tuple[Sparse, Sparse]:
    """I + S + S^2 + ... + S^(terms - 1), or until the powers are negligible, and the next
    power. It ends: every state can finish, so the powers of S shrink."""
    total = power = sparse.identity(step.shape[0], format="csr")
    count = 1
    while terms is None or count < terms:
        power = _dropping_negligible(power @ step)
        if not power.nnz:
            return total, power
        total = total + power
        count += 1
    return total, _dropping_negligible(power @ step)


def _dropping_negligible(matrix: Sparse) -> Sparse:
    matrix = sparse.csr_matrix(matrix)
    matrix.data[np.abs(matrix.data) < NEGLIGIBLE] = 0.0
    matrix.eliminate_zeros()
    return matrix


def expected_rolls_and_turns(parts: Matrices) -> tuple[float, float]:
    """Expected rolls and turns from the start: one sparse solve, on the smaller system.

    By rolls, (I - Q) x = [1, e]: each turn ends with one roll (passing the turn or
    winning), so the expected turns come from the chance ``e`` that a roll ends it.
    By turns, when a turn is one matrix T with fewer entries than Q (with the
    three-sixes rule; its LU factors are smaller too), (I - T) x = [r, 1] with ``r``
    the expected rolls of a turn.
    """
    (forward,) = parts.rolls.factors
    turn = parts.turns.factors
    if len(turn) == 1 and turn[0].nnz < forward.nnz:
        (step,) = turn
        right = np.column_stack([parts.turn_rolls, np.ones(step.shape[0])])
    else:
        step = forward
        right = np.column_stack([np.ones(step.shape[0]), parts.ends])
    system = (sparse.identity(step.shape[0], format="csr") - step).T  # I - Q or I - T, CSC
    solved = splu(system).solve(right)
    return float(solved[0, 0]), float(solved[0, 1])


def first_passage(steps: Steps, epsilon: float = TAIL_EPSILON) -> Distribution:
    """Chance of being absorbed at step n = 1, 2, ... from state 0, until the tail < epsilon."""
    size = len(steps.finish)
    if size <= _DENSE_LIMIT:
        # What one step does to each state alone is the (transposed) matrix.
        return _by_dense_blocks(steps.advance(np.identity(size)).T, steps.finish, epsilon)
    return _by_sparse_steps(steps.advance, steps.finish, epsilon)


def _by_sparse_steps(advance: Callable[[Matrix], Matrix], finish: Vector, epsilon: float
                     ) -> Distribution:
    """One step at a time, reading off the chance it wins and the chance in play as it
    goes (one small product: cheaper than keeping the states), until the chain settles
    into its slowest mode; from there the rest is geometric."""
    read = np.column_stack([finish, np.ones(len(finish))])  # state @ read: (wins, in play)
    state = np.zeros(len(finish))
    state[0] = 1.0
    block = np.empty((_BLOCK, 2))
    chances: list[Vector] = []
    left: list[Vector] = []
    while True:
        for k in range(_BLOCK):
            np.dot(state, read, out=block[k])
            before, state = state, advance(state)
        remaining = float(state.sum())
        chances.append(block[:, 0].copy())
        left.append(np.append(block[1:, 1], remaining))
        if remaining < epsilon or len(chances) * _BLOCK >= _MAX_STEPS:
            break
        settled = _settled_rate(before, state)
        if settled is not None:
            # Every state now shrinks by the same rate each step, to within 1e-15 of the
            # chance in play: the later chances are a geometric series of that rate.
            steps = min(_MAX_STEPS, int(np.ceil(np.log(epsilon / remaining)
                                                / np.log(settled))) + 1)
            powers: Vector = np.power(settled, np.arange(steps, dtype=np.float64))
            chances.append(float(state @ finish) * powers)
            left.append(remaining * settled * powers)
            break
    return _trimmed(np.concatenate(chances), np.concatenate(left), epsilon)


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
    return Distribution(tuple(chances[:keep].tolist()), max(0.0, float(left[keep - 1])))
