"""Whole turns and merged states against plain calculations on the unmerged chain.

The analysis applies a turn as factors (runs of extra rolls, then the roll that passes
the turn) and merges states that play alike. Here each turn is summed out roll by roll
in plain Python instead, and the figures must be the same.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

import numpy as np
import pytest
from scipy.sparse import identity

from snl_edu.analysis import analyse
from snl_edu.analysis.chain import FINISHED, Chain, build_chain, merged
from snl_edu.analysis.exact import expected_rolls_and_turns, matrices
from snl_edu.boards import load_board, shipped_names
from snl_edu.engine import DIE_FACES, Finish, Rules
from tests.analysis.test_exact import ALL_RULES

LONG_TURNS = [("classic", Rules(three_sixes=False)),
              ("moksha-patam", Rules(Finish.BOUNCE, three_sixes=False)),
              ("saanp-bharyang", Rules(Finish.OVERSHOOT, three_sixes=False, six_to_start=True)),
              ("saanp-bharyang", Rules())]


def turn_by_turn(chain: Chain, steps: int) -> list[float]:
    """Chance the game ends in turn n = 1..steps: each turn followed roll by roll, runs
    of sixes to a chance of 1e-40."""
    chances = []
    mass: dict[int, float] = {0: 1.0}
    for _ in range(steps):
        won = 0.0
        passed: dict[int, float] = defaultdict(float)
        rolling = mass
        while sum(rolling.values()) > 1e-40:
            extra: dict[int, float] = defaultdict(float)
            for state, chance in rolling.items():
                for target, passes in zip(chain.targets[state], chain.passes[state], strict=True):
                    share = chance / DIE_FACES
                    if target == FINISHED:
                        won += share
                    elif passes:
                        passed[int(target)] += share
                    else:
                        extra[int(target)] += share
            rolling = extra
        chances.append(won)
        mass = passed
    return chances


@pytest.mark.parametrize(("name", "rules"), LONG_TURNS, ids=str)
def test_turns_in_factors_are_the_turns_summed_roll_by_roll(name: str, rules: Rules) -> None:
    board = load_board(name)
    expected = turn_by_turn(build_chain(board, rules), 40)
    chances = analyse(board, rules).turns.chances[:40]
    assert max(abs(a - b) for a, b in zip(chances, expected, strict=True)) < 1e-15
    assert sum(expected) > 0.5  # the turns compared hold most of the game


@pytest.mark.parametrize("name", shipped_names())
def test_merging_states_changes_no_figure(name: str) -> None:
    board = load_board(name)
    for rules in ALL_RULES:
        chain = build_chain(board, rules)
        whole = expected_rolls_and_turns(matrices(chain))
        small = merged(chain)
        assert small.size <= chain.size and small.states[0] == (0, 0)
        assert expected_rolls_and_turns(matrices(small)) == pytest.approx(whole, rel=1e-13)


@pytest.mark.parametrize("name", shipped_names())
def test_expectations_by_turns_are_those_by_rolls(name: str) -> None:
    # With the three-sixes rule a turn is one matrix, smaller than the rolls': the solve
    # is by turns. A turn given as two factors makes it solve by rolls instead.
    parts = matrices(build_chain(load_board(name), Rules()))
    assert len(parts.turns.factors) == 1
    by_turns = expected_rolls_and_turns(parts)
    size = parts.turns.factors[0].shape[0]
    two = replace(parts.turns, factors=(identity(size, format="csr"), *parts.turns.factors))
    by_rolls = expected_rolls_and_turns(replace(parts, turns=two))
    assert by_turns == pytest.approx(by_rolls, rel=1e-13)
    assert by_turns != by_rolls  # two different solves, not one twice


def test_without_the_three_sixes_rule_a_turn_going_on_plays_like_a_new_one() -> None:
    chain = build_chain(load_board("classic"), Rules(three_sixes=False))
    small = merged(chain)
    squares = {square for square, _ in chain.states}
    assert small.size == len(squares) < chain.size
    assert np.all(small.targets < small.size)
