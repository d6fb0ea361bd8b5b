"""Errors reach a Nepali reader in Nepali: our own reasons are msgids, never English prose."""

from __future__ import annotations

import re
from typing import Any

import pytest

from snl_edu.boards import load_board
from snl_edu.engine import Game, Rules, Seat, board_from_data
from snl_edu.error_text import describe
from snl_edu.language.localizer import Localizer
from snl_edu.vocabulary import SnlError

ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")


def _saved(**changes: Any) -> dict[str, Any]:
    game = Game(load_board("classic"), Rules(), [Seat("अशा"), Seat("बिकाश")])
    for roll in (3, 4, 5):
        game.play(roll)
    return {**game.to_data(), **changes}


@pytest.mark.parametrize("data", [
    _saved(positions=[1, 2]),
    _saved(rolls="three"),
    _saved(seats=7),
    _saved(format=99),
    _saved(rules={"six_again": "yes"}),
    _saved(rules={"finish": "somewhere"}),
    _saved(board={**load_board("classic").to_data(), "ladders": [{"from": 2, "to": 1}]}),
], ids=["positions", "rolls", "seats", "format", "option", "finish", "board"])
def test_a_damaged_saved_game_is_explained_in_nepali(data: dict[str, Any]) -> None:
    with pytest.raises(SnlError) as caught:
        Game.from_data(data)
    text = describe(caught.value, Localizer.create("ne"))
    # Option names and their values are the file's own words, not prose.
    prose = re.sub(r"six_again|finish|somewhere|true|false|'", "", text)
    assert not ENGLISH_WORD.search(prose), text


@pytest.mark.parametrize("data", [
    [], {"width": "ten"}, {"wide": 3}, {"name": 5}, {"ladders": {}},
    {"ladders": [{"from": 3}]}, {"ladders": [{"from": 3, "to": 9, "colour": "red"}]},
    {"title": "x"},
], ids=["table", "width", "keys", "name", "list", "both", "only", "names"])
def test_a_malformed_board_is_explained_in_nepali(data: Any) -> None:
    with pytest.raises(SnlError) as caught:
        board_from_data(data, source="हाम्रो.toml")
    text = describe(caught.value, Localizer.create("ne"))
    keys = r"width|wide|name|ladders|from|to|colour|title"
    assert not ENGLISH_WORD.search(re.sub(keys, "", text)), text
