"""Play is the minutes with turns taken, not the clock from a game's start to its last save."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from snl_edu.boards import load_board
from snl_edu.engine import Game, Rules, Seat
from snl_edu.store import games as saved_games
from snl_edu.store import open_store
from snl_edu.store.checkups import CheckupStore, minutes_played
from snl_edu.store.database import STORE_FILE

NOON = datetime(2026, 12, 1, 12, 0, 5, tzinfo=UTC)


def test_a_two_roll_game_left_open_for_hours_is_two_minutes_of_play(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # On main it counted 120 minutes (its span of 2 h 50, capped): the turns took two.
    clock = iter([NOON, NOON + timedelta(seconds=20), NOON + timedelta(hours=2, minutes=50)])
    with open_store(tmp_path) as store:
        kept = saved_games.GameStore(store)
        game = Game(load_board("classic"), Rules(), [Seat("Asha"), Seat("Computer 1", True)])
        game_id = kept.create(game, 1)
        monkeypatch.setattr(saved_games, "_now",
                            lambda: next(clock).isoformat(timespec="seconds"))
        for roll in (3, 4, 2):  # two turns in the first minute, one 2 h 50 later
            game.play(roll)
            kept.save(game_id, game)
        play = CheckupStore(store).play()
    mine = [span for span in play if "Asha" in span.players]
    assert len(mine) == 1 and len(mine[0].minutes) == 2
    assert minutes_played(play, "Asha", NOON - timedelta(days=1), NOON + timedelta(days=1)) == 2


def test_an_older_file_without_minutes_still_counts_its_span(tmp_path: Path) -> None:
    with open_store(tmp_path):
        pass  # a store at the latest version, written as an older game would be
    with sqlite3.connect(tmp_path / STORE_FILE) as db:
        start = NOON.isoformat(timespec="seconds")
        end = (NOON + timedelta(minutes=40)).isoformat(timespec="seconds")
        db.execute("INSERT INTO games (created, updated, board, players, finished, seed, rolls, "
                   "state, settings) VALUES (?, ?, 'classic', '[\"Asha\"]', 1, '1', 0, '{}', "
                   "'{}')", (start, end))
    with open_store(tmp_path) as store:
        play = CheckupStore(store).play()
    assert minutes_played(play, "Asha", NOON - timedelta(days=1), NOON + timedelta(days=1)) \
        == pytest.approx(40)
