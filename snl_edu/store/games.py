"""Saved games: one row per game, rewritten in one transaction after every turn."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from snl_edu.engine import Game, GameStateError
from snl_edu.i18n import N_
from snl_edu.store.database import Store


@dataclass(frozen=True)
class SavedGame:
    """A row of the games table, without rebuilding the game itself."""

    id: int
    created: datetime
    updated: datetime
    board: str
    players: tuple[str, ...]
    finished: bool
    seed: int
    rolls: int
    settings: dict[str, Any] = field(default_factory=dict)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class UnknownGameError(GameStateError):
    """No saved game has this number."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(f"no saved game {game_id}")


class GameStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    def create(self, game: Game, seed: int, settings: dict[str, Any] | None = None) -> int:
        """Save a new game (before its first roll, so even an early Ctrl-C can resume)."""
        now = _now()
        with self.store.transaction() as db:
            cursor = db.execute(
                "INSERT INTO games (created, updated, board, players, finished, seed, rolls, "
                "state, settings) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (now, now, game.board.name, json.dumps([s.name for s in game.seats]),
                 int(game.over), str(seed), len(game.rolls), json.dumps(game.to_data()),
                 json.dumps(settings or {})))
            assert cursor.lastrowid is not None
            return cursor.lastrowid

    def save(self, game_id: int, game: Game) -> None:
        """The game's state after a turn: one UPDATE, one transaction."""
        with self.store.transaction() as db:
            db.execute("UPDATE games SET updated = ?, finished = ?, rolls = ?, state = ? "
                       "WHERE id = ?",
                       (_now(), int(game.over), len(game.rolls), json.dumps(game.to_data()),
                        game_id))

    def list(self, include_finished: bool = False) -> list[SavedGame]:
        """Newest first."""
        query = "SELECT * FROM games"
        if not include_finished:
            query += " WHERE finished = 0"
        rows = self.store.connection.execute(query + " ORDER BY updated DESC, id DESC")
        return [_saved(row) for row in _dicts(rows)]

    def get(self, game_id: int) -> SavedGame:
        row = self._row(game_id)
        return _saved(row)

    def latest_unfinished(self) -> SavedGame | None:
        games = self.list()
        return games[0] if games else None

    def load(self, game_id: int) -> tuple[SavedGame, Game]:
        """The row and the game rebuilt by replaying its rolls (GameStateError if damaged)."""
        row = self._row(game_id)
        try:
            data = json.loads(row["state"])
        except (TypeError, ValueError) as error:
            raise GameStateError(N_("its data is not readable")) from error
        return _saved(row), Game.from_data(data)

    def forget_player(self, name: str) -> int:
        """Delete every saved game a player of this name sat in (privacy: a child's name
        must go with their progress); how many games went."""
        key = " ".join(name.split()).casefold()
        doomed = [game.id for game in self.list(include_finished=True)
                  if key in {" ".join(p.split()).casefold() for p in game.players}]
        with self.store.transaction() as db:
            db.executemany("DELETE FROM games WHERE id = ?", [(i,) for i in doomed])
        return len(doomed)

    def _row(self, game_id: int) -> dict[str, Any]:
        if not -2**63 <= game_id < 2**63:  # found by fuzzing: SQLite cannot even look it up
            raise UnknownGameError(game_id)
        rows = _dicts(self.store.connection.execute("SELECT * FROM games WHERE id = ?",
                                                    (game_id,)))
        if not rows:
            raise UnknownGameError(game_id)
        return rows[0]


def _dicts(cursor: Any) -> list[dict[str, Any]]:
    names = [column[0] for column in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def _saved(row: dict[str, Any]) -> SavedGame:
    """A listing row; damaged columns become harmless defaults (loading checks the state)."""
    def when(text: Any) -> datetime:
        try:
            return datetime.fromisoformat(str(text))
        except ValueError:
            return datetime.fromtimestamp(0, UTC)

    try:
        players = json.loads(row["players"])
        players = [str(p) for p in players] if isinstance(players, list) else []
    except (TypeError, ValueError):
        players = []
    try:
        seed = int(row["seed"])
    except (TypeError, ValueError):
        seed = 0
    try:
        settings = json.loads(row["settings"])
        settings = settings if isinstance(settings, dict) else {}
    except (TypeError, ValueError):
        settings = {}
    return SavedGame(id=int(row["id"]), created=when(row["created"]), updated=when(row["updated"]),
                     board=str(row["board"]), players=tuple(players),
                     finished=bool(row["finished"]), seed=seed, rolls=int(row["rolls"] or 0),
                     settings=settings)
