"""The table's door: how many connections it holds, from one computer and in all.

Every connection costs the host threads and memory from the moment it is accepted, before
it has said a word; a computer that opens thousands and never speaks must not take the host
down. The door counts open connections by network (an IPv4 address, or an IPv6 /64: one
computer there has a whole /64 to choose its addresses from) and shuts at once, with no
reply, a connection over either cap. A connection's handshake and first message have their
own deadlines (the host's ``serve`` options); this only counts.
"""

from __future__ import annotations

import contextlib
import ipaddress
import threading
from collections import Counter
from collections.abc import Callable
from typing import Any

# A classroom: every child of a full table, a team's second computer and a projector or
# two from one address (a shared computer lab behind one router), never a hundred.
PER_NETWORK = 24
IN_ALL = 96


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


class Gate:
    """Counts open connections; ``guard`` wraps a server's per-socket handler."""

    def __init__(self, per_network: int = PER_NETWORK, in_all: int = IN_ALL) -> None:
        self.per_network = per_network
        self.in_all = in_all
        self._open: Counter[str] = Counter()
        self._lock = threading.Lock()

    def enter(self, network: str) -> bool:
        with self._lock:
            if self._open[network] >= self.per_network or \
                    sum(self._open.values()) >= self.in_all:
                return False
            self._open[network] += 1
            return True

    def leave(self, network: str) -> None:
        with self._lock:
            self._open[network] -= 1
            if self._open[network] <= 0:
                del self._open[network]

    def open_count(self) -> int:
        with self._lock:
            return sum(self._open.values())

    def guard(self, handler: Callable[[Any, Any], None], refused: Callable[[], None]
              ) -> Callable[[Any, Any], None]:
        """``handler(sock, address)`` run only for a socket within the caps; any other is
        closed at once (its thread ends in microseconds) and ``refused`` is called in its
        thread instead of the handler (for the server's own bookkeeping)."""
        def guarded(sock: Any, address: Any) -> None:
            network = network_of(str(address[0])) if isinstance(address, tuple) else "?"
            if not self.enter(network):
                with contextlib.suppress(OSError):
                    sock.close()
                refused()
                return
            try:
                handler(sock, address)
            finally:
                self.leave(network)
        return guarded
