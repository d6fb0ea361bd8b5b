"""The class's practice on the teacher's computer: the lesson answers a child's terminal
sends (``wire_requests.Answered``, checked field by field where it is read), kept under the name of
the child seated on that connection, in the teacher's store, beside the check-ups, so
``snl progress --class`` there counts every seat's questions. A page's seat runs at the
host and keeps its answers there itself.

What a connection may keep is bounded: only for a child it holds, and one answer for
each roll of her seat (a few owed at most), so a hostile computer writes no one else's
answers and no flood of its own.
"""

from __future__ import annotations

from snl_edu.safe_text import name_key
from snl_edu.store import Store, StoreError
from snl_edu.table import wire_requests

MODE = "table"  # the lesson session's mode, as a terminal's own record names it


class ClassAnswers:
    """One connection's answers, kept in a store this connection's thread opens on its
    first answer (an SQLite store belongs to the thread that opened it). A store that cannot
    be opened or written loses the answers, never the game."""

    def __init__(self, data_dir: str | None) -> None:
        self.data_dir = data_dir  # the table's own (its store told the teacher of any damage)
        self._store: Store | None = None
        self._failed = False
        self._sessions: dict[str, int] = {}  # by name_key: one lesson session per child

    def keep(self, name: str, answer: wire_requests.Answered) -> None:
        """Keep the answer of the child seated as ``name`` (the table's name for her)."""
        from snl_edu.store.progress import ProgressStore

        store = self._opened()
        if store is None:
            return
        progress, key = ProgressStore(store), name_key(name)
        try:
            if key not in self._sessions:
                self._sessions[key] = progress.start_session(
                    name, MODE, answer.record.level, answer.language)
            progress.record(self._sessions[key], name, answer.record)
        except StoreError:
            self._failed = True  # a full disk: the rest of this connection's are not tried

    def _opened(self) -> Store | None:
        if self._store is None and not self._failed:
            from snl_edu.store.opening import open_store

            try:
                self._store = open_store(self.data_dir)
            except StoreError:
                self._failed = True
                return None
        return None if self._failed else self._store

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None
