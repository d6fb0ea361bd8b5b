"""Untrusted text made safe to show, speak or draw: the one place that decides how.

Names, board files, phrase files and stored data can hold escape sequences that clear a
terminal, set its title, write the clipboard (OSC 52) or fake a narration line, and
characters that make an SVG invalid XML. Before such text goes anywhere it passes
``visible``: every control character becomes its visible picture (ESC shows as ␛) and
bidirectional overrides, lone surrogates and non-characters become U+FFFD. Joiners
(ZWJ, ZWNJ) stay: Nepali spelling needs them.
"""

from __future__ import annotations

import unicodedata
from typing import Any

MAX_NAME = 40  # a player's or learner's name
MAX_TITLE = 80  # a board's title or name, a ladder's or snake's name
MAX_TEXT = 2000  # any other stored line (a lesson question)

REPLACEMENT = "\ufffd"
_PICTURES = {code: chr(0x2400 + code) for code in range(0x20)} | {0x7F: "\u2421"}
_BIDI_CONTROLS = {*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x2028, 0x2029}


def _safe_char(char: str) -> str:
    code = ord(char)
    if code in _PICTURES:
        return _PICTURES[code]
    if (0x80 <= code <= 0x9F or code in _BIDI_CONTROLS or 0xD800 <= code <= 0xDFFF
            or (code & 0xFFFE) == 0xFFFE or 0xFDD0 <= code <= 0xFDEF):
        return REPLACEMENT
    return char


def visible(text: str) -> str:
    """The text with nothing a terminal, a speech engine or XML would act on."""
    if text.isprintable() and text.isascii():  # the common case, at C speed
        return text
    return "".join(map(_safe_char, text))


def visible_data(data: Any, limit: int) -> Any:
    """Every text in parsed data (a board file, a saved game) made visible and cut to
    ``limit`` characters; JSON is nested a thousand levels at most (RecursionError past)."""
    if isinstance(data, str):
        return visible(data)[:limit]
    if isinstance(data, list):
        return [visible_data(item, limit) for item in data]
    if isinstance(data, dict):
        return {key: visible_data(value, limit) for key, value in data.items()}
    return data


def clean_name(text: str, limit: int = MAX_NAME) -> str:
    """The one rule for a name at every door, applied before it is shown, saved or looked
    up: invisible format characters dropped, at most ``MAX_MARKS`` combining marks on a
    letter (À is A and one; the form a name is typed in never matters), spaces collapsed,
    control characters made visible, bytes that were not UTF-8 (lone surrogates from the
    command line) made U+FFFD, NFC, at most ``limit`` characters.
    What it returns is what the store's row checks accept, so a name the game saved is never
    called damaged; "" means the name was blank (nothing but spaces and invisible
    characters)."""
    # NFC first, so a name typed decomposed (À as A and a grave, as macOS sends it) is
    # cleaned exactly as typed composed: every step below sees the same text.
    text = unicodedata.normalize("NFC", text)
    text = unicodedata.normalize("NFC", visible(" ".join(_letters(text).split())))
    # Again after NFC (it can part a letter from its mark: क़ is क and ़, or move a mark
    # between a joiner and its letter) and after the cut (it can leave a joiner with no
    # letter after it), until nothing changes, so a cleaned name cleans to itself. Each
    # round but the last drops a character, so this ends.
    text = text[:limit]
    while (again := unicodedata.normalize("NFC", _letters(text)).rstrip()) != text:
        text = again
    return text if _folded(text) else ""


# Invisible format characters (Unicode category Cf: zero-width space, soft hyphen, word
# joiner, direction marks...) would let two names that look and sound the same be two
# children. ZWJ and ZWNJ between Devanagari letters stay: they choose a conjunct's shape
# in Nepali spelling. The bidirectional controls are Cf too: ``visible`` shows them.
_JOINERS = frozenset("\u200c\u200d")
# Devanagari puts two marks on a letter at most (the ् and ा of ज्ञा, the ़ and ् of क़्);
# a longer stack only draws over the letters around it.
MAX_MARKS = 3


def _devanagari(char: str) -> bool:
    return "\u0900" <= char <= "\u097f" or "\ua8e0" <= char <= "\ua8ff"


def _letters(text: str) -> str:
    """The text without invisible format characters, and with at most ``MAX_MARKS``
    combining marks after each other character."""
    if text.isascii():  # neither: the common case, at C speed
        return text
    kept: list[str] = []
    marks = 0
    for index, char in enumerate(text):
        category = unicodedata.category(char)
        if category == "Cf" and ord(char) not in _BIDI_CONTROLS and not (
                char in _JOINERS and kept and _devanagari(kept[-1])
                and _devanagari(text[index + 1:index + 2])):
            continue
        marks = marks + _marks_in(char) if category[0] == "M" else _marks_in(char)
        if marks <= MAX_MARKS or category[0] != "M":
            kept.append(char)
    return "".join(kept)


def _marks_in(char: str) -> int:
    """The combining marks a character is made of: À is A and a grave, so one."""
    if unicodedata.decomposition(char) == "":
        return int(unicodedata.category(char)[0] == "M")
    return sum(unicodedata.category(part)[0] == "M"
               for part in unicodedata.normalize("NFD", char))


def name_key(name: str) -> str:
    """The one rule for "is this the same child?" (learners, seats, team members, every
    name a command is given): the name cleaned as ``clean_name`` cleans it on entry, so the
    name as typed finds the child the game saved; then NFKC, case folded, spaces collapsed,
    joiners removed. Cut to ``MAX_NAME`` too (folding can lengthen a name: ß is ss) so that
    a key, as the data folder's files keep it, is its own key."""
    return _folded(clean_name(name))[:MAX_NAME].rstrip()


# A joiner changes a conjunct's shape, not whose name it is.
_NO_JOINERS = dict.fromkeys(map(ord, _JOINERS))


def _folded(name: str) -> str:
    folded = unicodedata.normalize("NFKC", name).translate(_NO_JOINERS).casefold()
    return " ".join(unicodedata.normalize("NFKC", folded).split())
