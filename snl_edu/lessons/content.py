"""History cards and virtue/vice meanings, read from the lessons/ data folder.

The text lives in TOML beside the code so teachers and translators can edit it
without touching Python; each entry carries English and Nepali side by side.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from snl_edu.boards import load_board, shipped_names
from snl_edu.capped_toml import CappedTomlError, parse_capped
from snl_edu.engine import Board, Rules
from snl_edu.language.localizer import Localizer
from snl_edu.language.registry import SOURCE_LANGUAGE, languages
from snl_edu.resources import data_folder
from snl_edu.vocabulary import N_, SnlError

HISTORY_FILE = "history.toml"
MEANINGS_FILE = "virtues.toml"


def content_languages() -> tuple[str, ...]:
    """The languages every entry must be written in: the source, and each registered
    language that has content of its own (others read a neighbour's, as they register)."""
    own = [language.code for language in languages()
           if language.content_languages[:1] == (language.code,)]
    return tuple(dict.fromkeys([SOURCE_LANGUAGE, *own]))


def in_language(texts: dict[str, str], loc: Localizer) -> str:
    """The text in the reader's language, else the first of its content languages."""
    for code in (loc.language, *loc.spoken.content_languages):
        if texts.get(code):
            return texts[code]
    return texts[SOURCE_LANGUAGE]


class LessonDataError(SnlError):
    """A lessons/ file is missing, not TOML, or an entry lacks a language or source.

    ``message`` is a msgid saying what is wrong; ``details`` name the entry and key.
    """

    def __init__(self, file: str, message: str, **details: object) -> None:
        self.file = file
        super().__init__(message, **details)


@cache
def _shipped_board(name: str) -> Board:
    """A shipped board, read and checked once a process (the cards ask at every jump)."""
    return load_board(name)


@dataclass(frozen=True)
class Card:
    """One history fact, in both languages, with where it comes from.

    ``told`` is the card's first one or two short sentences, what a game tells its
    players; ``text`` the whole card (``snl history``), which begins with them, so a
    fact is written once and a game never tells it otherwise.
    """

    id: str
    told: dict[str, str]
    text: dict[str, str]
    sources: dict[str, str]
    # A card whose figures are about one shipped board, played with the default rules
    # ("on our Moksha Patam board, about 38 rolls"): a game tells it only there.
    board: str | None = None

    def fits(self, board: Board, rules: Rules) -> bool:
        """Whether a game on this board with these rules may tell the card."""
        return self.board is None or (rules == Rules() and board == _shipped_board(self.board))

    @property
    def source(self) -> str:
        """The citation as its works title themselves."""
        return self.sources[SOURCE_LANGUAGE]

    def in_language(self, loc: Localizer) -> str:
        return loc.number(in_language(self.text, loc))

    def source_in(self, loc: Localizer) -> str:
        return loc.number(in_language(self.sources, loc))

    def for_children(self, loc: Localizer) -> str:
        return loc.number(in_language(self.told, loc))


@dataclass(frozen=True)
class Meaning:
    """What a virtue (ladder) or vice (snake) on the moksha-patam board means."""

    name: dict[str, str]
    kind: str  # "virtue" or "vice"
    text: dict[str, str]
    sources: dict[str, str]

    @property
    def source(self) -> str:
        return self.sources[SOURCE_LANGUAGE]

    def title(self, loc: Localizer) -> str:
        return in_language(self.name, loc)

    def in_language(self, loc: Localizer) -> str:
        return loc.number(in_language(self.text, loc))

    def source_in(self, loc: Localizer) -> str:
        return loc.number(in_language(self.sources, loc))


def _read(file: str) -> dict[str, Any]:
    try:
        raw = data_folder("lessons").joinpath(file).read_text("utf-8")
        return parse_capped(raw)
    except OSError as error:
        raise LessonDataError(file, N_("it cannot be read ({reason})"),
                              reason=error.strerror or str(error)) from error
    except CappedTomlError as error:
        raise LessonDataError(file, N_("it is not valid TOML ({reason})"),
                              reason=error.detail) from error


def _languages(entry: dict[str, Any], file: str, label: str, prefix: str = "") -> dict[str, str]:
    text = {lang: entry.get(prefix + lang) for lang in content_languages()}
    for lang, value in text.items():
        if not isinstance(value, str) or not value.strip():
            raise LessonDataError(file, N_("entry {entry} has no {key} text"), entry=label,
                                  key=prefix + lang)
    return {lang: str(value).strip() for lang, value in text.items()}


def _source(entry: dict[str, Any], file: str, label: str) -> dict[str, str]:
    """``source``: the citation as its works title themselves (what a teacher searches
    for); ``source_<lang>``: the same told in each other content language."""
    source = entry.get("source")
    if not isinstance(source, str) or not source.strip():
        raise LessonDataError(file, N_("entry {entry} has no source"), entry=label)
    told = {lang: entry.get("source_" + lang) for lang in content_languages()
            if lang != SOURCE_LANGUAGE}
    for lang, value in told.items():
        if not isinstance(value, str) or not value.strip():
            raise LessonDataError(file, N_("entry {entry} has no {key} text"), entry=label,
                                  key="source_" + lang)
    return {SOURCE_LANGUAGE: source.strip(), **{lang: str(v).strip() for lang, v in told.items()}}


@lru_cache(maxsize=1)
def history_cards() -> tuple[Card, ...]:
    data = _read(HISTORY_FILE)
    cards = []
    seen: set[str] = set()
    for index, entry in enumerate(data.get("card", []), start=1):
        card_id = str(entry.get("id") or f"#{index}")
        if card_id in seen:
            raise LessonDataError(HISTORY_FILE, N_("entry {entry} appears twice"),
                                  entry=card_id)
        seen.add(card_id)
        board = entry.get("board")
        if board is not None and board not in shipped_names():
            raise LessonDataError(HISTORY_FILE, N_("entry {entry} is about the board "
                                                   "{board}, which is not one that ships"),
                                  entry=card_id, board=repr(board))
        told = _languages(entry, HISTORY_FILE, card_id)
        more = (_languages(entry, HISTORY_FILE, card_id, prefix="more_")
                if any("more_" + lang in entry for lang in told) else {})
        text = {lang: f"{line} {more[lang]}" if more else line for lang, line in told.items()}
        cards.append(Card(card_id, told, text, _source(entry, HISTORY_FILE, card_id), board))
    return tuple(cards)


@lru_cache(maxsize=1)
def meanings() -> tuple[Meaning, ...]:
    data = _read(MEANINGS_FILE)
    result = []
    for index, entry in enumerate(data.get("meaning", []), start=1):
        names = entry.get("name")
        label = f"#{index}"
        if not isinstance(names, dict):
            raise LessonDataError(MEANINGS_FILE, N_("entry {entry} has no name"), entry=label)
        name = _languages(names, MEANINGS_FILE, label)
        kind = entry.get("kind")
        if kind not in ("virtue", "vice"):
            raise LessonDataError(MEANINGS_FILE, N_("entry {entry} is neither a virtue nor a vice"),
                                  entry=label)
        result.append(Meaning(name, str(kind), _languages(entry, MEANINGS_FILE, label),
                              _source(entry, MEANINGS_FILE, label)))
    return tuple(result)


def meaning_of(english_name: str) -> Meaning | None:
    """The meaning for a jump's English name (the board files name jumps in en and ne)."""
    key = english_name.strip().casefold()
    for meaning in meanings():
        if meaning.name["en"].casefold() == key:
            return meaning
    return None
