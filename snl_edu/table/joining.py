"""How the host tells the class the way to join: the join line, a QR code of it for those who
can see it, and the join code said aloud letter by letter in the host's language.

The QR code is only ever beside the plain line, never instead of it, and never in
screen-reader mode (a screen reader would read out a wall of block characters).
"""

from __future__ import annotations

import io

from snl_edu.language.localizer import Localizer
from snl_edu.table.codes import shown


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
