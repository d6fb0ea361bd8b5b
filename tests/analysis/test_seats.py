"""Seats: chances of winning and the length of a game with several players."""

from __future__ import annotations

import pytest

from snl_edu.analysis import analyse
from snl_edu.analysis.distribution import Distribution
from snl_edu.analysis.seats import expected_rounds, seat_chances
from snl_edu.boards import load_board, shipped_names
from snl_edu.engine import MAX_SEATS, Rules


@pytest.mark.parametrize("name", shipped_names())
@pytest.mark.parametrize("players", range(2, MAX_SEATS + 1))
def test_seat_chances_sum_to_one_and_favour_the_first_seat(name: str, players: int) -> None:
    result = analyse(load_board(name), Rules(), players)
    chances = result.seat_chances
    assert len(chances) == players
    assert sum(chances) == pytest.approx(1.0, abs=1e-9)
    assert list(chances) == sorted(chances, reverse=True)
    assert chances[0] > 1 / players > chances[-1]


def test_two_seats_when_each_finishes_in_one_or_two_turns() -> None:
    # Each player finishes in turn 1 or 2, half and half. Seat 1 wins unless it takes 2
    # turns while seat 2 takes 1: 1 - 1/4 = 3/4. Rounds: 1 unless both take 2: 1 + 1/4.
    turns = Distribution((0.5, 0.5), 0.0)
    assert seat_chances(turns, 2) == pytest.approx((0.75, 0.25))
    assert expected_rounds(turns, 2) == pytest.approx(1.25)
    # Playing to the end with three players: the game ends when two have finished.
    # Rounds exceed 1 unless at least two take 1 turn: P = 1/2 -> 1 + 1/2.
    assert expected_rounds(turns, 3, play_to_end=True) == pytest.approx(1.5)


def test_one_player_plays_as_many_rounds_as_turns() -> None:
    result = analyse(load_board("classic"), Rules(), 1)
    assert result.seat_chances == pytest.approx((1.0,))
    assert result.expected_rounds == pytest.approx(result.expected_turns, rel=1e-9)


def test_more_players_make_shorter_games() -> None:
    board = load_board("saanp-bharyang")
    rounds = [analyse(board, Rules(), n).expected_rounds for n in (1, 2, 4, 8)]
    assert rounds == sorted(rounds, reverse=True)
