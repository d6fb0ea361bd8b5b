"""Saved-game data: round trip and refusal of data that does not describe a game."""

from __future__ import annotations

import pytest

from snl_edu.boards import load_board
from snl_edu.engine import Game, Rules, Seat
from snl_edu.vocabulary import SnlError


def saved() -> dict:  # type: ignore[type-arg]
    game = Game(load_board("moksha-patam"), Rules(), [Seat("Asha"), Seat("C", computer=True)])
    for roll in [3, 4, 6, 2, 5, 1]:
        game.play(roll)
    return game.to_data()


def test_round_trip_keeps_names_of_jumps() -> None:
    game = Game.from_data(saved())
    assert game.board.jump_at(4).names["ne"] == "दया"  # type: ignore[union-attr]
    assert game.seats[1].computer and game.rolls == [3, 4, 6, 2, 5, 1]


@pytest.mark.parametrize("change", [
    lambda d: d.update(format=99),
    lambda d: d.update(rolls=[1, 2, 9]),
    lambda d: d.update(rolls="123"),
    lambda d: d.update(positions=[1, 1]),
    lambda d: d.update(current=5),
    lambda d: d.update(seats=[{"name": "A"}, {"name": "A"}]),
    lambda d: d.update(seats="x"),
    lambda d: d["rules"].update(finish="sideways"),
    lambda d: d["rules"].update(six_again="yes"),
    lambda d: d["board"].update(width=1),
])
def test_damaged_data_is_refused(change) -> None:  # type: ignore[no-untyped-def]
    data = saved()
    change(data)
    with pytest.raises(SnlError):
        Game.from_data(data)


def test_unrecognisable_data_is_refused() -> None:
    for bad in (None, [], {"format": 1}, {"format": 1, "board": {}, "rules": {}, "seats": []}):
        with pytest.raises(SnlError):
            Game.from_data(bad)
