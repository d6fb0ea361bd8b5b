"""Saved games: any data (damaged JSON, edited rows, random store files) is a game or one
clear error, never a crash or a hang."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from snl_edu.boards import load_board
from snl_edu.engine import Game, Rules, Seat
from snl_edu.engine.rules import Finish
from snl_edu.error_text import describe
from snl_edu.inputs.dice import RandomDice
from snl_edu.language.localizer import Localizer
from snl_edu.store import STORE_FILE, open_store
from snl_edu.store.games import GameStore
from snl_edu.vocabulary import SnlError

from .budget import fuzz, fuzz_at, no_hang

LOC = Localizer.create("en")

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 200) | st.integers() | st.text(max_size=8)
    | st.floats(allow_nan=False),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner,
                                                                   max_size=5),
    max_leaves=20)


def valid_data(seed: int, rolls: int) -> dict[str, Any]:
    game = Game(load_board("classic"), Rules(finish=Finish.BOUNCE),
                [Seat("Asha"), Seat("Computer 1", computer=True)])
    dice = RandomDice(seed)
    for _ in range(rolls):
        if game.over:
            break
        game.play(dice.roll())
    return game.to_data()


def load(data: Any) -> Game | None:
    with no_hang():
        try:
            return Game.from_data(data)
        except SnlError as error:
            assert describe(error, LOC)
            return None


@st.composite
def damaged(draw: st.DrawFn) -> Any:
    """A real saved game with one value somewhere replaced, removed or added."""
    data: Any = valid_data(draw(st.integers(0, 50)), draw(st.integers(0, 120)))
    path: list[Any] = []
    node = data
    while isinstance(node, (dict, list)) and node and draw(st.booleans()):
        key = draw(st.sampled_from(sorted(node) if isinstance(node, dict)
                                   else list(range(len(node)))))
        path.append(key)
        node = node[key]
    action = draw(st.sampled_from(["replace", "remove", "add"]))
    if not path:
        return draw(json_values) if action == "replace" else data
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    if action == "replace":
        parent[path[-1]] = draw(json_values)
    elif action == "remove":
        del parent[path[-1]]
    elif isinstance(parent, dict):
        parent[draw(st.text(max_size=6))] = draw(json_values)
    else:
        parent.append(draw(json_values))
    return data


@fuzz
@given(json_values)
def test_any_json_is_a_saved_game_or_a_clear_error(data: Any) -> None:
    load(data)


@fuzz_at(7.7)
@given(damaged())
def test_a_damaged_saved_game_loads_consistently_or_is_refused(data: Any) -> None:
    game = load(data)
    if game is not None:  # accepted: it must round-trip exactly
        assert Game.from_data(json.loads(json.dumps(game.to_data()))).to_data() == game.to_data()


@fuzz_at(13.5)
@given(st.binary(max_size=3000), st.integers(0, 4000))
def test_any_store_file_opens_or_is_set_aside(noise: bytes, keep: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        with open_store(folder) as store:
            games = GameStore(store)
            games.create(Game.from_data(valid_data(1, 30)), 1)
            store.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        path = Path(folder) / STORE_FILE
        original = path.read_bytes()
        # Either a cut-off real store with noise after the cut, or noise alone.
        path.write_bytes(original[:keep] + noise if keep else noise)
        with no_hang(), open_store(folder) as store:
            games = GameStore(store)
            for saved in games.list(include_finished=True):
                try:
                    games.load(saved.id)
                except SnlError as error:
                    assert describe(error, LOC)
            games.create(Game.from_data(valid_data(2, 5)), 2)  # and the store is writable
