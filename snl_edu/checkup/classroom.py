"""Everyone's check-ups on this computer, and from other computers' store files,
brought together by learner name for a class report."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from snl_edu.checkup.results import Progress, progress
from snl_edu.safe_text import name_key
from snl_edu.store.checkups import CheckupRecord, PlaySpan, read_checkups, read_play
from snl_edu.store.progress import ProgressStore
from snl_edu.store.rows import decode_text
from snl_edu.vocabulary import AnswerRecord


class _Connection:
    """Just enough of a Store for ProgressStore's read queries."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection


def read_store(connection: sqlite3.Connection) -> tuple[list[CheckupRecord], list[PlaySpan],
                                                         list[AnswerRecord]]:
    """Check-ups, play and lesson answers from one store, each row checked as the store
    checks it; a store older than check-ups (no such table) simply has none, and a
    damaged file (another computer's is only read) gives what still reads."""
    try:
        checkups = read_checkups(connection)
    except (sqlite3.DatabaseError, UnicodeDecodeError):
        checkups = []
    try:
        play = read_play(connection)
    except (sqlite3.DatabaseError, UnicodeDecodeError):
        play = []
    try:
        answers = ProgressStore(_Connection(connection)).answers()  # type: ignore[arg-type]
    except (sqlite3.DatabaseError, UnicodeDecodeError):
        answers = []
    return checkups, play, answers


def class_progress(stores: Sequence[sqlite3.Connection], now: datetime) -> list[Progress]:
    """Each learner with a check-up in any of the stores, in name order."""
    checkups: list[CheckupRecord] = []
    play: list[PlaySpan] = []
    answers: list[AnswerRecord] = []
    for connection in stores:
        more = read_store(connection)
        checkups += more[0]
        play += more[1]
        answers += more[2]
    names: dict[str, str] = {}
    for record in checkups:
        names.setdefault(name_key(record.learner), record.learner)
    everyone = []
    for key in sorted(names):
        mine = [a for a in answers if name_key(a.learner) == key]
        found = progress(names[key], checkups, play, mine, now)
        if found is not None:
            everyone.append(found)
    return everyone


def open_other(path: Path) -> sqlite3.Connection:
    """Another computer's store file, read only: it is never changed."""
    connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    connection.text_factory = decode_text  # text that is not UTF-8 is damage, not a crash
    connection.execute("SELECT count(*) FROM sqlite_master").fetchone()  # fails if not SQLite
    return connection
