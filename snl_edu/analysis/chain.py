"""The game of one player as an absorbing Markov chain, one roll per step.

A state is where a roll starts: ``(square, sixes)``, the square (0 = off the
board) and how many sixes in a row this turn has already rolled. Each outcome
comes from the engine's own ``step``, the transition ``Game.play`` applies, so
the chain plays exactly the game the engine plays.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import NamedTuple

from snl_edu.engine import DIE_FACES, Board, Rules
from snl_edu.engine.step import step
from snl_edu.vocabulary import SnlError

State = tuple[int, int]
FINISHED = -1
"""Index of the absorbing state (the last square reached) in an outcome."""
ROLL_CHANCE = 1.0 / DIE_FACES
_FACES = range(1, DIE_FACES + 1)


class UnfinishableError(SnlError):
    """A player can get stuck for ever: the game has no finite expected length."""

    def __init__(self, board: str, square: int) -> None:
        self.board = board
        self.square = square
        super().__init__(f"{board}: from square {square} the last square cannot be reached")


class Outcome(NamedTuple):
    """What one face of the die does from one state."""

    target: int  # index of the next state, or FINISHED
    turn_ends: bool  # the roll passes the turn (False: an extra roll, or the game is won)


@dataclass(frozen=True)
class Chain:
    """The reachable roll states and, for each, the outcome of every face of the die."""

    states: tuple[State, ...]  # index 0 is the start: off the board, no sixes yet
    outcomes: tuple[tuple[Outcome, ...], ...]

    @property
    def size(self) -> int:
        return len(self.states)


def build_chain(board: Board, rules: Rules) -> Chain:
    """Every state reachable from the start, checked to reach the finish from each.

    Breadth-first: ``order`` is both the states found so far and the queue.
    """
    index: dict[State, int] = {(0, 0): 0}
    order: list[State] = [(0, 0)]
    outcomes: list[tuple[Outcome, ...]] = []
    won = Outcome(FINISHED, False)
    for square, sixes in order:  # grows while it is walked
        row = []
        for roll in _FACES:
            move = step(board, rules, square, sixes, roll)
            if move.won:
                row.append(won)
                continue
            target = (move.square, move.sixes)
            found = index.get(target)
            if found is None:
                found = index[target] = len(order)
                order.append(target)
            row.append(Outcome(found, move.turn_ends))
        outcomes.append(tuple(row))
    chain = Chain(tuple(order), tuple(outcomes))
    _check_finishable(chain, board.name)
    return chain


def _check_finishable(chain: Chain, board_name: str) -> None:
    """Refuse a chain where some reachable state can never reach the last square."""
    predecessors: list[set[int]] = [set() for _ in range(chain.size)]
    can_finish = [False] * chain.size
    queue: deque[int] = deque()
    for source, row in enumerate(chain.outcomes):
        for outcome in row:
            if outcome.target == FINISHED:
                if not can_finish[source]:
                    can_finish[source] = True
                    queue.append(source)
            else:
                predecessors[outcome.target].add(source)
    while queue:
        for source in predecessors[queue.popleft()]:
            if not can_finish[source]:
                can_finish[source] = True
                queue.append(source)
    for position, ok in enumerate(can_finish):
        if not ok:
            raise UnfinishableError(board_name, chain.states[position][0])


def shortest_game(chain: Chain) -> tuple[int, int]:
    """The fewest rolls and the fewest turns in which the last square can be reached.

    Breadth-first on rolls; 0-1 breadth-first on turns (an extra roll costs no turn).
    """
    rolls = _zero_one_bfs(chain, count_roll=True)
    turns = _zero_one_bfs(chain, count_roll=False)
    return rolls, turns


def _zero_one_bfs(chain: Chain, count_roll: bool) -> int:
    infinity = 1 << 30
    best = [infinity] * chain.size
    best[0] = 1  # the roll (or turn) in progress at the start
    finish = infinity
    queue: deque[int] = deque([0])
    while queue:
        source = queue.popleft()
        for outcome in chain.outcomes[source]:
            if outcome.target == FINISHED:
                finish = min(finish, best[source])
                continue
            cost = 1 if count_roll or outcome.turn_ends else 0
            candidate = best[source] + cost
            if candidate < best[outcome.target]:
                best[outcome.target] = candidate
                if cost:
                    queue.append(outcome.target)
                else:
                    queue.appendleft(outcome.target)
    return finish
