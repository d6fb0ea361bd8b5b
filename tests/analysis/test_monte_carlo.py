"""The exact chain against the real engine played with a real (seeded) die.

Every shipped board under every rule set: the simulated mean must lie within four
standard errors of the exact figure. Seeds are fixed so the suite is repeatable.
"""

from __future__ import annotations

import zlib

import pytest

from snl_edu.analysis import analyse
from snl_edu.analysis.simulate import AGREEMENT_SE, Sample, simulate
from snl_edu.boards import load_board, shipped_names
from snl_edu.engine import Rules
from tests.analysis.test_exact import ALL_RULES, rule_id

GAMES = 300  # modest: 54 board and rule pairs stay within a few seconds


@pytest.mark.parametrize("name", shipped_names())
@pytest.mark.parametrize("rules", ALL_RULES, ids=rule_id)
def test_engine_games_agree_with_the_exact_chain(name: str, rules: Rules) -> None:
    board = load_board(name)
    exact = analyse(board, rules)
    played = simulate(board, rules, GAMES, seed=zlib.crc32(f"{name} {rule_id(rules)}".encode()))
    assert played.rolls.agrees(exact.expected_rolls), (played.rolls, exact.expected_rolls)
    assert played.turns.agrees(exact.expected_turns), (played.turns, exact.expected_turns)
    assert min(played.turns.mean, played.rolls.mean) >= exact.shortest_turns


@pytest.mark.parametrize("rules", [Rules(), Rules(play_to_end=True)],
                         ids=["first-winner", "play-to-end"])
def test_seat_wins_and_rounds_agree_with_the_exact_chances(rules: Rules) -> None:
    board = load_board("classic")
    exact = analyse(board, rules, players=3)
    played = simulate(board, rules, 1500, players=3, seed=7)
    for seat, sample in enumerate(played.seat_wins):
        assert sample.agrees(exact.seat_chances[seat]), (seat, sample, exact.seat_chances)
    assert played.rounds is not None
    assert played.rounds.agrees(exact.expected_rounds), (played.rounds, exact.expected_rounds)


def test_a_sample_agrees_within_four_standard_errors() -> None:
    sample = Sample(4, 2.5, 0.65)  # 1, 2, 3, 4: mean 2.5, standard error 0.65
    assert sample.agrees(sample.mean + AGREEMENT_SE * sample.se * 0.99)
    assert not sample.agrees(sample.mean + AGREEMENT_SE * sample.se * 1.01)
    low, high = sample.interval()
    assert low < sample.mean < high
