"""A short run of the soak benchmark: every board and rule combination, invariants checked
after every event (benchmarks/soak.py plays 10,000 games by hand)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

SOAK = Path(__file__).resolve().parent.parent / "benchmarks" / "soak.py"


def load_soak() -> ModuleType:
    spec = importlib.util.spec_from_file_location("snl_soak", SOAK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_a_few_hundred_games_keep_every_invariant() -> None:
    soak = load_soak()
    configurations = 3 * len(soak.every_rule_set())
    [totals] = soak.soak(2 * configurations, seed=8)  # every combination twice
    assert totals.games == 288
    # Every kind of event happened, so every invariant was exercised.
    assert set(totals.kinds) >= {"Rolled", "Entered", "Moved", "Overshot", "Bounced", "Climbed",
                                 "Slid", "ExtraRoll", "TurnLost", "NeedSix", "Won", "GameOver",
                                 "TurnStarted"}


def test_the_invariant_checks_catch_a_broken_game() -> None:
    soak = load_soak()
    from snl_edu.boards import load_board
    from snl_edu.engine import Game, Rules, Seat

    board = load_board("classic")
    game = Game(board, Rules(), [Seat("A")])
    game.positions[0] = 1  # standing on the foot of the 1 -> 38 ladder
    with pytest.raises(soak.InvariantBroken):
        soak.check_state(game, board)
