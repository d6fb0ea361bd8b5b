"""Whole games on random boards and every rule set keep the game's invariants."""

from __future__ import annotations

import itertools
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from snl_edu.boards import load_board, shipped_names
from snl_edu.engine import Board, Finish, Game, Rules, Seat
from snl_edu.engine.events import (
    Bounced,
    Climbed,
    Entered,
    GameOver,
    Moved,
    Overshot,
    Rolled,
    Slid,
    TurnLost,
    TurnStarted,
    Won,
)
from snl_edu.inputs.dice import RandomDice
from tests.engine.strategies import boards, rule_sets

MAX_ROLLS = 20_000


def play_out(board: Board, rules: Rules, seats: int, seed: int) -> tuple[Game, list[object]]:
    game = Game(board, rules, [Seat(f"P{i}", computer=True) for i in range(seats)])
    dice = RandomDice(seed)
    log: list[object] = list(game.opening())
    while not game.over:
        assert len(game.rolls) < MAX_ROLLS, "the game did not end"
        before = list(game.positions)
        mover = game.current
        events = game.play(dice.roll())
        check_step(game, before, mover, events)
        log.extend(events)
    return game, log


def check_step(game: Game, before: list[int], mover: int, events: list[object]) -> None:
    last = game.board.last
    assert all(0 <= p <= last for p in game.positions)
    assert all(p == q for i, (p, q) in enumerate(zip(before, game.positions, strict=True)) if i != mover)
    assert isinstance(events[0], Rolled) and events[0].seat == mover
    for event in events:
        if isinstance(event, (Climbed, Slid)):
            jump = game.board.jump_at(event.start)
            assert jump is not None and jump.end == event.end
        if isinstance(event, Overshot):
            assert game.rules.finish is Finish.EXACT and event.value > event.needed
    if any(isinstance(e, (Overshot, TurnLost)) for e in events):
        assert game.positions[mover] == before[mover]
    landing = [e for e in events if isinstance(e, (Moved, Entered, Bounced))]
    if landing:
        square = landing[-1].end if not isinstance(landing[-1], Entered) else landing[-1].square
        jump = game.board.jump_at(square)
        assert game.positions[mover] == (jump.end if jump else square)
    assert (isinstance(events[-1], GameOver)) == game.over
    if not game.over:
        assert isinstance(events[-1], TurnStarted) or events[-1].__class__.__name__ == "ExtraRoll"


def check_ranking(game: Game) -> None:
    assert game.ranking is not None
    ranking = game.ranking
    assert sorted(s.seat for s in ranking) == list(range(len(game.seats)))
    assert [s.place for s in ranking].count(1) == 1
    assert ranking[0].square == game.board.last
    for a, b in itertools.pairwise(ranking):
        assert a.place <= b.place
        if b.square != game.board.last:
            assert a.square >= b.square
            assert (a.place == b.place) == (a.square == b.square and a.square != game.board.last)
    if game.rules.play_to_end:
        assert sum(1 for s in ranking if s.square == game.board.last) >= len(game.seats) - 1


ALL_RULES = [Rules(f, a, t, s, p) for f in Finish
             for a, t, s, p in itertools.product([True, False], repeat=4)]


def test_whole_games_every_board_and_option_combination() -> None:
    for board_name in shipped_names():
        board = load_board(board_name)
        for index, rules in enumerate(ALL_RULES):
            for seats in (1, 3):
                game, _ = play_out(board, rules, seats, seed=index * 7 + seats)
                check_ranking(game)


@settings(max_examples=60, deadline=None)
@given(board=boards(), rules=rule_sets, seats=st.integers(1, 8), seed=st.integers(0, 2**32))
def test_random_boards_keep_invariants(board: Board, rules: Rules, seats: int, seed: int) -> None:
    game, log = play_out(board, rules, seats, seed)
    check_ranking(game)
    wins = [e for e in log if isinstance(e, Won)]
    assert [w.place for w in wins] == list(range(1, len(wins) + 1))


@settings(max_examples=40, deadline=None)
@given(board=boards(), rules=rule_sets, seats=st.integers(1, 4), seed=st.integers(0, 2**32),
       cut=st.floats(0, 1))
def test_replay_and_plain_data_reproduce_the_state(board: Board, rules: Rules, seats: int,
                                                   seed: int, cut: float) -> None:
    game, _ = play_out(board, rules, seats, seed)
    rolls = game.rolls[: int(len(game.rolls) * cut)]
    partial = Game.replay(board, rules, game.seats, rolls)
    data = json.loads(json.dumps(partial.to_data()))
    again = Game.from_data(data)
    assert (again.positions, again.current, again.rolls, again.finished, again.ranking) == (
        partial.positions, partial.current, partial.rolls, partial.finished, partial.ranking)
    assert again.sixes_in_row == partial.sixes_in_row


def test_same_seed_same_game() -> None:
    board = load_board("saanp-bharyang")
    first, log1 = play_out(board, Rules(), 3, seed=42)
    second, log2 = play_out(board, Rules(), 3, seed=42)
    assert log1 == log2 and first.rolls == second.rolls
