"""A child's key to their seat at a classroom table, kept on their own computer.

The table gives each child's computer a key to their seat when they sit down (a new one
at every join). Kept here, in the child's data folder (private, 0600), a child whose
program quits or whose computer restarts joins again with the same name and code and has
the seat back at once; without it the seat waits for the teacher's yes. The file is one
of the children's data (store/child_data.py): ``snl progress --forget`` removes it.

Keys are kept by the child's name and a digest of the table's code (never the code
itself); a key older than a school day is of no table any more and is dropped.
"""

from __future__ import annotations

import hashlib
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
        entry = self._read().get(name_key(name))
        kept = entry.get(_table(code)) if isinstance(entry, dict) else None
        if not isinstance(kept, dict) or not _fresh(kept, now or datetime.now(UTC)):
            return None
        token = kept.get("token")
        return token if isinstance(token, str) and 0 < len(token) <= MAX_KEY else None

    def keep(self, name: str, code: str, token: str) -> None:
        """Keep the child's newest key to this table (OSError if it cannot be written)."""
        self._change(name, code, {"token": token,
                                  "at": datetime.now(UTC).isoformat(timespec="seconds")})

    def drop(self, name: str, code: str) -> None:
        """The table has closed: its key opens nothing now."""
        self._change(name, code, None)

    def _change(self, name: str, code: str, kept: dict[str, str] | None) -> None:
        now = datetime.now(UTC)
        data = self._read()
        child = name_key(name)
        tables = data.get(child)
        tables = {table: entry for table, entry in tables.items()
                  if isinstance(entry, dict) and _fresh(entry, now)} \
            if isinstance(tables, dict) else {}
        if kept is None:
            tables.pop(_table(code), None)
        else:
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
