"""Reviewing past messages, as in audio games: ``,`` steps back, ``.`` steps forward.

The history holds every game message in the order it was shown; the cursor starts
after the newest, so the first ``,`` reads the latest message again.
"""

from __future__ import annotations

from collections.abc import Iterable

from snl_edu.vocabulary import Message

MAX_HISTORY = 500  # a long game's worth; older messages drop off


class MessageReview:
    def __init__(self) -> None:
        self._history: list[Message] = []
        self._cursor = 0  # index of the message "next" would read; len() means past the end

    def add(self, messages: Iterable[Message]) -> None:
        self._history.extend(messages)
        del self._history[:-MAX_HISTORY]
        self._cursor = len(self._history)

    def previous(self) -> Message | None:
        """The message before the one last reviewed; None at the very first."""
        if self._cursor == 0:
            return None
        self._cursor -= 1
        return self._history[self._cursor]

    def next(self) -> Message | None:
        """The message after the one last reviewed; None once at the newest."""
        if self._cursor + 1 >= len(self._history):
            self._cursor = len(self._history)
            return None
        self._cursor += 1
        return self._history[self._cursor]
