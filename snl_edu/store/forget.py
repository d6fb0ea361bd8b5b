"""Forgetting a child: every trace of a name, from the store and from its backups.

In one transaction: their answers, lesson sessions and learner row; every saved game
they sat in or learned in; and their name blotted out of other children's records (a
lesson question can name another player). Then the freed pages are overwritten
(``secure_delete`` is on), the write-ahead log is emptied and the file rebuilt
(``VACUUM``), so the name is not left in the file's bytes. Backups kept beside the
store get the same treatment; one that cannot be opened is named to the user instead.
Names match by ``name_key`` everywhere: case, spacing and Unicode form do not matter.
"""

from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from snl_edu.safe_text import name_key
from snl_edu.store.database import Damage, Store, backups
from snl_edu.store.rows import decode_text

BLOTTED = "…"  # what a forgotten name becomes in someone else's record


@dataclass(frozen=True)
class Forgotten:
    answers: int
    games: int
    mentions: int  # other children's records the name was blotted out of
    cleaned: tuple[Path, ...]  # backups the name was removed from too
    left: tuple[Path, ...]  # backups that could not be opened: they may still hold data


def learner_or_player(store: Store, name: str) -> bool:
    """Whether anything is kept under this name (progress or a saved game)."""
    key = name_key(name)
    connection = store.connection
    return bool(_learners(connection, key) or _games(connection, key))


def forget(store: Store, name: str) -> Forgotten:
    """Forget everything kept under ``name`` (see the module's docstring)."""
    key = name_key(name)
    with store.transaction() as db:
        answers, games, mentions = _forget_in(db, key, name)
    _scrub(store.connection)
    cleaned: list[Path] = []
    left: list[Path] = []
    for backup in backups(store.path):
        if f".{Damage.FOREIGN.value}-" in backup.name:
            continue  # another program's file: none of our data, not ours to change
        (cleaned if _forget_in_backup(backup, key, name) else left).append(backup)
    return Forgotten(answers, games, mentions, tuple(cleaned), tuple(left))


def _forget_in(db: sqlite3.Connection, key: str, name: str) -> tuple[int, int, int]:
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if not {"learner", "lesson_answer", "lesson_session", "games"} <= tables:
        # A backup from before progress was kept: only its games can hold the name.
        games = _games(db, key) if "games" in tables else []
        db.executemany("DELETE FROM games WHERE id = ?", [(i,) for i in games])
        return 0, len(games), 0
    learners = _learners(db, key)
    answers = 0
    for learner_id, _ in learners:
        answers += db.execute("SELECT count(*) FROM lesson_answer WHERE learner_id = ?",
                              (learner_id,)).fetchone()[0]
        # Explicit deletes: the data must go even where foreign keys are off.
        if "checkup" in tables:
            db.execute("DELETE FROM checkup WHERE learner_id = ?", (learner_id,))
        db.execute("DELETE FROM lesson_answer WHERE learner_id = ?", (learner_id,))
        db.execute("DELETE FROM lesson_session WHERE learner_id = ?", (learner_id,))
        db.execute("DELETE FROM learner WHERE id = ?", (learner_id,))
    games = _games(db, key)
    db.executemany("DELETE FROM games WHERE id = ?", [(i,) for i in games])
    spellings = {name.strip(), *(stored for _, stored in learners)} - {""}
    pattern = re.compile("|".join(re.escape(s) for s in sorted(spellings, key=len,
                                                                reverse=True)),
                         re.IGNORECASE)
    mentions = 0
    for answer_id, question in db.execute("SELECT id, question FROM lesson_answer").fetchall():
        if isinstance(question, str) and pattern.search(question):
            db.execute("UPDATE lesson_answer SET question = ? WHERE id = ?",
                       (pattern.sub(BLOTTED, question), answer_id))
            mentions += 1
    return answers, len(games), mentions


def _learners(db: sqlite3.Connection, key: str) -> list[tuple[int, str]]:
    return [(int(i), str(n)) for i, n in db.execute("SELECT id, name FROM learner")
            if isinstance(n, str) and name_key(n) == key]


def _games(db: sqlite3.Connection, key: str) -> list[int]:
    """Games a player of this name sat in, or that kept their lessons (``--learner``)."""
    found = []
    for game_id, players, settings in db.execute("SELECT id, players, settings FROM games"):
        names = [*_json_list(players), _json_dict(settings).get("learner")]
        if any(isinstance(n, str) and name_key(n) == key for n in names):
            found.append(game_id)
    return found


def _json_list(text: Any) -> list[Any]:
    try:
        value = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return []
    return value if isinstance(value, list) else []


def _json_dict(text: Any) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return {}
    return value if isinstance(value, dict) else {}


def _scrub(connection: sqlite3.Connection) -> None:
    """Deleted data out of the bytes: the log copied in and emptied, the file rebuilt."""
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.execute("VACUUM")
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def _forget_in_backup(backup: Path, key: str, name: str) -> bool:
    """The same forgetting in a backup copy; False if it cannot be done with certainty."""
    try:
        connection = sqlite3.connect(backup, isolation_level=None)
    except sqlite3.Error:
        return False
    connection.text_factory = decode_text
    try:
        if connection.execute("PRAGMA quick_check").fetchall() != [("ok",)]:
            return False
        connection.execute("PRAGMA secure_delete=ON")
        connection.execute("BEGIN IMMEDIATE")
        try:
            _forget_in(connection, key, name)
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")
        _scrub(connection)
    except (sqlite3.Error, UnicodeDecodeError):  # see database._inspect
        return False
    finally:
        connection.close()
    return True
