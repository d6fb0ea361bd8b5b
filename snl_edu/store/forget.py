"""Forgetting a child: every trace of a name, from the store and from its backups.

Where to look is the one list in child_data.py. In one transaction: their rows in every
table (answers, lesson sessions, check-ups, the learner row); every saved game they sat
in, alone or in a team, or learned in; and their name blotted out of other children's
records (a lesson question can name another player). Then the freed pages are
overwritten (``secure_delete`` is on), the write-ahead log is emptied and the file
rebuilt (``VACUUM``), so the name is not left in the file's bytes. Then their entries in
the data folder's other files (speech preferences; one too damaged to read goes whole). Backups kept beside the store get
the same treatment; one that cannot be opened is named to the user instead. Names match
by ``name_key`` everywhere: case, spacing, Unicode form and zero-width characters do not
matter.
"""

from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from snl_edu.safe_text import name_key
from snl_edu.store.child_data import (
    TABLES,
    Forgetting,
    Holds,
    files_holding,
    forget_in_files,
    names_child,
)
from snl_edu.store.database import Damage, Store, _environment_problem, backups
from snl_edu.store.rows import decode_text

BLOTTED = "…"  # what a forgotten name becomes in someone else's record


@dataclass(frozen=True)
class Forgotten:
    answers: int
    games: int
    mentions: int  # other children's records the name was blotted out of
    files: tuple[Path, ...]  # the data folder's other files it was removed from (speech.json)
    discarded: tuple[Path, ...]  # damaged files of the data folder, deleted whole
    cleaned: tuple[Path, ...]  # backups the name was removed from too
    left: tuple[Path, ...]  # backups that could not be opened: they may still hold data
    stuck: tuple[Path, ...]  # files that could not be written (a full disk): they still hold data
    scrubbed: bool = True  # False: the store's freed bytes could not be overwritten yet


@dataclass(frozen=True)
class Found:
    """Where a name is kept, before anything is changed."""

    here: bool  # in the store or a file of the data folder
    backups: tuple[Path, ...]  # backups that hold the name
    damaged: tuple[Path, ...]  # backups that cannot be read: they may hold it

    def __bool__(self) -> bool:
        return self.here or bool(self.backups)


def find(store: Store, name: str) -> Found:
    """Whether anything is kept under this name: progress, a seat in a saved game, a
    file of the data folder, a backup beside the store."""
    key = name_key(name)
    if not key:  # a blank name is nobody's (clean_name refuses it at every door)
        return Found(False, (), ())
    connection = store.connection
    here = bool(_learners(connection, key) or _games(connection, key)
                or files_holding(store.path.parent, key))
    holding: list[Path] = []
    damaged: list[Path] = []
    for backup in _our_backups(store):
        held = _backup_holds(backup, key)
        if held is None:
            damaged.append(backup)
        elif held:
            holding.append(backup)
    return Found(here, tuple(holding), tuple(damaged))


def forget(store: Store, name: str) -> Forgotten:
    """Forget everything kept under ``name`` (see the module's docstring)."""
    key = name_key(name)
    with store.transaction() as db:  # StoreError (a full disk): nothing was forgotten
        answers, games, mentions = _forget_in(db, key, name)
    try:
        _scrub(store.connection)
        scrubbed = True
    except sqlite3.Error as error:
        if not _environment_problem(error):
            raise
        # Forgotten, but the freed bytes may stay in the log until SQLite can write again.
        scrubbed = False
    files = forget_in_files(store.path.parent, key)
    stuck = files[None]
    cleaned: list[Path] = []
    left: list[Path] = []
    for backup in _our_backups(store):
        outcome = _forget_in_backup(backup, key, name)
        {"cleaned": cleaned, "damaged": left, "unwritable": stuck}[outcome].append(backup)
    return Forgotten(answers, games, mentions, tuple(files[Forgetting.REMOVED]),
                     tuple(files[Forgetting.DISCARDED]), tuple(cleaned), tuple(left),
                     tuple(stuck), scrubbed)


def _our_backups(store: Store) -> list[Path]:
    # Another program's file holds none of our data and is not ours to change.
    return [backup for backup in backups(store.path)
            if f".{Damage.FOREIGN.value}-" not in backup.name]


def _forget_in(db: sqlite3.Connection, key: str, name: str) -> tuple[int, int, int]:
    """Forget the child in every table of ``child_data.TABLES`` this file has (a backup
    from an older snl has fewer)."""
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    learners = _learners(db, key) if "learner" in tables else []
    ids = [(learner_id,) for learner_id, _ in learners]
    answers = 0
    if "lesson_answer" in tables:
        answers = sum(db.execute("SELECT count(*) FROM lesson_answer WHERE learner_id = ?",
                                 i).fetchone()[0] for i in ids)
    # Explicit deletes, a learner's rows before the learner: the data must go even where
    # foreign keys are off.
    for table in sorted(tables & TABLES.keys(), key=lambda t: TABLES[t] is not Holds.BY_LEARNER):
        holds = TABLES[table]
        if holds is Holds.BY_LEARNER:
            db.executemany(f'DELETE FROM "{table}" WHERE learner_id = ?', ids)
        elif holds is Holds.LEARNER:
            db.executemany(f'DELETE FROM "{table}" WHERE id = ?', ids)
    games = _games(db, key) if "games" in tables else []
    db.executemany("DELETE FROM games WHERE id = ?", [(i,) for i in games])
    mentions = _blot(db, {name.strip(), *(stored for _, stored in learners)} - {""}) \
        if "lesson_answer" in tables else 0
    return answers, len(games), mentions


def _blot(db: sqlite3.Connection, spellings: set[str]) -> int:
    """The name taken out of other children's questions (one can name another player)."""
    if not spellings:  # an empty pattern would match every question
        return 0
    pattern = re.compile("|".join(re.escape(s) for s in sorted(spellings, key=len,
                                                                reverse=True)),
                         re.IGNORECASE)
    mentions = 0
    for answer_id, question in db.execute("SELECT id, question FROM lesson_answer").fetchall():
        if isinstance(question, str) and pattern.search(question):
            db.execute("UPDATE lesson_answer SET question = ? WHERE id = ?",
                       (pattern.sub(BLOTTED, question), answer_id))
            mentions += 1
    return mentions


def _learners(db: sqlite3.Connection, key: str) -> list[tuple[int, str]]:
    return [(int(i), str(n)) for i, n in db.execute("SELECT id, name FROM learner")
            if isinstance(n, str) and name_key(n) == key]


def _games(db: sqlite3.Connection, key: str) -> list[int]:
    """Games the child sat in (alone or in a team), or that kept their lessons
    (``--learner``)."""
    found = []
    for game_id, players, settings in db.execute("SELECT id, players, settings FROM games"):
        names = [*_json_list(players), _json_dict(settings).get("learner")]
        if any(names_child(n, key) for n in names):
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


def _backup_holds(backup: Path, key: str) -> bool | None:
    """Whether a backup holds the name; None if it cannot be read with certainty."""
    try:
        connection = sqlite3.connect(f"{backup.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return None
    connection.text_factory = decode_text
    try:
        if connection.execute("PRAGMA quick_check").fetchall() != [("ok",)]:
            return None
        tables = {row[0] for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        return bool(("learner" in tables and _learners(connection, key))
                    or ("games" in tables and _games(connection, key)))
    except (sqlite3.Error, UnicodeDecodeError):  # see database._inspect
        return None
    finally:
        connection.close()


def _forget_in_backup(backup: Path, key: str, name: str) -> str:
    """The same forgetting in a backup copy: "cleaned"; "damaged" if it cannot be read
    with certainty; "unwritable" if the machine refused the write (a full disk)."""
    try:
        connection = sqlite3.connect(backup, isolation_level=None)
    except sqlite3.Error:
        return "damaged"
    connection.text_factory = decode_text
    try:
        if connection.execute("PRAGMA quick_check").fetchall() != [("ok",)]:
            return "damaged"
        connection.execute("PRAGMA secure_delete=ON")
        connection.execute("BEGIN IMMEDIATE")
        try:
            _forget_in(connection, key, name)
        except BaseException:
            if connection.in_transaction:  # a full disk may have rolled it back already
                connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")
        _scrub(connection)
    except sqlite3.Error as error:
        return "unwritable" if _environment_problem(error) else "damaged"
    except UnicodeDecodeError:  # see database._inspect
        return "damaged"
    finally:
        connection.close()
    return "cleaned"
