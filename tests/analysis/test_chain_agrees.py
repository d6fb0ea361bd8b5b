"""The exact analysis plays the engine's game: the same answer to every roll from every state.

Exact, not statistical: for every shipped board and every rule set, every reachable roll
state of the chain and every face of the die are played through ``Game.play``, and both
are checked against the rules as `snl rules` states them, written out again here on purpose.
"""

from __future__ import annotations

import pytest

from snl_edu.analysis.chain import FINISHED, build_chain
from snl_edu.boards import load_board, shipped_names
from snl_edu.engine import DIE_FACES, Board, Finish, Game, Rules, Seat
from snl_edu.engine.events import GameOver, TurnStarted
from snl_edu.engine.rules import every_rule_set


def spec_roll(board: Board, rules: Rules, square: int, sixes: int, roll: int
              ) -> tuple[int | None, int, bool]:
    """The rules for one roll, as `snl rules` states them: (square after it or None once
    won, sixes so far, turn ends)."""
    is_six = roll == DIE_FACES and rules.six_again
    sixes = sixes + 1 if is_six else 0
    if is_six and rules.three_sixes and sixes == 3:
        return square, 0, True
    if square == 0 and rules.six_to_start and roll != DIE_FACES:
        return 0, 0, True
    target = square + roll
    if target > board.last and rules.finish is Finish.EXACT:
        target = square  # not moved
    else:
        if target > board.last:
            target = board.last if rules.finish is Finish.OVERSHOOT else 2 * board.last - target
        jump = board.jump_at(target)
        target = target if jump is None else jump.end
    if target == board.last:
        return None, 0, False
    return target, sixes, not is_six


@pytest.mark.parametrize("name", shipped_names())
def test_chain_and_engine_agree_on_every_state_and_roll(name: str) -> None:
    board = load_board(name)
    checked = 0
    for rules in every_rule_set():
        chain = build_chain(board, rules)
        assert chain.states[0] == (0, 0)
        for state, targets, passes in zip(chain.states, chain.targets, chain.passes,
                                          strict=True):
            square, sixes = state
            for roll, (target, passed) in enumerate(zip(targets, passes, strict=True), start=1):
                game = Game(board, rules, [Seat("solo")])
                game.positions[0], game.sixes_in_row = square, sixes
                events = game.play(roll)
                spec_square, spec_sixes, spec_ends = spec_roll(board, rules, square, sixes, roll)
                turn_passed = isinstance(events[-1], TurnStarted)
                assert turn_passed == passed == spec_ends, (rules, state, roll)
                if target == FINISHED:
                    assert spec_square is None and game.over
                    assert isinstance(events[-1], GameOver)
                    continue
                assert not game.over
                after = chain.states[target]
                assert after == (game.positions[0], game.sixes_in_row), (rules, state, roll)
                assert after[0] == spec_square, (rules, state, roll)
                # The chain may forget how many sixes beyond what a rule can still use.
                assert (after[1] > 0) == (spec_sixes > 0)
                assert after[1] == spec_sixes or not rules.three_sixes
                checked += 1
    # Every rule set, every state, every face: over 100 checks a square on any board.
    assert checked > 100 * board.last
