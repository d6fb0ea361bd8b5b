"""Learner progress: every lesson answer, in the store's learner tables.

Plain records in and out; what they mean (weights, reports, levels) is worked
out in snl_edu.lessons.adaptive so this module stays a thin layer over SQL.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import TextIO

from snl_edu.safe_text import MAX_NAME, MAX_TEXT, clean_name, name_key
from snl_edu.store import rows
from snl_edu.store.database import Store
from snl_edu.vocabulary import N_, AnswerRecord, SnlError

CSV_COLUMNS = ("learner", "time", "session", "mode", "language", "kind", "level", "question",
               "expected", "given", "correct", "tries", "skipped", "seconds", "focus")
# Enough history for the adaptive choice to follow the learner without old
# mistakes haunting them forever.
RECENT_ANSWERS = 200


class UnknownLearnerError(SnlError):
    """No progress is stored under this name."""

    def __init__(self, name: str, known: list[str]) -> None:
        self.name = clean_name(name, limit=len(name))  # as typed, shown safely
        self.known = known
        if not known:
            super().__init__(N_("No progress is kept for {name}: nobody has answered a lesson "
                                "yet."), name=self.name)
        else:
            super().__init__(N_("No progress is kept for {name}. Learners: {names}."),
                             name=self.name, names=known)


def _now() -> datetime:
    return datetime.now(UTC)


# Bounds for values read back: a lesson allows a few tries and has a few levels (the
# lessons themselves keep a stored level within theirs: see adaptive.suggest_level).
MAX_TRIES = 1000
MAX_LEVEL = 9


class ProgressStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    def learner_id(self, name: str, create: bool) -> int | None:
        """The learner whose name matches by ``name_key`` (the one name-matching rule)."""
        key = name_key(name)
        for learner_id, stored in self._learner_rows():
            if name_key(stored) == key:
                return learner_id
        if not create:
            return None
        cursor = self.store.connection.execute(
            "INSERT INTO learner (name, created) VALUES (?, ?)",
            (clean_name(name), _now().isoformat(timespec="seconds")))
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def _learner_rows(self) -> list[tuple[int, str]]:
        found = []
        for learner_id, name in self.store.connection.execute(
                "SELECT id, name FROM learner ORDER BY id"):
            try:
                found.append((rows.integer(learner_id, 1, 2**63 - 1), rows.text(name, MAX_NAME)))
            except rows.DamagedRow:
                continue
        return found

    def start_session(self, name: str, mode: str, level: int, language: str) -> int:
        """A new lesson session (one game, or one `snl lesson` run) for a learner."""
        with self.store.transaction() as db:
            learner = self.learner_id(name, create=True)
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
            learner = self.learner_id(name, create=True)
            db.execute(
                "INSERT INTO lesson_answer (learner_id, session_id, at, kind, level, question, "
                "expected, focus, given, correct, tries, skipped, seconds) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (learner, session, at, answer.kind, answer.level, answer.question,
                 answer.expected, answer.focus,
                 None if answer.given is None else str(answer.given), int(answer.correct),
                 answer.tries, int(answer.skipped), float(answer.seconds)))

    def learners(self) -> list[str]:
        return sorted((name for _, name in self._learner_rows()), key=name_key)

    def exists(self, name: str) -> bool:
        return self.learner_id(name, create=False) is not None

    def canonical_name(self, name: str) -> str:
        """The name as first stored (names match by ``name_key``: case, spacing, form)."""
        key = name_key(name)
        for _, stored in self._learner_rows():
            if name_key(stored) == key:
                return stored
        raise UnknownLearnerError(name, self.learners())

    def answers(self, name: str | None = None, limit: int | None = None) -> list[AnswerRecord]:
        """Oldest first; ``limit`` keeps the most recent ones."""
        query = ("SELECT a.kind, a.level, a.question, a.expected, a.given, a.correct, a.tries, "
                 "a.skipped, a.seconds, a.focus, a.at, a.session_id, l.name, s.mode, s.language "
                 "FROM lesson_answer a JOIN learner l ON l.id = a.learner_id "
                 "LEFT JOIN lesson_session s ON s.id = a.session_id")
        params: list[object] = []
        if name is not None:
            learner = self.learner_id(name, create=False)
            if learner is None:
                return []
            query += " WHERE a.learner_id = ?"
            params.append(learner)
        query += " ORDER BY a.at DESC, a.id DESC"
        if limit is not None:
            query += " LIMIT ?"
            params.append(limit)
        found = []
        for row in reversed(self.store.connection.execute(query, params).fetchall()):
            try:
                found.append(_record(row))
            except rows.DamagedRow:
                continue  # damaged since the store was opened: set aside at the next opening
        return found

    def recent(self, name: str) -> list[AnswerRecord]:
        return self.answers(name, limit=RECENT_ANSWERS)


def _record(row: tuple[object, ...]) -> AnswerRecord:
    """An answer read back, every column checked (``DamagedRow`` if any is not as written)."""
    (kind, level, question, expected, given, correct, tries, skipped, seconds, focus, at,
     session, learner, mode, language) = row
    return AnswerRecord(
        kind=rows.text(kind, MAX_NAME), level=rows.integer(level, 1, MAX_LEVEL),
        question=rows.text(question, MAX_TEXT), expected=rows.integer(expected),
        given=None if given is None else rows.digits(given), correct=rows.flag(correct),
        tries=rows.integer(tries, 0, MAX_TRIES), skipped=rows.flag(skipped),
        seconds=rows.seconds(seconds), focus=rows.optional_integer(focus),
        at=rows.moment(at), session=rows.optional_integer(session, 1, 2**63 - 1),
        learner=rows.text(learner, MAX_NAME), mode=rows.optional_text(mode),
        language=rows.optional_text(language))


def check_answer_row(row: dict[str, object]) -> None:
    """Raise ``DamagedRow`` unless a lesson_answer row reads back whole."""
    rows.integer(row["learner_id"], 1, 2**63 - 1)
    _record((row["kind"], row["level"], row["question"], row["expected"], row["given"],
             row["correct"], row["tries"], row["skipped"], row["seconds"], row["focus"],
             row["at"], row["session_id"], "", None, None))


def check_learner_row(row: dict[str, object]) -> None:
    if not rows.text(row["name"], MAX_NAME).strip():
        raise rows.DamagedRow("blank name")
    rows.moment(row["created"])


def check_session_row(row: dict[str, object]) -> None:
    rows.integer(row["learner_id"], 1, 2**63 - 1)
    rows.moment(row["started"])
    rows.text(row["mode"], MAX_NAME)
    rows.integer(row["level"], 1, MAX_LEVEL)
    rows.text(row["language"], MAX_NAME)


# A spreadsheet runs a cell that starts with one of these as a formula (CSV injection).
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")


def spreadsheet_text(text: str) -> str:
    """Text a spreadsheet shows as text: a leading apostrophe before a would-be formula
    (a plain number such as -0.25 stays a number)."""
    if text.startswith(_FORMULA_STARTS) and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


def spreadsheet_row(cells: Iterable[object]) -> list[object]:
    """Every text cell of a CSV row through the guard: the one way rows are written."""
    return [spreadsheet_text(cell) if isinstance(cell, str) else cell for cell in cells]


def write_csv(records: Iterable[AnswerRecord], stream: TextIO) -> None:
    """Spreadsheet-ready rows, one per answer; column names are fixed English keys."""
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for r in records:
        writer.writerow(spreadsheet_row([
            r.learner, r.at.isoformat(timespec="seconds") if r.at else "",
            r.session or "", r.mode, r.language, r.kind, r.level, r.question, r.expected,
            "" if r.given is None else r.given, int(r.correct), r.tries, int(r.skipped),
            f"{r.seconds:.1f}", "" if r.focus is None else r.focus,
        ]))
