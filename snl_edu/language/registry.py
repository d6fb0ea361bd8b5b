"""Every language the game speaks, each one object registered here and nowhere else.

Adding a language is its data folder (``locales/<code>/``: the catalog
``LC_MESSAGES/snl_edu.po``, ``voice.toml`` for voice commands, optionally a
reviewed ``numbers.toml``) plus one ``Language`` in ``REGISTERED`` below.
This module imports nothing of ours, so every layer may ask it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum


class Digits(StrEnum):
    LATIN = "latn"
    DEVANAGARI = "deva"


# Typed during a lesson, in any game language, these skip the question.
SKIP_EVERYWHERE = frozenset({"skip", "pass"})


@dataclass(frozen=True)
class Language:
    """A language the game speaks: its code, names, digits, voices and content."""

    code: str  # BCP 47, as in --lang and locales/<code>/
    native_name: str  # the language's name in itself, for menus and lists
    digits: Digits  # the digits numbers are written in unless --digits says otherwise
    speech_voice: str  # the eSpeak NG voice that reads it aloud
    recognition_model: str  # the speech-model language that hears it (`snl voice download`)
    # CLDR spell-out rules for number words (unicode-rbnf), or None when CLDR has none:
    # numbers are then said as numerals in the language's digits, never a crash.
    number_rules: str | None
    # Where lesson and board texts are looked for, in order (the last is the source, en).
    content_languages: tuple[str, ...]
    skip_words: frozenset[str] = frozenset()  # typed to skip a lesson question
    yes_words: frozenset[str] = frozenset()  # typed to say yes (as the key y)
    no_words: frozenset[str] = frozenset()  # typed to say no (as the key n)


REGISTERED = (
    Language("en", "English", Digits.LATIN, speech_voice="en", recognition_model="en",
             number_rules="en", content_languages=("en",),
             yes_words=frozenset({"yes"}), no_words=frozenset({"no"})),
    # vosk has no Nepali model: the Hindi one hears Nepali (see locales/ne/voice.toml).
    Language("ne", "नेपाली", Digits.DEVANAGARI, speech_voice="ne", recognition_model="hi",
             number_rules="ne", content_languages=("ne", "en"),
             skip_words=frozenset({"छोड", "छोड्नुहोस्", "छाड"}),
             yes_words=frozenset({"हो"}), no_words=frozenset({"होइन"})),
)
SOURCE_LANGUAGE = "en"  # the language of the msgids, and the last fallback for content

_BY_CODE = {language.code: language for language in REGISTERED}


def codes() -> tuple[str, ...]:
    return tuple(_BY_CODE)


def get(code: str) -> Language | None:
    return _BY_CODE.get(code)


def languages() -> Iterator[Language]:
    return iter(_BY_CODE.values())


def skip_words() -> frozenset[str]:
    """Words that skip a question in any language: a child may type in either."""
    words = set(SKIP_EVERYWHERE)
    for language in languages():
        words |= language.skip_words
    return frozenset(words)
