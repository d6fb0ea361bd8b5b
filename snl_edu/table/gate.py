"""The table's door: how many connections it holds, from one computer and in all, how long
one may stay without joining, and how every one is let go.

Every connection costs the host threads and memory from the moment it is accepted, before
it has said a word; a computer that opens thousands and never speaks must not take the host
down. The door counts open connections by network (an IPv4 address, or an IPv6 /64: one
computer there has a whole /64 to choose its addresses from) and shuts at once, with no
reply, a connection over a cap. A connection that has not joined has its own, smaller
share of the door, from one network and in all, and is shut at its deadline whatever it
sends. When a share is full, its oldest unjoined socket that has had a second (a browser
or a terminal joins in milliseconds) makes way for the new one: sockets left half open by
the thousand, from one computer or many, never keep a child out.

A page in a browser plays through a client the host runs for it, which joins the table
through this same door over loopback: its ``relay``. The door knows each relay by the
loopback port it was opened from, counts none of them (its page's own socket is counted,
against the page's computer) and answers, for the limits on wrong codes, the page's address
(``speaks_for``): the host's own address never stands for its pages.

Every socket is let go the same way, by ``shutdown`` (a send stuck on a reader that never
reads ends at once), never by a close that waits on a send: ``cut_all`` frees them all at
the table's end.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import threading
import time
import weakref
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

# A classroom: every child of a full table, a team's second computer and a projector or
# two from one address (a shared computer lab behind one router), never a hundred.
PER_NETWORK = 24
IN_ALL = 96
# Not yet joined: a child's page or terminal joins in milliseconds once it connects, and a
# browser sends a file's request as soon as it connects (six at once). Eight computers
# flooding the door with half-open sockets hold 64 of these 72: room stays for children.
UNJOINED_PER_NETWORK = 8
UNJOINED_IN_ALL = 72
MAKES_WAY_AFTER = 1.0  # an unjoined socket this old gives its place to a new one
# A connection that has not joined this long after it was accepted (its handshake and its
# join, 5 s each) is shut, whatever it sends meanwhile.
JOIN_DEADLINE = 10.0
WATCH_EVERY = 0.25


def network_of(address: str) -> str:
    """The network a peer address counts against: IPv4 itself, IPv6 by its /64."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def shut(sock: Any) -> None:
    """Let a socket go at once: what it sends or waits to send ends with an error."""
    with contextlib.suppress(OSError, AttributeError, ValueError):
        sock.shutdown(socket.SHUT_RDWR)


@dataclass(eq=False)
class Entry:
    """One accepted socket at the door. ``network`` is None for the host's own relay."""

    sock: Any
    network: str | None
    since: float
    joined: bool = False
    counted: bool = True  # False once it has made way (shut, no longer counted)


class Gate:
    """Counts and times the door's sockets; ``guard`` wraps a server's per-socket handler."""

    def __init__(self, per_network: int = PER_NETWORK, in_all: int = IN_ALL,
                 unjoined_per_network: int = UNJOINED_PER_NETWORK,
                 unjoined_in_all: int = UNJOINED_IN_ALL, deadline: float = JOIN_DEADLINE,
                 monotonic: Callable[[], float] = time.monotonic) -> None:
        self.per_network = per_network
        self.in_all = in_all
        self.unjoined_per_network = unjoined_per_network
        self.unjoined_in_all = unjoined_in_all
        self.deadline = deadline
        self.monotonic = monotonic
        self._open: Counter[str] = Counter()
        self._unjoined: Counter[str] = Counter()
        self._entries: dict[Any, Entry] = {}
        # The host's own sockets to its door, by their (address, port): whose page each is.
        self._relays: dict[tuple[str, int], tuple[str, weakref.ref[socket.socket]]] = {}
        self._lock = threading.Lock()
        self._stopped = threading.Event()
        self._watch: threading.Thread | None = None

    # -- counting ---------------------------------------------------------------

    def enter(self, sock: Any, network: str | None) -> Entry | None:
        """The socket's place at the door, or None when it is over a cap and no unjoined
        socket old enough can make way for it."""
        with self._lock:
            while network is not None and (full := self._full(network)) is not None:
                oldest = self._oldest_unjoined(None if full == "all" else network)
                if oldest is None:
                    return None
                self._uncount(oldest)
                shut(oldest.sock)
            entry = Entry(sock, network, self.monotonic())
            self._entries[sock] = entry
            if network is not None:
                self._open[network] += 1
                self._unjoined[network] += 1
            return entry

    def _full(self, network: str) -> str | None:
        """Which cap a new socket from ``network`` is over: "network", "all" or None."""
        if self._open[network] >= self.per_network or \
                self._unjoined[network] >= self.unjoined_per_network:
            return "network"
        if sum(self._open.values()) >= self.in_all or \
                sum(self._unjoined.values()) >= self.unjoined_in_all:
            return "all"
        return None

    def _oldest_unjoined(self, network: str | None) -> Entry | None:
        """The oldest counted unjoined socket (of ``network``, or of any) that has had its
        second; None if there is none."""
        old_enough = self.monotonic() - MAKES_WAY_AFTER
        waiting = [entry for entry in self._entries.values()
                   if entry.counted and not entry.joined and entry.network is not None
                   and (network is None or entry.network == network)
                   and entry.since <= old_enough]
        return min(waiting, key=lambda entry: entry.since, default=None)

    def _uncount(self, entry: Entry) -> None:
        if entry.counted and entry.network is not None:
            _less(self._open, entry.network)
            if not entry.joined:
                _less(self._unjoined, entry.network)
        entry.counted = False

    def joined(self, sock: Any) -> None:
        """The socket is through the door: it has joined (its code was right), or its
        request has come whole (a page's file, being answered). It no longer has a
        deadline, nor a place in the unjoined share (it keeps its place in the whole)."""
        with self._lock:
            entry = self._entries.get(sock)
            if entry is None or entry.joined or not entry.counted:
                return
            entry.joined = True
            if entry.network is not None:
                _less(self._unjoined, entry.network)

    def leave(self, entry: Entry) -> None:
        with self._lock:
            self._entries.pop(entry.sock, None)
            self._uncount(entry)

    def open_count(self) -> int:
        with self._lock:
            return sum(self._open.values())

    def unjoined_count(self) -> int:
        with self._lock:
            return sum(self._unjoined.values())

    # -- the host's relays for its pages ------------------------------------------

    def relay(self, page_address: str, door: tuple[str, int], timeout: float) -> socket.socket:
        """A socket connected to the door from loopback, known there as the page's."""
        host, port = door
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        try:
            sock.bind((host, 0))
            with self._lock:
                self._relays[sock.getsockname()[:2]] = (page_address, weakref.ref(sock))
            sock.settimeout(timeout)
            sock.connect((host, port))
            sock.settimeout(None)
        except OSError:
            sock.close()
            raise
        return sock

    def _page_of(self, address: Any) -> str | None:
        """The page a relay speaks for, or None when the socket is no relay of ours (a
        closed relay's port may be anyone's now)."""
        if not isinstance(address, tuple):
            return None
        with self._lock:
            found = self._relays.get((str(address[0]), int(address[1])))
            if found is None:
                return None
            page, ref = found
            sock = ref()
            if sock is None or sock.fileno() == -1:
                del self._relays[(str(address[0]), int(address[1]))]
                return None
            return page

    def speaks_for(self, address: Any) -> str:
        """The address a connection's limits count against: its own, or its page's."""
        page = self._page_of(address)
        if page is not None:
            return page
        return str(address[0]) if isinstance(address, tuple) else "?"

    # -- deadlines and the end ----------------------------------------------------

    def overdue(self) -> list[Any]:
        """The sockets that have not joined by their deadline."""
        now = self.monotonic()
        with self._lock:
            return [entry.sock for entry in self._entries.values()
                    if not entry.joined and now - entry.since > self.deadline]

    def cut_all(self) -> None:
        """Every socket at the door shut at once (the table is closing)."""
        with self._lock:
            socks = list(self._entries)
        for sock in socks:
            shut(sock)

    def start(self, every: float = WATCH_EVERY) -> None:
        """The thread that shuts every socket past its deadline."""
        self._watch = threading.Thread(target=self._run, args=(every,), daemon=True,
                                       name="snl-table-door")
        self._watch.start()

    def stop(self) -> None:
        self._stopped.set()
        if self._watch is not None:
            self._watch.join(timeout=1)

    def _run(self, every: float) -> None:
        while not self._stopped.wait(every):
            for sock in self.overdue():
                shut(sock)

    def guard(self, handler: Callable[[Any, Any], None], refused: Callable[[], None]
              ) -> Callable[[Any, Any], None]:
        """``handler(sock, address)`` run only for a socket within the caps; any other is
        closed at once (its thread ends in microseconds) and ``refused`` is called in its
        thread instead of the handler (for the server's own bookkeeping)."""
        def guarded(sock: Any, address: Any) -> None:
            relay = self._page_of(address) is not None
            network = None if relay else (
                network_of(str(address[0])) if isinstance(address, tuple) else "?")
            entry = self.enter(sock, network)
            if entry is None:
                with contextlib.suppress(OSError):
                    sock.close()
                refused()
                return
            try:
                handler(sock, address)
            finally:
                self.leave(entry)
        return guarded


def _less(counter: Counter[str], key: str) -> None:
    counter[key] -= 1
    if counter[key] <= 0:
        del counter[key]
