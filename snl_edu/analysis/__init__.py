"""Exact analysis of a board under a rule set: how long a game lasts and who is favoured.

Pure: no I/O. ``analyse`` does the whole job; ``simulate`` cross-checks it by
playing the real engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from snl_edu.analysis.chain import UnfinishableError, build_chain, merged, shortest_game
from snl_edu.analysis.distribution import PERCENTILES, Distribution
from snl_edu.analysis.exact import (
    TAIL_EPSILON,
    expected_rolls_and_turns,
    first_passage,
    matrices,
)
from snl_edu.analysis.seats import expected_rounds, seat_chances
from snl_edu.engine import Board, Rules

__all__ = [
    "PERCENTILES", "TAIL_EPSILON", "Analysis", "Distribution", "UnfinishableError", "analyse",
]


@dataclass(frozen=True)
class Analysis:
    """Everything ``snl stats`` reports; one player's figures plus the seats' chances."""

    board: Board
    rules: Rules
    players: int
    states: int  # roll states of the chain (reachable ones)
    expected_rolls: float
    expected_turns: float
    rolls: Distribution
    turns: Distribution
    shortest_rolls: int
    shortest_turns: int
    seat_chances: tuple[float, ...]
    expected_rounds: float
    epsilon: float


def analyse(board: Board, rules: Rules, players: int = 1,
            epsilon: float = TAIL_EPSILON) -> Analysis:
    """The exact analysis; raises ``UnfinishableError`` when a player can be stuck for ever."""
    chain = build_chain(board, rules)
    played = merged(chain)
    parts = matrices(played)
    turns = first_passage(parts.turns, epsilon)
    shortest_rolls, shortest_turns = shortest_game(played)
    expected_rolls, expected_turns = expected_rolls_and_turns(parts)
    return Analysis(
        board=board, rules=rules, players=players, states=chain.size,
        expected_rolls=expected_rolls, expected_turns=expected_turns,
        rolls=first_passage(parts.rolls, epsilon),
        turns=turns,
        shortest_rolls=shortest_rolls, shortest_turns=shortest_turns,
        seat_chances=seat_chances(turns, players),
        expected_rounds=expected_rounds(turns, players, rules.play_to_end),
        epsilon=epsilon,
    )
