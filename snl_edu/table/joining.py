"""How the host tells the class the way to join: the join line, a QR code of it for those who
can see it, and the join code said aloud letter by letter in the host's language.

The QR code is only ever beside the plain line, never instead of it, and never in
screen-reader mode (a screen reader would read out a wall of block characters).
"""

from __future__ import annotations

import enum
import io
import ipaddress
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from snl_edu.language.localizer import Localizer
from snl_edu.table.codes import shown
from snl_edu.table.discovery import ANY_ADDRESS, lan_addresses

if TYPE_CHECKING:
    from ifaddr import Adapter


class Unreachable(enum.Enum):
    """Why no phone can open the address shown."""

    NO_NETWORK = "no-network"  # the computer has only loopback
    THIS_COMPUTER = "this-computer"  # the teacher bound the table to loopback


@dataclass(frozen=True)
class Reach:
    """Where the class reaches a table: the address shown first, the computer's others
    (a phone on another of its networks may need one), and why none may work."""

    host: str
    others: tuple[str, ...] = ()
    unreachable: Unreachable | None = None


def reach(bind: str, adapters: Iterable[Adapter] | None = None) -> Reach:
    """The address a phone can open for a table listening on ``bind``."""
    if bind not in ANY_ADDRESS:
        try:
            alone = ipaddress.ip_address(bind).is_loopback
        except ValueError:  # a name: the teacher knows what it points at
            alone = bind == "localhost"
        return Reach(bind, (), Unreachable.THIS_COMPUTER if alone else None)
    found = lan_addresses(adapters)
    if not found:
        return Reach("127.0.0.1", (), Unreachable.NO_NETWORK)
    return Reach(found[0], tuple(found[1:]))


def page_address(host: str, port: int, code: str, page: str = "/") -> str:
    """The address a browser opens: a page, the join code in its fragment (never sent to
    the server, so never in a request line or a log)."""
    return f"http://{host_port(host, port)}{page}#{shown(code)}"


def join_lines(loc: Localizer, code: str, port: int, where: Reach, *, web: bool,
               screen_reader: bool) -> list[str]:
    """What the host prints for the class: the code, the join line, the page's address and
    its QR code, the projector's address, the other addresses, and any warning last, where
    the teacher's eye is."""
    command = join_command(host_port(where.host, port), code)
    lines = [loc.gettext("The table is open. Join code: {code}").format(code=shown(code)),
             loc.gettext("Children join with: {command} --name NAME").format(command=command)]
    page = page_address(where.host, port, code) if web else None
    if page is not None:  # its own line, so it can be read, typed or clicked as it is
        lines += [loc.gettext("Or in any browser (phone, tablet, school computer), at:"), page]
    if screen_reader:  # a QR code is a wall of blocks to a screen reader: the code, spelled
        lines.append(spelled_code(code, loc))
    elif page is not None:
        lines += [loc.gettext("Or scan this with a phone or tablet to open that page:"),
                  *qr_lines(page)]
    else:
        lines += [loc.gettext("Or scan it (the same line) with a phone or tablet:"),
                  *qr_lines(command)]
    if page is not None:
        lines += [loc.gettext("The board for a projector, at:"),
                  page_address(where.host, port, code, "/projector")]
    return lines + _other_addresses(loc, code, port, where, web) + _warning(loc, where)


def _other_addresses(loc: Localizer, code: str, port: int, where: Reach, web: bool
                     ) -> list[str]:
    if not where.others:
        return []
    return [loc.gettext("If a phone cannot open that address, try one of this computer's "
                        "others:"),
            *(page_address(host, port, code) if web else host_port(host, port)
              for host in where.others)]


def _warning(loc: Localizer, where: Reach) -> list[str]:
    if where.unreachable is Unreachable.NO_NETWORK:
        return [loc.gettext("This computer is on no network: children's phones cannot reach "
                            "it. Join it to the school's Wi-Fi, then open the table again.")]
    if where.unreachable is Unreachable.THIS_COMPUTER:
        return [loc.gettext("The table listens on this computer only ({address}): "
                            "children's phones cannot reach it. Leave out --bind to open "
                            "it to the network.").format(address=where.host)]
    return []


def host_port(host: str, port: int) -> str:
    """``host:port``, an IPv6 address in brackets (``[::1]:8765``), as in a web address."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def join_command(address: str, code: str) -> str:
    """What a child types to join (their name still to add)."""
    return f"snl table join {address} {shown(code)}"


def qr_lines(text: str) -> list[str]:
    """The text as a QR code in plain Unicode half blocks: no colour codes, no cursor moves,
    so it prints on any terminal and with NO_COLOR."""
    import segno

    drawn = io.StringIO()
    segno.make(text, micro=False).terminal(out=drawn, compact=True)
    return drawn.getvalue().splitlines()


def letter_name(letter: str, loc: Localizer) -> str:
    """A letter or digit of a join code as the host's language says it aloud."""
    if letter.isdigit():
        return loc.words(int(letter))
    names = {  # codes.ALPHABET's letters; each language names the Latin letters its own way
        # TRANSLATORS: a letter of a join code, said aloud when spelling (Nepali: K is के)
        "A": loc.pgettext("letter", "A"), "C": loc.pgettext("letter", "C"),
        "D": loc.pgettext("letter", "D"), "E": loc.pgettext("letter", "E"),
        "F": loc.pgettext("letter", "F"), "G": loc.pgettext("letter", "G"),
        "H": loc.pgettext("letter", "H"), "J": loc.pgettext("letter", "J"),
        "K": loc.pgettext("letter", "K"), "M": loc.pgettext("letter", "M"),
        "N": loc.pgettext("letter", "N"), "P": loc.pgettext("letter", "P"),
        "Q": loc.pgettext("letter", "Q"), "R": loc.pgettext("letter", "R"),
        "T": loc.pgettext("letter", "T"), "U": loc.pgettext("letter", "U"),
        "V": loc.pgettext("letter", "V"), "W": loc.pgettext("letter", "W"),
        "X": loc.pgettext("letter", "X"), "Y": loc.pgettext("letter", "Y"),
    }
    return names.get(letter, letter)


def spelled_code(code: str, loc: Localizer) -> str:
    """The join code letter by letter, a pause between its groups of four, as one sentence."""
    groups = [", ".join(letter_name(letter, loc) for letter in group)
              for group in shown(code).split("-") if group]
    return loc.gettext("The join code, letter by letter: {letters}.").format(
        letters="; ".join(groups))
