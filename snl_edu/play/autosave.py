"""Autosave and resume: a game is saved after every turn and continues identically.

The dice are a seeded ``RandomDice``, and every roll the session takes from them
is played into the game, so the dice state after a saved game is "the seed,
advanced by ``len(game.rolls)`` rolls". Resuming rebuilds exactly that, so a
resumed game plays on as the uninterrupted one would have.
"""

from __future__ import annotations

import contextlib
import secrets
import sqlite3
from collections.abc import Callable
from typing import Any

from snl_edu.engine import Game
from snl_edu.inputs.dice import RandomDice
from snl_edu.store import StoreError
from snl_edu.store.games import GameStore

SEED_BITS = 63  # fits SQLite's INTEGER too, though the store keeps seeds as text


def new_seed() -> int:
    """A seed for a game the user did not seed, so it can still be resumed exactly."""
    return secrets.randbits(SEED_BITS)


def resumed_dice(seed: int, rolls_taken: int) -> RandomDice:
    dice = RandomDice(seed)
    for _ in range(rolls_taken):
        dice.roll()
    return dice


def consistent(game: Game) -> bool:
    """Whether the game's state is exactly what replaying its rolls gives.

    False when Ctrl-C struck inside ``Game.play`` and left a roll half applied.
    """
    replayed = Game.replay(game.board, game.rules, game.seats, game.rolls)
    return (replayed.positions, replayed.current, replayed.sixes_in_row, replayed.finished,
            replayed.ranking) == (game.positions, game.current, game.sixes_in_row,
                                  game.finished, game.ranking)


class Autosave:
    """The session's ``after_turn`` hook: one transaction per turn, and an honest account.

    ``behind`` is True while the latest turn is not on disk (a save failed and no later
    one succeeded): nothing may then say the game is saved.
    """

    def __init__(self, games: GameStore, game_id: int, saved_rolls: int,
                 on_failure: Callable[[Exception], None] | None = None) -> None:
        self.games = games
        self.game_id = game_id
        self.saved_rolls = saved_rolls
        # A full disk mid-game must not end the game: tell the user at once, play on.
        self.on_failure = on_failure
        self.failed: Exception | None = None
        self.behind = False

    @classmethod
    def start(cls, games: GameStore, game: Game, seed: int,
              settings: dict[str, Any]) -> Autosave:
        return cls(games, games.create(game, seed, settings), len(game.rolls))

    def __call__(self, game: Game) -> None:
        try:
            self.games.save(self.game_id, game)
        except (sqlite3.Error, OSError, StoreError) as error:
            if not self.behind and self.on_failure is not None:
                self.on_failure(error)
            self.failed = error
            self.behind = True
            return
        self.saved_rolls = len(game.rolls)
        self.behind = False

    def keep_question(self, question: dict[str, Any] | None) -> None:
        """The open question, so a game stopped during it asks it again on resuming; a
        store that cannot take it loses only that (the turn itself is saved)."""
        with contextlib.suppress(sqlite3.Error, OSError):
            self.games.keep_question(self.game_id, question)

    def on_interrupt(self, game: Game) -> None:
        """Save what can be saved after Ctrl-C; a half-applied roll is dropped.

        Dropping it is safe: the resumed dice roll the same number again.
        """
        if len(game.rolls) != self.saved_rolls and consistent(game):
            self(game)

    def close(self) -> None:
        """Release the game for other processes and close the store."""
        self.games.release(self.game_id)
        self.games.store.close()
