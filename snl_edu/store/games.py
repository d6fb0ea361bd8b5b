"""Saved games: one row per game, rewritten in one transaction after every turn."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from snl_edu.engine import Game, GameStateError
from snl_edu.safe_text import MAX_NAME, MAX_TITLE, visible_data
from snl_edu.store import rows
from snl_edu.store.claims import Claim, claim
from snl_edu.store.database import Store
from snl_edu.vocabulary import N_


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


# The settings key of a question open when the game stopped (asked again on resuming).
OPEN_QUESTION = "open_question"
# The minutes with turns kept for one game: a day and more of play, so a file cannot grow
# without bound from one game left running.
MAX_TURN_MINUTES = 2000


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class UnknownGameError(GameStateError):
    """No saved game has this number."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(N_("There is no saved game number {number}. Type snl games to see the "
                            "saved games."), number=game_id)


class GameStore:
    """Saved games; a game created or claimed here is this process's until released."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._claims: dict[int, Claim] = {}

    def claim(self, game_id: int) -> None:
        """Play this game here (``GameInUse`` if another process is playing it)."""
        if game_id not in self._claims:
            self._claims[game_id] = claim(self.store.path, game_id)

    def release(self, game_id: int) -> None:
        held = self._claims.pop(game_id, None)
        if held is not None:
            held.release()

    def release_all(self) -> None:
        for game_id in list(self._claims):
            self.release(game_id)

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
            # Claimed before the game is committed, so no other process can take it first.
            self.claim(cursor.lastrowid)
            return cursor.lastrowid

    def save(self, game_id: int, game: Game) -> None:
        """The game's state after a turn, and the minute it was taken in (play is the
        minutes with turns): one transaction."""
        now = _now()
        with self.store.transaction() as db:
            db.execute("UPDATE games SET updated = ?, finished = ?, rolls = ?, state = ? "
                       "WHERE id = ?",
                       (now, int(game.over), len(game.rolls), json.dumps(game.to_data()),
                        game_id))
            db.execute("UPDATE games SET minutes = json_insert(minutes, '$[#]', ?) "
                       "WHERE id = ? AND json_valid(minutes) AND json_array_length(minutes) < ? "
                       "AND coalesce(json_extract(minutes, '$[#-1]'), '') <> ?",
                       (now[:16], game_id, MAX_TURN_MINUTES, now[:16]))

    def keep_question(self, game_id: int, question: dict[str, Any] | None) -> None:
        """The game's open question (None: none is open), kept with its settings."""
        with self.store.transaction() as db:
            row = db.execute("SELECT settings FROM games WHERE id = ?", (game_id,)).fetchone()
            try:
                settings = rows.json_value(row[0]) if row is not None else None
            except rows.DamagedRow:
                return  # damaged settings: nothing to keep the question with
            if not isinstance(settings, dict):
                return
            settings.pop(OPEN_QUESTION, None)
            if question is not None:
                settings[OPEN_QUESTION] = question
            db.execute("UPDATE games SET settings = ? WHERE id = ?",
                       (json.dumps(settings), game_id))

    def list(self, include_finished: bool = False) -> list[SavedGame]:
        """Newest first."""
        query = "SELECT * FROM games"
        if not include_finished:
            query += " WHERE finished = 0"
        found = self.store.connection.execute(query + " ORDER BY updated DESC, id DESC")
        listed = []
        for row in _dicts(found):
            try:
                listed.append(_saved(row))
            except rows.DamagedRow:
                continue  # damaged since the store was opened: set aside at the next opening
        return listed

    def get(self, game_id: int) -> SavedGame:
        try:
            return _saved(self._row(game_id))
        except rows.DamagedRow as error:
            raise GameStateError(N_("its data is not readable")) from error

    def load(self, game_id: int) -> tuple[SavedGame, Game]:
        """The row and the game rebuilt by replaying its rolls (GameStateError if damaged)."""
        row = self._row(game_id)
        try:
            saved = _saved(row)
            # Names and titles come back shown safely, as a board file's do.
            data = visible_data(rows.json_value(row["state"]), MAX_TITLE)
        except (rows.DamagedRow, RecursionError) as error:
            raise GameStateError(N_("its data is not readable")) from error
        return saved, Game.from_data(data)

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
    """A listing row, every column checked (``DamagedRow`` if any is not as written)."""
    players = rows.json_value(row["players"])
    settings = rows.json_value(row["settings"])
    if not isinstance(players, list) or not isinstance(settings, dict):
        raise rows.DamagedRow("players or settings")
    if not isinstance(row["state"], str):  # parsed when loaded (see load and check_row)
        raise rows.DamagedRow("state")
    return SavedGame(id=rows.integer(row["id"], 1, 2**63 - 1), created=rows.moment(row["created"]),
                     updated=rows.moment(row["updated"]),
                     board=rows.text(row["board"], MAX_TITLE),
                     players=tuple(rows.text(p, MAX_NAME) for p in players),
                     finished=rows.flag(row["finished"]), seed=rows.digits(row["seed"]),
                     rolls=rows.integer(row["rolls"], 0), settings=settings)


def listing(row: dict[str, Any]) -> SavedGame:
    """A games row as listed (its state unparsed); ``DamagedRow`` if a column is not whole."""
    return _saved(row)


def check_row(row: dict[str, Any]) -> None:
    """Raise ``DamagedRow`` unless a games row reads back whole."""
    _saved(row)
    if not isinstance(rows.json_value(row["state"]), dict):
        raise rows.DamagedRow("state")


# check_row in SQL for the one costly column, so opening the store stays quick.
UNREADABLE_STATE = ("SELECT rowid FROM games "
                    "WHERE NOT (json_valid(state) AND json_type(state) = 'object')")
