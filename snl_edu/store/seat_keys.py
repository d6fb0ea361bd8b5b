"""A child's key to their seat at a classroom table, kept on their own computer.

The table gives each child's computer a key to their seat when they sit down (a new one
at every join). Kept here, in the child's data folder (private, 0600), a child whose
program quits or whose computer restarts joins again with the same name and code and has
the seat back at once; without it the seat waits for the teacher's yes. The file is one
of the children's data (store/child_data.py): ``snl progress --forget`` removes it.

Beside her key is the lesson question open on her computer, if any (as the lessons'
teacher keeps it, snl_edu.lessons.teacher.on_open): a child whose program quit during a
question is asked it again when she joins again, as a game stopped at one computer asks
it again when it resumes: only if the table has not rolled since (the teacher decides).

Keys are kept by the child's name and a digest of the table's code (never the code
itself); a key older than a school day is of no table any more and is dropped.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from snl_edu.safe_text import name_key
from snl_edu.store.child_data import SEAT_KEYS, ChildFile

KEPT_FOR = timedelta(hours=12)
MAX_KEY = 64  # the table's keys are 24 characters; anything longer is not one


def _table(code: str) -> str:
    """The table a key is for: its code (as a join compares it), digested."""
    return hashlib.sha256(code.encode()).hexdigest()[:16]


class SeatKeys(ChildFile):
    """Each child's seat keys, in one JSON file; a damaged file is simply unused."""

    file_name = SEAT_KEYS

    def key(self, name: str, code: str, now: datetime | None = None) -> str | None:
        """The key this child was given at this table, if it is recent."""
        token = self._entry(name, code, now).get("token")
        return token if isinstance(token, str) and 0 < len(token) <= MAX_KEY else None

    def question(self, name: str, code: str, now: datetime | None = None) -> object:
        """The question open on this child's computer at this table, as it was kept (the
        teacher checks it is whole and still true before asking it again), or None."""
        return self._entry(name, code, now).get("question")

    def keep(self, name: str, code: str, token: str) -> None:
        """Keep the child's newest key to this table (OSError if it cannot be written)."""
        at = datetime.now(UTC).isoformat(timespec="seconds")
        self._change(name, code, lambda kept: {**kept, "token": token, "at": at})

    def keep_question(self, name: str, code: str, question: dict[str, Any] | None) -> None:
        """Keep the question now open on the child's computer (None: none is), for as long
        as her key (OSError if it cannot be written)."""
        at = datetime.now(UTC).isoformat(timespec="seconds")

        def change(kept: dict[str, Any]) -> dict[str, Any] | None:
            rest = {field: value for field, value in kept.items() if field != "question"}
            if question is None:
                return rest or None
            return {"at": at, **rest, "question": question}

        self._change(name, code, change)

    def drop(self, name: str, code: str) -> None:
        """The table has closed: its key opens nothing now, and its question is over."""
        self._change(name, code, lambda kept: None)

    def _entry(self, name: str, code: str, now: datetime | None) -> dict[str, Any]:
        """What is kept for this child at this table, if it is recent ({} if not)."""
        entry = self._read().get(name_key(name))
        kept = entry.get(_table(code)) if isinstance(entry, dict) else None
        if not isinstance(kept, dict) or not _fresh(kept, now or datetime.now(UTC)):
            return {}
        return kept

    def _change(self, name: str, code: str,
                change: Callable[[dict[str, Any]], dict[str, Any] | None]) -> None:
        """Write what ``change`` makes of this child's entry for this table (given {} for
        none or a stale one; None drops it), and drop the child's stale entries."""
        now = datetime.now(UTC)
        data = self._read()
        child = name_key(name)
        tables = data.get(child)
        tables = {table: entry for table, entry in tables.items()
                  if isinstance(entry, dict) and _fresh(entry, now)} \
            if isinstance(tables, dict) else {}
        kept = change(tables.pop(_table(code), {}))
        if kept is not None:
            tables[_table(code)] = kept
        if tables:
            data[child] = tables
        elif child in data:
            del data[child]
        else:
            return  # nothing kept, nothing to write
        self._write(data)


def _fresh(entry: dict[str, Any], now: datetime) -> bool:
    try:
        at = datetime.fromisoformat(entry.get("at", ""))
    except (TypeError, ValueError):
        return False
    return at.tzinfo is not None and now - at <= KEPT_FOR
