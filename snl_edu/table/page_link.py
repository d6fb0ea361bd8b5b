"""The websocket to one page: what its seat sends it (lines, the question's box, whose
turn) and what it tells back (a line said, its last words said), for the seat's turn and
the table's end to wait on."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from snl_edu.table import wire
from snl_edu.table.connection import Outbox
from snl_edu.table.gate import shut
from snl_edu.table.turn_clock import SAYING_CAP
from snl_edu.vocabulary import Message

if TYPE_CHECKING:
    from snl_edu.table.web import SpokenLines

SEND_QUEUE = 2000  # messages a page may fall behind by (a long game's worth of lines)
SEND_WAIT = 5.0  # for the last messages to reach a page as its connection closes
# At the end the host serves the pages' sound until each has said its last words (the
# teacher has ended the game, the places): no longer than this in all, and not once a page
# has said no line for END_SPEECH_IDLE (a page frozen, or its voice stuck on one line).
END_SPEECH_WAIT = 60.0  # six seats' end is eight lines: 35 s in the host's child-paced voice
# (a Nepali snake's line is 7.4 s in the host's voice, then a slow phone's earcon and fetch)
END_SPEECH_IDLE = 12.0
END_SAID = "end"  # the page's "said" for its last words


class PageLink:
    """The websocket to one page, written by a thread of its own through a bounded queue: a
    page that stops reading is let go (its seat is kept) and never holds up its seat's
    client, nor through it the table."""

    def __init__(self, connection: Any, spoken: SpokenLines) -> None:
        self.connection = connection
        self.spoken = spoken
        self.language = "en"
        self.heard = threading.Event()  # the page has said the line it was asked to
        self.gone = threading.Event()
        self.answers = False  # the page has said a line: a page that speaks and answers
        self.last_said = 0.0  # when (monotonic) it last said one
        self.end_said = threading.Event()  # ... and it has said its last words
        self.saying_end = threading.Event()  # the page is saying them: the host waits
        self.gone_quiet = False  # the table is closing: nothing waits for a line said
        self._ask_said = False  # the next line is to be said to its end, and the page to say so
        # The line whose "said" the turn waits for (None: none yet, the turn shown only): a
        # page far behind tells an old turn's line said late, which is no word on this one.
        self._said_id: str | None = None
        self._said_turn: int | None = None  # the turn shown, which her tap names
        self.hearing = "own"  # what the lines now sent are (``line``)
        self._waiting = False
        # The table's own outbox: a page that stops reading (its queue full, or a send
        # overdue) is cut off and let go; its seat stays.
        self.outbox = Outbox(connection.send, self.close, name="snl-page-send",
                             limit=SEND_QUEUE)

    def send(self, message: dict[str, Any]) -> None:
        self.outbox.put(wire.encode(message))

    def line(self, message: Message, kind: str | None = None) -> None:
        """A line for the log and the voice. ``kind``: "own" (hers, and what everyone must
        hear: always said), "short" (another child's move in one line: said, or merged
        when the voice is behind), "other" (that move told in full: neither shown nor
        said on a seat's page). Unless told, lines are as the page is hearing now."""
        kind = kind or self.hearing
        if kind == "other":
            return
        said, self._ask_said = self._ask_said, False
        self._waiting = self._waiting or said
        line_id = self.spoken.add(message.text, self.language)
        if said:
            self._said_id = line_id
        self.send({"type": "line", "text": message.text, "earcon": message.earcon,
                   "id": line_id, "said": said, "kind": kind})

    @contextlib.contextmanager
    def others(self) -> Iterator[None]:
        """What is said in this block is another child's move, told in full."""
        self.hearing = "other"
        try:
            yield
        finally:
            self.hearing = "own"

    def question(self, lines: list[Message]) -> None:
        """The child's question, for its box: said once, with its first earcon."""
        text = " ".join(line.text for line in lines)
        earcon = next((line.earcon for line in lines if line.earcon), None)
        self.send({"type": "ask", "open": True, "text": text, "earcon": earcon,
                   "id": self.spoken.add(text, self.language)})

    def expect_said(self, turn: int | None = None) -> None:
        if not (self.gone.is_set() or self.gone_quiet):
            self.heard.clear()
            self._ask_said = True
            self._said_id = None
            self._said_turn = turn

    def release(self) -> None:
        """The table is closing: no turn waits for this page to say a line any more, so
        its seat goes on to the table's last words at once."""
        self.gone_quiet = True
        self.heard.set()

    def leave(self) -> None:
        """The page has gone: nothing waits for it from now on."""
        self.gone.set()
        self.heard.set()
        self.end_said.set()

    def said(self, line_id: str, turn: int | None = None) -> None:
        """The page has said a line to its end; ``line_id`` "" is her tap on the turn it
        shows (``turn``) before its line has come: either tells the turn waited for, an
        older line said late, or a tap on an older turn, does not."""
        self.answers, self.last_said = True, time.monotonic()
        if line_id == END_SAID:
            self.end_said.set()
        elif line_id == self._said_id or (line_id == "" and turn in (None, self._said_turn)):
            self.heard.set()

    def wait_end_said(self) -> None:
        """The table has ended: the page's last words are said by its voice from the host's
        sound, so its seat (and with it the host's web side) waits until the page has said
        them, while it goes on saying lines; a page that never answered (or has gone) is
        not waited for."""
        if not self.answers:
            return
        self.saying_end.set()
        end = time.monotonic() + END_SPEECH_WAIT
        self.last_said = time.monotonic()  # (the page is told the end now)
        while not self.end_said.is_set():
            idle_until = self.last_said + END_SPEECH_IDLE
            wait = min(end, idle_until) - time.monotonic()
            if wait <= 0:
                return
            self.end_said.wait(wait)

    def wait_said(self) -> None:
        """As a terminal's speech does, hold the seat until the page has said the line; a
        page that never says so holds it no longer than the table's own cap."""
        if self._waiting:
            self._waiting = False
            self.heard.wait(SAYING_CAP)

    def finish(self) -> None:
        """Everything queued is sent (or the page is gone) before the connection closes."""
        self.leave()
        self.outbox.flush(SEND_WAIT)
        self.outbox.close()
        self.outbox.join(SEND_WAIT)

    def close(self) -> None:
        """Let the page go as the table lets any connection go: its socket shut, never a
        close that waits on a send stuck behind a page that does not read."""
        self.leave()
        shut(self.connection.socket)
