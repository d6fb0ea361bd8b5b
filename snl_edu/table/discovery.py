"""Finding tables on the school network (mDNS/DNS-SD through ``zeroconf``).

A table announces its name, address and port, never its join code. Multicast is often
blocked on school Wi-Fi, so typing the address always works too; discovery only saves
the typing. Announcing and looking happen on the interface the table is bound to (or
all of them), and on nothing else.
"""

from __future__ import annotations

import contextlib
import ipaddress
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from snl_edu.safe_text import MAX_TITLE, clean_name

if TYPE_CHECKING:
    from ifaddr import Adapter

SERVICE = "_snl-table._tcp.local."
ANY_ADDRESS = ("0.0.0.0", "::")  # a table bound to every interface
# Interfaces a phone on the school's Wi-Fi never reaches: containers, virtual machines, VPNs.
VIRTUAL_PREFIXES = ("docker", "br-", "veth", "virbr", "vboxnet", "vmnet", "lxc", "lxd", "tun",
                    "tap", "wg", "tailscale", "zt", "utun", "podman", "cni", "flannel")
LOOK_SECONDS = 2.0


@dataclass(frozen=True)
class FoundTable:
    name: str  # cleaned: it came from the network
    host: str
    port: int
    board: str


def _interfaces(address: str | None) -> Any:
    from zeroconf import InterfaceChoice

    if address in (None, "", *ANY_ADDRESS):
        return InterfaceChoice.All
    return [address]


class Announcement:
    """A table's entry on the network, from ``announce`` until ``close``."""

    def __init__(self, name: str, bind: str, port: int, board: str) -> None:
        from zeroconf import EventLoopBlocked, ServiceInfo, Zeroconf

        addresses = [bind] if bind not in ANY_ADDRESS else local_addresses()
        label = clean_name(name, MAX_TITLE).replace(".", " ") or "snl"
        self.zeroconf = Zeroconf(interfaces=_interfaces(bind))
        self.info = ServiceInfo(
            SERVICE, f"{label}.{SERVICE}", port=port,
            addresses=[ipaddress.ip_address(a).packed for a in addresses],
            properties={"board": board[:MAX_TITLE], "v": "1"})
        # A busy computer: zeroconf's own thread may be slow to send the announcements,
        # which it goes on sending; the table is found a moment later, not never.
        with contextlib.suppress(EventLoopBlocked):
            self.zeroconf.register_service(self.info, allow_name_change=True)

    def close(self) -> None:
        self.zeroconf.unregister_service(self.info)
        self.zeroconf.close()


def lan_addresses(adapters: Iterable[Adapter] | None = None) -> list[str]:
    """This computer's IPv4 addresses on its networks, read from its interfaces (not from
    its name, which Debian and Ubuntu map to 127.0.1.1), the likeliest for a phone first:
    real interfaces before virtual ones, private networks before others. Empty when the
    computer has only loopback (or link-local addresses, which no Wi-Fi router hands out)."""
    if adapters is None:
        import ifaddr

        adapters = ifaddr.get_adapters()
    ranked: list[tuple[bool, bool, int, str]] = []
    for order, adapter in enumerate(adapters):
        virtual = str(adapter.nice_name).lower().startswith(VIRTUAL_PREFIXES)
        for ip in adapter.ips:
            if not isinstance(ip.ip, str):  # IPv6 entries are tuples; phones use IPv4 here
                continue
            address = ipaddress.IPv4Address(ip.ip)
            if address.is_loopback or address.is_link_local or address.is_unspecified:
                continue
            ranked.append((virtual, not address.is_private, order, ip.ip))
    return list(dict.fromkeys(address for *_, address in sorted(ranked)))


def local_addresses() -> list[str]:
    """The addresses a table bound to every interface announces (loopback when no other)."""
    return lan_addresses() or ["127.0.0.1"]


def look_for_tables(via: str | None = None, seconds: float = LOOK_SECONDS
                    ) -> list[FoundTable]:
    """The tables that answer within ``seconds``, through ``via``'s network (or all)."""
    from zeroconf import ServiceBrowser, ServiceStateChange, Zeroconf

    names: list[str] = []
    seen = threading.Event()

    def changed(zeroconf: Any, service_type: str, name: str,
                state_change: ServiceStateChange) -> None:
        if state_change is ServiceStateChange.Added and name not in names:
            names.append(name)
            seen.set()

    zeroconf = Zeroconf(interfaces=_interfaces(via))
    try:
        browser = ServiceBrowser(zeroconf, SERVICE, handlers=[changed])
        seen.wait(seconds)  # answers come together; give the rest a moment after the first
        if seen.is_set():
            threading.Event().wait(min(0.5, seconds))
        browser.cancel()
        found = []
        for name in names:
            info = zeroconf.get_service_info(SERVICE, name, timeout=int(seconds * 1000))
            if info is None or not info.parsed_addresses() or not info.port:
                continue
            board = (info.properties or {}).get(b"board") or b""
            found.append(FoundTable(
                clean_name(name.removesuffix("." + SERVICE), MAX_TITLE),
                info.parsed_addresses()[0], int(info.port),
                clean_name(board.decode("utf-8", "replace"), MAX_TITLE)))
        return found
    finally:
        zeroconf.close()
