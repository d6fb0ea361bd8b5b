"""The game of one player as an absorbing Markov chain, one roll per step.

A state is where a roll starts: ``(square, sixes)``, the square (0 = off the
board) and how many sixes in a row this turn has already rolled. Each outcome
comes from the engine's own ``step``, the transition ``Game.play`` applies, so
the chain plays exactly the game the engine plays.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from scipy import sparse
from scipy.sparse.csgraph import breadth_first_order, dijkstra

from snl_edu.engine import DIE_FACES, Board, Rules
from snl_edu.engine.step import counts_as_six, step
from snl_edu.vocabulary import SnlError

State = tuple[int, int]
FINISHED = -1
"""Index of the absorbing state (the last square reached) in an outcome."""
ROLL_CHANCE = 1.0 / DIE_FACES
_FACES = range(1, DIE_FACES + 1)
Table = npt.NDArray[np.int64]


class UnfinishableError(SnlError):
    """A player can get stuck for ever: the game has no finite expected length."""

    def __init__(self, board: str, square: int) -> None:
        self.board = board
        self.square = square
        super().__init__(f"{board}: from square {square} the last square cannot be reached")


@dataclass(frozen=True, eq=False)
class Chain:
    """The reachable roll states and what each face of the die does from each.

    ``targets[i, r - 1]`` is the index of the state face ``r`` leads to from state
    ``i`` (or FINISHED); ``passes[i, r - 1]`` whether that roll passes the turn (not an
    extra roll, not a win).
    """

    states: tuple[State, ...]  # index 0 is the start: off the board, no sixes yet
    targets: Table
    passes: npt.NDArray[np.bool_]

    @property
    def size(self) -> int:
        return len(self.states)


def build_chain(board: Board, rules: Rules) -> Chain:
    """Every state reachable from the start, checked to reach the finish from each.

    Breadth-first: ``order`` is both the states found so far and the queue. A roll that
    does not count as a six does the same from every state on its square, so it is
    worked out once a square.
    """
    index: dict[State, int] = {(0, 0): 0}
    order: list[State] = [(0, 0)]
    targets: list[int] = []
    passes: list[bool] = []
    six_faces = [face for face, roll in enumerate(_FACES) if counts_as_six(rules, roll)]
    # Per square, what each face that is not a counted six does; a counted six's place
    # holds a stand-in, replaced state by state.
    by_square: dict[int, tuple[list[int], list[bool]]] = {}

    def outcome(square: int, sixes: int, roll: int) -> tuple[int, bool]:
        move = step(board, rules, square, sixes, roll)
        if move.won:
            return FINISHED, False
        target = (move.square, move.sixes)
        found = index.get(target)
        if found is None:
            found = index[target] = len(order)
            order.append(target)
        return found, move.turn_ends

    for square, rolled in order:  # grows while it is walked
        plain = by_square.get(square)
        if plain is None:
            found = [(FINISHED, False) if face in six_faces else outcome(square, 0, face + 1)
                     for face in range(DIE_FACES)]
            plain = by_square[square] = ([t for t, _ in found], [p for _, p in found])
        here = len(targets)
        targets += plain[0]
        passes += plain[1]
        for face in six_faces:
            targets[here + face], passes[here + face] = outcome(square, rolled, face + 1)
    chain = Chain(tuple(order), np.array(targets, dtype=np.int64).reshape(-1, DIE_FACES),
                  np.array(passes, dtype=bool).reshape(-1, DIE_FACES))
    _check_finishable(chain, board.name)
    return chain


def _graph(chain: Chain, cost: npt.NDArray[np.bool_] | None = None) -> sparse.csr_matrix:
    """The chain as a graph with one more node for the finish.

    Without ``cost`` every face is an edge of its own (two faces may lead to one state:
    fine for reaching and for counting edges). With it, each edge (state, next state)
    once, at its lowest cost.
    """
    won = chain.size
    targets = np.where(chain.targets == FINISHED, won, chain.targets)
    if cost is None:
        edges = np.append(np.arange(0, targets.size + 1, DIE_FACES), targets.size)  # none out
        return sparse.csr_matrix((np.ones(targets.size), targets.ravel(), edges),
                                 shape=(won + 1, won + 1))
    # Of the faces from one state to one next state, the first stands for them all, at
    # the lowest cost of any of them.
    same = targets[:, :, None] == targets[:, None, :]
    cheapest = np.where(same, cost[:, None, :], True).min(axis=2)
    first = ~(same & np.tri(DIE_FACES, k=-1, dtype=bool)).any(axis=2)
    sources = np.broadcast_to(np.arange(chain.size)[:, None], targets.shape)
    return sparse.csr_matrix((cheapest[first].astype(np.float64),
                              (sources[first], targets[first])), shape=(won + 1, won + 1))


def _check_finishable(chain: Chain, board_name: str) -> None:
    """Refuse a chain where some reachable state can never reach the last square."""
    can_finish = np.zeros(chain.size + 1, dtype=bool)
    backward = _graph(chain).T.tocsr()
    can_finish[breadth_first_order(backward, chain.size, return_predecessors=False)] = True
    stuck = np.flatnonzero(~can_finish[:-1])
    if len(stuck):
        raise UnfinishableError(board_name, chain.states[stuck[0]][0])


def merged(chain: Chain) -> Chain:
    """The same game with the states that play alike merged into one.

    States whose every face goes to the same (merged) state, passing the turn alike,
    have the same future, so every figure is the same on the smaller chain (an exact
    lumping). Without the three-sixes rule this halves the chain: a turn that goes on
    after a six plays on exactly like one that has just begun.
    """
    won = chain.targets == FINISHED
    groups = np.arange(chain.size)
    count = chain.size
    while True:
        rows = np.hstack([np.where(won, FINISHED, groups[chain.targets]), chain.passes])
        order = np.lexsort(rows.T[::-1])
        ordered = rows[order]
        new_group = np.ones(chain.size, dtype=bool)
        new_group[1:] = (ordered[1:] != ordered[:-1]).any(axis=1)
        # Each group is named by its first state, so the start stays state 0.
        first = np.minimum.reduceat(order, np.flatnonzero(new_group))
        groups = np.empty(chain.size, dtype=np.int64)
        groups[order] = np.repeat(first, np.diff(np.append(np.flatnonzero(new_group),
                                                           chain.size)))
        if len(first) == count:
            break
        count = len(first)
    kept = np.sort(first)
    renumbered = np.empty(chain.size, dtype=np.int64)
    renumbered[kept] = np.arange(len(kept))
    return Chain(tuple(chain.states[k] for k in kept),
                 np.where(won, FINISHED, renumbered[groups[chain.targets]])[kept],
                 chain.passes[kept])


def shortest_game(chain: Chain) -> tuple[int, int]:
    """The fewest rolls and the fewest turns in which the last square can be reached.

    Shortest paths to the finish: every roll costs one roll; only a roll that passes
    the turn costs a turn (an extra roll costs none, and the winning roll's turn is the
    one in progress, counted from the start).
    """
    rolls = dijkstra(_graph(chain), indices=[0], unweighted=True)[0, chain.size]
    turns = dijkstra(_graph(chain, chain.passes), indices=[0])[0, chain.size]
    return int(rolls), int(turns) + 1
