"""Learner progress: every lesson answer, in the store's learner tables.

Plain records in and out; what they mean (weights, reports, levels) is worked
out in snl_edu.lessons.adaptive so this module stays a thin layer over SQL.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import TextIO

from snl_edu.store.database import Store
from snl_edu.vocabulary import AnswerRecord, SnlError

CSV_COLUMNS = ("learner", "time", "session", "mode", "language", "kind", "level", "question",
               "expected", "given", "correct", "tries", "skipped", "seconds", "focus")
# Enough history for the adaptive choice to follow the learner without old
# mistakes haunting them forever.
RECENT_ANSWERS = 200


class UnknownLearnerError(SnlError):
    """No progress is stored under this name."""

    def __init__(self, name: str, known: list[str]) -> None:
        self.name = name
        self.known = known
        super().__init__(f"no learner {name!r}")


def _now() -> datetime:
    return datetime.now(UTC)


def _clean(name: str) -> str:
    return " ".join(name.split())


class ProgressStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    def _learner_id(self, name: str, create: bool) -> int | None:
        db = self.store.connection
        row = db.execute("SELECT id FROM learner WHERE name = ?", (_clean(name),)).fetchone()
        if row is not None:
            return int(row[0])
        if not create:
            return None
        cursor = db.execute("INSERT INTO learner (name, created) VALUES (?, ?)",
                            (_clean(name), _now().isoformat(timespec="seconds")))
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def start_session(self, name: str, mode: str, level: int, language: str) -> int:
        """A new lesson session (one game, or one `snl lesson` run) for a learner."""
        with self.store.transaction() as db:
            learner = self._learner_id(name, create=True)
            cursor = db.execute(
                "INSERT INTO lesson_session (learner_id, started, mode, level, language) "
                "VALUES (?, ?, ?, ?, ?)",
                (learner, _now().isoformat(timespec="seconds"), mode, level, language))
            assert cursor.lastrowid is not None
            return cursor.lastrowid

    def record(self, session: int, name: str, answer: AnswerRecord) -> None:
        """One answer, in its own transaction, so a stopped game keeps what was answered."""
        at = (answer.at or _now()).isoformat(timespec="milliseconds")
        with self.store.transaction() as db:
            learner = self._learner_id(name, create=True)
            db.execute(
                "INSERT INTO lesson_answer (learner_id, session_id, at, kind, level, question, "
                "expected, focus, given, correct, tries, skipped, seconds) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (learner, session, at, answer.kind, answer.level, answer.question,
                 answer.expected, answer.focus,
                 None if answer.given is None else str(answer.given), int(answer.correct),
                 answer.tries, int(answer.skipped), float(answer.seconds)))

    def learners(self) -> list[str]:
        rows = self.store.connection.execute("SELECT name FROM learner ORDER BY name")
        return [str(row[0]) for row in rows]

    def exists(self, name: str) -> bool:
        return self._learner_id(name, create=False) is not None

    def canonical_name(self, name: str) -> str:
        """The name as first stored (names match without regard to case)."""
        row = self.store.connection.execute("SELECT name FROM learner WHERE name = ?",
                                            (_clean(name),)).fetchone()
        if row is None:
            raise UnknownLearnerError(name, self.learners())
        return str(row[0])

    def answers(self, name: str | None = None, limit: int | None = None) -> list[AnswerRecord]:
        """Oldest first; ``limit`` keeps the most recent ones."""
        query = ("SELECT a.kind, a.level, a.question, a.expected, a.given, a.correct, a.tries, "
                 "a.skipped, a.seconds, a.focus, a.at, a.session_id, l.name, s.mode, s.language "
                 "FROM lesson_answer a JOIN learner l ON l.id = a.learner_id "
                 "LEFT JOIN lesson_session s ON s.id = a.session_id")
        params: list[object] = []
        if name is not None:
            query += " WHERE l.name = ?"
            params.append(_clean(name))
        query += " ORDER BY a.at DESC, a.id DESC"
        if limit is not None:
            query += " LIMIT ?"
            params.append(limit)
        rows = self.store.connection.execute(query, params).fetchall()
        return [_record(row) for row in reversed(rows)]

    def recent(self, name: str) -> list[AnswerRecord]:
        return self.answers(name, limit=RECENT_ANSWERS)

    def forget(self, name: str) -> int:
        """Delete a learner and everything recorded for them; how many answers went."""
        with self.store.transaction() as db:
            learner = self._learner_id(name, create=False)
            if learner is None:
                raise UnknownLearnerError(name, self.learners())
            count = db.execute("SELECT count(*) FROM lesson_answer WHERE learner_id = ?",
                               (learner,)).fetchone()[0]
            # Explicit deletes: ON DELETE CASCADE needs foreign_keys on, which the
            # store sets, but the data must go even on a connection that did not.
            db.execute("DELETE FROM lesson_answer WHERE learner_id = ?", (learner,))
            db.execute("DELETE FROM lesson_session WHERE learner_id = ?", (learner,))
            db.execute("DELETE FROM learner WHERE id = ?", (learner,))
            return int(count)


def _record(row: tuple[object, ...]) -> AnswerRecord:
    (kind, level, question, expected, given, correct, tries, skipped, seconds, focus, at,
     session, learner, mode, language) = row
    try:
        when = datetime.fromisoformat(str(at))
    except ValueError:
        when = datetime.fromtimestamp(0, UTC)
    try:
        given_number = None if given is None else int(str(given))
    except ValueError:
        given_number = None
    return AnswerRecord(
        kind=str(kind), level=int(str(level)), question=str(question),
        expected=int(str(expected)), given=given_number, correct=bool(correct),
        tries=int(str(tries)), skipped=bool(skipped), seconds=float(str(seconds)),
        focus=None if focus is None else int(str(focus)), at=when,
        session=None if session is None else int(str(session)), learner=str(learner),
        mode=str(mode or ""), language=str(language or ""))


def write_csv(records: Iterable[AnswerRecord], stream: TextIO) -> None:
    """Spreadsheet-ready rows, one per answer; column names are fixed English keys."""
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for r in records:
        writer.writerow([
            r.learner, r.at.isoformat(timespec="seconds") if r.at else "", r.session or "",
            r.mode, r.language, r.kind, r.level, r.question, r.expected,
            "" if r.given is None else r.given, int(r.correct), r.tries, int(r.skipped),
            f"{r.seconds:.1f}", "" if r.focus is None else r.focus,
        ])
