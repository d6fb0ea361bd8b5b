"""Number check-ups in the store: one row per check-up, its answers as JSON.

The readers take a plain connection, so a class report can read another
computer's store file too (snl_edu.checkup.classroom).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime

from snl_edu.store.database import Store

# A saved game left open overnight is not a night of play: each game counts for
# at most this long (created to last save).
MAX_GAME_MINUTES = 120.0


@dataclass(frozen=True)
class CheckupAnswer:
    task: str
    numbers: tuple[int, ...]
    answer: int
    given: float | None  # None: skipped; number-line estimates may be fractional
    seconds: float


@dataclass(frozen=True)
class CheckupRecord:
    learner: str
    at: datetime
    form: int
    language: str
    by_ear: bool
    answers: tuple[CheckupAnswer, ...]


@dataclass(frozen=True)
class PlaySpan:
    """One saved game a learner sat in: when it started and was last saved."""

    players: tuple[str, ...]
    start: datetime
    end: datetime


def _clean(name: str) -> str:
    return " ".join(name.split())


def _when(text: object) -> datetime:
    try:
        moment = datetime.fromisoformat(str(text))
    except ValueError:
        return datetime.fromtimestamp(0, UTC)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _answers(text: object) -> tuple[CheckupAnswer, ...]:
    try:
        rows = json.loads(str(text))
        return tuple(CheckupAnswer(str(r["task"]), tuple(int(n) for n in r["numbers"]),
                                   int(r["answer"]),
                                   None if r["given"] is None else float(r["given"]),
                                   float(r["seconds"])) for r in rows)
    except (ValueError, KeyError, TypeError):
        return ()  # a damaged row counts as a check-up with nothing answered


def read_checkups(db: sqlite3.Connection, name: str | None = None) -> list[CheckupRecord]:
    query = ("SELECT l.name, c.at, c.form, c.language, c.by_ear, c.answers FROM checkup c "
             "JOIN learner l ON l.id = c.learner_id")
    params: list[object] = []
    if name is not None:
        query += " WHERE l.name = ?"
        params.append(_clean(name))
    rows = db.execute(query + " ORDER BY c.at, c.id", params).fetchall()
    return [CheckupRecord(str(learner), _when(at), int(form), str(language), bool(by_ear),
                          _answers(answers))
            for learner, at, form, language, by_ear, answers in rows]


def read_play(db: sqlite3.Connection) -> list[PlaySpan]:
    spans = []
    for players, created, updated in db.execute("SELECT players, created, updated FROM games"):
        try:
            names = tuple(str(n) for n in json.loads(str(players)))
        except (ValueError, TypeError):
            continue
        spans.append(PlaySpan(names, _when(created), _when(updated)))
    return spans


def minutes_played(spans: Iterable[PlaySpan], learner: str, start: datetime,
                   end: datetime) -> float:
    """Minutes of the learner's games that fall between two moments."""
    total = 0.0
    wanted = _clean(learner).casefold()
    for span in spans:
        if wanted not in {_clean(p).casefold() for p in span.players}:
            continue
        overlap = (min(span.end, end) - max(span.start, start)).total_seconds() / 60
        total += min(max(overlap, 0.0), MAX_GAME_MINUTES)
    return total


class CheckupStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    def save(self, learner: str, form: int, language: str, by_ear: bool,
             answers: Iterable[CheckupAnswer], at: datetime | None = None) -> None:
        rows = [{"task": a.task, "numbers": list(a.numbers), "answer": a.answer,
                 "given": a.given, "seconds": round(a.seconds, 2)} for a in answers]
        moment = (at or datetime.now(UTC)).isoformat(timespec="milliseconds")
        with self.store.transaction() as db:
            found = db.execute("SELECT id FROM learner WHERE name = ?",
                               (_clean(learner),)).fetchone()
            if found is None:
                learner_id = db.execute("INSERT INTO learner (name, created) VALUES (?, ?)",
                                        (_clean(learner), moment)).lastrowid
            else:
                learner_id = int(found[0])
            db.execute("INSERT INTO checkup (learner_id, at, form, language, by_ear, answers) "
                       "VALUES (?, ?, ?, ?, ?, ?)",
                       (learner_id, moment, form, language, int(by_ear), json.dumps(rows)))

    def checkups(self, learner: str | None = None) -> list[CheckupRecord]:
        return read_checkups(self.store.connection, learner)

    def play(self) -> list[PlaySpan]:
        return read_play(self.store.connection)

    def forget(self, learner: str) -> int:
        with self.store.transaction() as db:
            return db.execute("DELETE FROM checkup WHERE learner_id IN "
                              "(SELECT id FROM learner WHERE name = ?)",
                              (_clean(learner),)).rowcount

