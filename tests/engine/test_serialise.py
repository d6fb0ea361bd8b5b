"""Saved-game data: round trip and refusal of data that does not describe a game."""

from __future__ import annotations

import pytest

from snl_edu.boards import load_board
from snl_edu.engine import Game, Rules, Seat
from snl_edu.error_text import describe
from snl_edu.language.localizer import Localizer
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


@pytest.mark.parametrize("change,reason", [
    (lambda d: d.update(format=99), "not a saved game of a known format"),
    (lambda d: d.update(rolls=[1, 2, 9]), "a die shows 1 to 6, not 9"),
    (lambda d: d.update(rolls="123"), "rolls are malformed"),
    (lambda d: d.update(positions=[1, 1]), "stored positions do not match the rolls"),
    (lambda d: d.update(current=5), "stored positions do not match the rolls"),
    (lambda d: d.update(seats=[{"name": "A"}, {"name": "A"}]), None),
    (lambda d: d.update(seats="x"), "seats are malformed"),
    (lambda d: d.update(rules="x"), "rules are not a table"),
    (lambda d: d["rules"].update(sixes=3, colour=1), "unknown rule options: colour and sixes"),
    (lambda d: d["rules"].update(finish="sideways"), "unknown finish rule 'sideways'"),
    (lambda d: d["rules"].update(six_again="yes"), "rule option six_again must be true or false"),
    (lambda d: d["board"].update(width=1), "its board is malformed"),
    (lambda d: d["board"]["ladders"].append({"from": 2, "to": 1}), "its board is malformed"),
])
def test_damaged_data_is_refused(change, reason) -> None:  # type: ignore[no-untyped-def]
    data = saved()
    change(data)
    with pytest.raises(SnlError) as refused:
        Game.from_data(data)
    if reason is not None:
        assert describe(refused.value, Localizer.create("en")) == (
            f"The saved game cannot be used: {reason}.")


def test_a_seat_saved_without_its_kind_is_a_human_player() -> None:
    data = saved()
    del data["seats"][0]["computer"]
    assert [seat.computer for seat in Game.from_data(data).seats] == [False, True]


def test_unrecognisable_data_is_refused() -> None:
    for bad in (None, [], {"format": 1}, {"format": 1, "board": {}, "rules": {}, "seats": []}):
        with pytest.raises(SnlError):
            Game.from_data(bad)
