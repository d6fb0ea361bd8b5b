"""Number check-ups in the store: one row per check-up, its answers as JSON.

The readers take a plain connection, so a class report can read another
computer's store file too (snl_edu.checkup.classroom).
"""

from __future__ import annotations

import json
import math
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime

from snl_edu.safe_text import MAX_NAME, name_key
from snl_edu.store import rows
from snl_edu.store.database import Store
from snl_edu.store.progress import ProgressStore

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
    """One saved game a learner sat in: when it started and was last saved, and the
    minutes in which turns were taken (none kept by games saved before they were)."""

    players: tuple[str, ...]
    start: datetime
    end: datetime
    minutes: tuple[datetime, ...] = ()


# Bounds for values read back: far beyond what a check-up writes.
MAX_FORM = 10_000
MAX_ANSWERS = 1000
MAX_NUMBER = 10**6


def _answer(item: object) -> CheckupAnswer:
    if not isinstance(item, dict):
        raise rows.DamagedRow("not an answer")
    numbers = item.get("numbers")
    given = item.get("given")
    if not isinstance(numbers, list) or len(numbers) > 10:
        raise rows.DamagedRow("numbers")
    if given is not None and (type(given) not in (int, float) or not math.isfinite(given)
                              or abs(given) > MAX_NUMBER):
        raise rows.DamagedRow("given")
    return CheckupAnswer(rows.text(item.get("task"), MAX_NAME),
                         tuple(rows.integer(n, -MAX_NUMBER, MAX_NUMBER) for n in numbers),
                         rows.integer(item.get("answer"), -MAX_NUMBER, MAX_NUMBER),
                         None if given is None else float(given),
                         rows.seconds(item.get("seconds")))


def _answers(text: object) -> tuple[CheckupAnswer, ...]:
    found = rows.json_value(text)
    if not isinstance(found, list) or len(found) > MAX_ANSWERS:
        raise rows.DamagedRow("answers")
    return tuple(map(_answer, found))


def _record(learner: object, at: object, form: object, language: object, by_ear: object,
            answers: object) -> CheckupRecord:
    """A check-up read back, every column checked (``DamagedRow`` if any is not as written)."""
    return CheckupRecord(rows.text(learner, MAX_NAME), rows.moment(at),
                         rows.integer(form, 0, MAX_FORM), rows.text(language, MAX_NAME),
                         rows.flag(by_ear), _answers(answers))


def check_row(row: dict[str, object]) -> None:
    """Raise ``DamagedRow`` unless a checkup row reads back whole."""
    rows.integer(row["learner_id"], 1, 2**63 - 1)
    _record("", row["at"], row["form"], row["language"], row["by_ear"], row["answers"])


def read_checkups(db: sqlite3.Connection, name: str | None = None) -> list[CheckupRecord]:
    """Oldest first; a row that does not read back whole is left out (the store sets it
    aside at its next opening; another computer's file is only read)."""
    query = ("SELECT l.name, c.at, c.form, c.language, c.by_ear, c.answers FROM checkup c "
             "JOIN learner l ON l.id = c.learner_id ORDER BY c.at, c.id")
    key = None if name is None else name_key(name)
    found = []
    for row in db.execute(query):
        try:
            record = _record(*row)
        except rows.DamagedRow:
            continue
        if key is None or name_key(record.learner) == key:
            found.append(record)
    return found


def read_play(db: sqlite3.Connection) -> list[PlaySpan]:
    spans = []
    # A class report reads other computers' files as they are: an older one has no minutes.
    columns = {row[1] for row in db.execute("PRAGMA table_info(games)")}
    kept = "minutes" if "minutes" in columns else "'[]'"
    for players, created, updated, minutes in db.execute(
            f"SELECT players, created, updated, {kept} FROM games"):
        try:
            names = rows.json_value(players)
            if not isinstance(names, list):
                raise rows.DamagedRow("players")
            spans.append(PlaySpan(tuple(rows.text(n, MAX_NAME) for n in names),
                                  rows.moment(created), rows.moment(updated),
                                  _turn_minutes(minutes)))
        except rows.DamagedRow:
            continue
    return spans


def _turn_minutes(text: object) -> tuple[datetime, ...]:
    """The minutes with turns; a damaged list counts as none kept (the span counts)."""
    try:
        kept = rows.json_value(text)
        return tuple(rows.moment(m) for m in kept) if isinstance(kept, list) else ()
    except rows.DamagedRow:
        return ()


def minutes_played(spans: Iterable[PlaySpan], learner: str, start: datetime,
                   end: datetime) -> float:
    """Minutes of play of the learner's games between two moments: the minutes in which
    turns were taken (a game left open for hours between two rolls is two minutes), or,
    for a game saved before those were kept, its span from start to last save."""
    total = 0.0
    wanted = name_key(learner)
    for span in spans:
        if wanted not in {name_key(p) for p in span.players}:
            continue
        if span.minutes:
            total += sum(1 for minute in span.minutes if start <= minute <= end)
            continue
        overlap = (min(span.end, end) - max(span.start, start)).total_seconds() / 60
        total += min(max(overlap, 0.0), MAX_GAME_MINUTES)
    return total


def _rows(answers: Iterable[CheckupAnswer]) -> list[dict[str, object]]:
    return [{"task": a.task, "numbers": list(a.numbers), "answer": a.answer,
             "given": a.given, "seconds": round(a.seconds, 2)} for a in answers]


class CheckupStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    def save(self, learner: str, form: int, language: str, by_ear: bool,
             answers: Iterable[CheckupAnswer], at: datetime | None = None) -> None:
        rows = _rows(answers)
        moment = (at or datetime.now(UTC)).isoformat(timespec="milliseconds")
        with self.store.transaction() as db:
            # The learner as lessons find them: one name rule (clean_name, name_key).
            learner_id = ProgressStore(self.store).learner_id(learner, create=True)
            db.execute("INSERT INTO checkup (learner_id, at, form, language, by_ear, answers) "
                       "VALUES (?, ?, ?, ?, ?, ?)",
                       (learner_id, moment, form, language, int(by_ear), json.dumps(rows)))

    def complete(self, learner: str, answers: Iterable[CheckupAnswer]) -> None:
        """Add the tasks a check-up stopped before to the learner's latest check-up, so
        a baseline stopped early is finished, not followed by a second one."""
        rows = _rows(answers)
        with self.store.transaction() as db:
            learner_id = ProgressStore(self.store).learner_id(learner, create=True)
            found = db.execute("SELECT id, answers FROM checkup WHERE learner_id = ? "
                               "ORDER BY at DESC, id DESC LIMIT 1", (learner_id,)).fetchone()
            if found is None:
                raise LookupError(f"no check-up of {learner!r} to complete")
            earlier = json.loads(found[1])
            db.execute("UPDATE checkup SET answers = ? WHERE id = ?",
                       (json.dumps([*earlier, *rows]), found[0]))

    def checkups(self, learner: str | None = None) -> list[CheckupRecord]:
        return read_checkups(self.store.connection, learner)

    def play(self) -> list[PlaySpan]:
        return read_play(self.store.connection)


