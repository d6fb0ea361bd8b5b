"""What the table sends to one connection goes through its own outbox: a slow or hostile
client costs only itself.

A websocket's ``send`` blocks while the peer does not read, and it holds the connection's
lock meanwhile (so closing that connection blocks too). Whoever sends to many connections
(the table's broadcast, under the table's lock) must therefore never call it. Instead each
connection gets an ``Outbox``: ``put`` never blocks; one thread per outbox does the sending;
an outbox whose queue is full, or whose current send has taken longer than its deadline, is
cut off (its socket shut, which also ends a send stuck in the kernel), and the connection's
reader then ends as for any dropped client.

Use, for any websocket connection from ``websockets.sync`` (a child's, a projector's, a
browser seat's)::

    outbox = Outbox.for_websocket(connection)    # starts its sending thread
    outbox.put(text)        # from any thread, under any lock: returns at once
    ...
    outbox.close()          # when the connection's handler ends: the thread stops

and put every outbox in one ``Watch`` (``watch.add(outbox)``, ``watch.remove(outbox)``),
whose thread cuts off an overdue send even when nothing more is put; ``watch.cut_all()``
frees every stuck connection at once (the table ending, Ctrl-C), so shutting the server
down never waits on a client that does not read.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from websockets.exceptions import WebSocketException

# A child's computer that is this far behind is not coming back on its own: at a roll a
# second, 64 messages is a minute of the game.
MAX_QUEUED = 64
MAX_QUEUED_CHARS = 4 * 1024 * 1024
# One message reaches a reading client on a school network in milliseconds; a send blocked
# this long is a client that does not read.
SEND_DEADLINE = 2.0
WATCH_EVERY = 0.25


class Outbox:
    """One connection's outgoing messages, sent in order by its own thread."""

    def __init__(self, send: Callable[[str], None], cut: Callable[[], None],
                 name: str = "snl-table-send", limit: int = MAX_QUEUED,
                 limit_chars: int = MAX_QUEUED_CHARS, deadline: float = SEND_DEADLINE,
                 monotonic: Callable[[], float] = time.monotonic) -> None:
        self._send = send
        self._cut = cut
        self.limit = limit
        self.limit_chars = limit_chars
        self.deadline = deadline
        self.monotonic = monotonic
        self._queue: deque[str] = deque()
        self._chars = 0
        self._ready = threading.Condition()
        self._sending_since: float | None = None
        self.closed = False
        self.cut_off = False  # dropped for being too slow (not merely closed)
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    @classmethod
    def for_websocket(cls, connection: Any, **limits: Any) -> Outbox:
        """The outbox of a ``websockets.sync`` connection (server or client side)."""
        def send(text: str) -> None:
            connection.send(text)

        def cut() -> None:
            with contextlib.suppress(OSError, AttributeError):
                connection.socket.shutdown(socket.SHUT_RDWR)

        return cls(send, cut, **limits)

    def put(self, text: str) -> bool:
        """Queue a message; False if this connection is closed or has just been cut off."""
        with self._ready:
            if self.closed:
                return False
            if len(self._queue) >= self.limit or self._chars + len(text) > self.limit_chars:
                overdue = True
            else:
                overdue = self._overdue()
                self._queue.append(text)
                self._chars += len(text)
                self._ready.notify()
        if overdue:
            self.cut()
            return False
        return True

    def _overdue(self) -> bool:
        return self._sending_since is not None and \
            self.monotonic() - self._sending_since > self.deadline

    def overdue(self) -> bool:
        """Whether the message being sent has waited longer than the deadline."""
        with self._ready:
            return self._overdue()

    def cut(self) -> None:
        """Give up on this connection: nothing more is sent, and its socket is shut."""
        with self._ready:
            if not self.closed:
                self.cut_off = True
            self._stop()
        self._cut()

    def close(self) -> None:
        """The connection is done with: the sending thread stops (unsent messages are
        dropped: their reader has gone)."""
        with self._ready:
            self._stop()

    def _stop(self) -> None:
        self.closed = True
        self._queue.clear()
        self._chars = 0
        self._ready.notify()

    def join(self, timeout: float) -> None:
        """Wait for the sending thread to end (after ``close`` or a cut)."""
        self._thread.join(timeout)

    def alive(self) -> bool:
        return self._thread.is_alive()

    def flush(self, timeout: float) -> bool:
        """Wait until everything queued has been sent (a refusal before closing); True if so."""
        end = self.monotonic() + timeout
        with self._ready:
            while (self._queue or self._sending_since is not None) and not self.closed:
                left = end - self.monotonic()
                if left <= 0:
                    return False
                self._ready.wait(left)
            return not self._queue

    def _run(self) -> None:
        while True:
            with self._ready:
                while not self._queue and not self.closed:
                    self._ready.wait()
                if self.closed:
                    return
                text = self._queue.popleft()
                self._chars -= len(text)
                self._sending_since = self.monotonic()
            try:
                self._send(text)
            except (OSError, WebSocketException):  # gone mid-send: its reader ends it
                with self._ready:
                    self._sending_since = None
                    self._stop()
                return
            with self._ready:
                self._sending_since = None
                self._ready.notify_all()


class Watch:
    """One thread that cuts off every outbox whose send is overdue, even when nothing more
    is put in it (a client that stopped reading after the last message)."""

    def __init__(self, every: float = WATCH_EVERY) -> None:
        self._outboxes: set[Outbox] = set()
        self._lock = threading.Lock()
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(every,),
                                        name="snl-table-watch", daemon=True)
        self._thread.start()

    def add(self, outbox: Outbox) -> None:
        with self._lock:
            self._outboxes.add(outbox)

    def remove(self, outbox: Outbox) -> None:
        with self._lock:
            self._outboxes.discard(outbox)

    def cut_all(self) -> None:
        """Every connection cut off at once (the table is closing)."""
        with self._lock:
            outboxes = list(self._outboxes)
        for outbox in outboxes:
            outbox.cut()

    def stop(self) -> None:
        self._stopped.set()
        self._thread.join(timeout=1)

    def _run(self, every: float) -> None:
        while not self._stopped.wait(every):
            with self._lock:
                overdue = [outbox for outbox in self._outboxes if outbox.overdue()]
            for outbox in overdue:
                outbox.cut()
