"""Saved games and autosave against a real SQLite file."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from snl_edu.boards import load_board
from snl_edu.engine import Game, Rules, Seat
from snl_edu.engine.rules import Finish
from snl_edu.inputs.dice import RandomDice
from snl_edu.play.autosave import Autosave, consistent, resumed_dice
from snl_edu.store import Damage, open_store
from snl_edu.store.games import GameStore, UnknownGameError
from snl_edu.vocabulary import SnlError


def new_game() -> Game:
    return Game(load_board("classic"), Rules(finish=Finish.BOUNCE, six_to_start=True),
                [Seat("Asha"), Seat("Computer 1", computer=True)])


def test_a_game_saved_every_turn_loads_back_identical(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        games = GameStore(store)
        game = new_game()
        autosave = Autosave.start(games, game, seed=5, settings={"count": True})
        dice = RandomDice(5)
        while not game.over:
            game.play(dice.roll())
            autosave(game)
            saved, loaded = games.load(autosave.game_id)
            assert loaded.to_data() == game.to_data()
            assert saved.rolls == len(game.rolls)
        assert saved.finished and saved.seed == 5 and saved.settings == {"count": True}
        assert saved.players == ("Asha", "Computer 1") and saved.board == "classic"


def test_resumed_dice_continue_the_seeded_sequence() -> None:
    straight = RandomDice(123)
    expected = [straight.roll() for _ in range(60)]
    resumed = resumed_dice(123, 25)
    assert [resumed.roll() for _ in range(35)] == expected[25:]


def test_listing_hides_finished_games_unless_asked(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        games = GameStore(store)
        finished = new_game()
        finished_id = games.create(finished, 1)
        dice = RandomDice(1)
        while not finished.over:
            finished.play(dice.roll())
        games.save(finished_id, finished)
        open_id = games.create(new_game(), 2)
        assert [g.id for g in games.list()] == [open_id]
        assert {g.id for g in games.list(include_finished=True)} == {open_id, finished_id}
        assert games.list()  # the latest unfinished game comes first (--resume latest)
        assert games.list()[0].id == open_id


def test_an_unknown_game_number_is_a_clear_error(tmp_path: Path) -> None:
    with open_store(tmp_path) as store, pytest.raises(UnknownGameError):
        GameStore(store).load(42)


@pytest.mark.parametrize("state", ["not json", "[]", json.dumps({"format": 1}), "null"])
def test_a_damaged_saved_game_is_a_clear_error(tmp_path: Path, state: str) -> None:
    with open_store(tmp_path) as store:
        games = GameStore(store)
        game_id = games.create(new_game(), 3)
        with store.transaction() as db:
            db.execute("UPDATE games SET state = ?, players = 'x', seed = 'y' WHERE id = ?",
                       (state, game_id))
        assert games.list() == []  # a row that does not read back whole is not listed
        with pytest.raises(SnlError):
            games.load(game_id)
    with open_store(tmp_path) as store:  # and at the next opening it is set aside
        assert store.recovery is not None and store.recovery.damage is Damage.ROWS
        assert store.recovery.lost == 1
        assert store.connection.execute("SELECT count(*) FROM games").fetchone()[0] == 0
    with sqlite3.connect(store.recovery.backup) as backup:
        assert backup.execute("SELECT seed FROM games").fetchall() == [("y",)]


def test_ctrl_c_inside_a_roll_keeps_the_last_whole_turn(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        games = GameStore(store)
        game = new_game()
        autosave = Autosave.start(games, game, seed=9, settings={})
        for roll in (6, 3, 2):
            game.play(roll)
            autosave(game)
        # A half-applied roll: recorded, but the token never moved.
        game.rolls.append(4)
        assert not consistent(game)
        autosave.on_interrupt(game)
        _, loaded = games.load(autosave.game_id)
        assert loaded.rolls == [6, 3, 2]


def test_ctrl_c_after_a_roll_whose_save_was_cut_short_saves_it(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        games = GameStore(store)
        game = new_game()
        autosave = Autosave.start(games, game, seed=9, settings={})
        game.play(6)
        game.play(2)  # played, but the autosave for it never committed
        autosave.on_interrupt(game)
        assert games.load(autosave.game_id)[1].rolls == [6, 2]


def test_a_failing_save_is_reported_once_and_play_goes_on(tmp_path: Path) -> None:
    reported: list[Exception] = []
    with open_store(tmp_path) as store:
        games = GameStore(store)
        game = new_game()
        autosave = Autosave.start(games, game, seed=9, settings={})
        autosave.on_failure = reported.append
        with store.transaction() as db:
            db.execute("DROP TABLE games")  # the store goes bad under the game's feet
        for roll in (6, 3, 2):
            game.play(roll)
            autosave(game)
    assert len(reported) == 1
