"""Reading a typed or spoken answer: digits in either script, or number words.

A child may type "12", "१२", "twelve" or "बाह्र"; each is the number 12 in any
game. Words are matched against the spell-out the game itself uses (its own
language and English), after folding case, hyphens, "and" and, in Devanagari,
the long and short vowel signs that children (and books) often swap.
"""

from __future__ import annotations

import unicodedata
from functools import cache

from snl_edu.language.localizer import Localizer, localizer_for, read_digits

MAX_DIGITS = 6  # bounded: int() refuses 4,301 digits (a crash, found by attack)
WORDS_UP_TO = 200  # answers are squares and small counts; a bigger answer widens the search
_FOLD = str.maketrans({"ी": "ि", "ू": "ु", "-": " ", "‑": " ", ",": " ", "\u200c": None,
                       "\u200d": None})
_FILLERS = frozenset({"and", "र"})


def fold(text: str) -> str:
    """One spelling for comparing words: case, hyphens, fillers and vowel length folded."""
    text = unicodedata.normalize("NFC", text).casefold().translate(_FOLD)
    return " ".join(word for word in text.split() if word not in _FILLERS)


@cache
def _numbers_by_words(language: str, top: int) -> dict[str, int]:
    """Folded words to numbers, also without spaces ("fortytwo": the hyphen key has its
    own meaning in a game, so a child's "forty-two" may arrive joined)."""
    loc = localizer_for(language)
    table: dict[str, int] = {}
    for number in range(top + 1):
        words = fold(loc.words(number))
        table.setdefault(words, number)
        table.setdefault(words.replace(" ", ""), number)
    return table


def read_number(text: str, loc: Localizer, largest: int = WORDS_UP_TO) -> int | None:
    """The number ``text`` says, in digits or words, or None if it says none."""
    digits = read_digits(text, MAX_DIGITS)
    if digits is not None:
        return digits
    folded = fold(text)
    if not folded:
        return None
    top = max(WORDS_UP_TO, largest)
    for language in dict.fromkeys((loc.language, "en")):
        table = _numbers_by_words(language, top)
        number = table.get(folded, table.get(folded.replace(" ", "")))
        if number is not None:
            return number
    return None
