"""Postpositions written into placeholders: ``{name:को}``, ``{words:लाई}``, ``{kind:अनुसार}``.

Nepali writes a postposition joined to its noun ("आशाको पालो"), but a name may be
Latin ("Bikash को"), end in a digit ("कम्प्युटर १ को") or in a halanta, and the
translator cannot know which. So the translator writes the postposition as the
placeholder's format spec and this module decides how it meets the word: joined
after a Devanagari letter or vowel sign, a zero-width non-joiner after a halanta
(so the two do not fuse into a conjunct), a space after anything else.

Every translated string is a ``Template``; its ``format`` understands such specs
and formats everything else exactly as ``str.format`` does.
"""

from __future__ import annotations

import string
import unicodedata
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

HALANTA = "\u094d"
ZWNJ = "\u200c"


def _is_devanagari(char: str) -> bool:
    return "\u0900" <= char <= "\u097f" or "\ua8e0" <= char <= "\ua8ff"


def _joins(char: str) -> bool:
    """A Devanagari letter or sign a postposition joins onto (not a digit, not a danda)."""
    return _is_devanagari(char) and unicodedata.category(char)[0] in "LM"


def attach(word: str, postposition: str) -> str:
    """The word followed by its postposition, joined or spaced as Nepali writes it."""
    if not word:
        return postposition
    last = word[-1]
    if last == HALANTA:
        return word + ZWNJ + postposition
    if _joins(last):
        return word + postposition
    return word + " " + postposition


def is_postposition(spec: str) -> bool:
    return bool(spec) and _is_devanagari(spec[0])


class _Formatter(string.Formatter):
    def format_field(self, value: Any, format_spec: str) -> str:
        if is_postposition(format_spec):
            return attach(format(value, ""), format_spec)
        return str(super().format_field(value, format_spec))


_FORMATTER = _Formatter()


@lru_cache(maxsize=4096)
def _has_postposition(template: str) -> bool:
    """Whether a placeholder of ``template`` carries a postposition. Most strings (every
    English one) have none and are formatted by ``str.format`` itself: string.Formatter,
    written in Python, was a third of the time a game spent narrating."""
    try:
        return any(spec and is_postposition(spec)
                   for _, _, spec, _ in _FORMATTER.parse(template))
    except ValueError:  # a broken placeholder: the Formatter reports it, as before
        return True


class Template(str):
    """A translated string whose placeholders may carry a postposition: ``{name:को}``."""

    __slots__ = ()

    def format(self, /, *args: Any, **kwargs: Any) -> str:
        if not _has_postposition(self):
            return str.format(self, *args, **kwargs)
        return _FORMATTER.vformat(self, args, kwargs)

    def format_map(self, mapping: Mapping[str, Any]) -> str:  # type: ignore[override]
        if not _has_postposition(self):
            return str.format_map(self, mapping)
        return _FORMATTER.vformat(self, (), mapping)
