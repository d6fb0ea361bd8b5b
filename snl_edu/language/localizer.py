"""Languages: which one to use, its translations, digits, number words and lists.

Translation objects only; never ``gettext.install()``, because Click uses the
global gettext domain for its own strings.
"""

from __future__ import annotations

import gettext
import io
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache

from snl_edu.language import registry as languages
from snl_edu.language.postpositions import Template
from snl_edu.language.registry import SOURCE_LANGUAGE, Digits, Language
from snl_edu.vocabulary import (
    N_,
    SnlError,
)

DOMAIN = "snl_edu"
_LATIN_DIGITS = "0123456789"
_DEVANAGARI_DIGITS = "०१२३४५६७८९"
_TO_DEVANAGARI = str.maketrans(_LATIN_DIGITS, _DEVANAGARI_DIGITS)
_TO_LATIN = str.maketrans(_DEVANAGARI_DIGITS, _LATIN_DIGITS)


class LanguageError(SnlError):
    """An asked-for language we do not have, or whose catalog cannot be read."""

    def __init__(self, language: str, reason: str, detail: str = "") -> None:
        self.language = language
        self.reason = reason
        self.detail = detail
        if reason == "unknown":
            super().__init__(N_("Unknown language {language}. Languages: {languages}."),
                             language=language, languages=list(languages.codes()))
        else:  # "broken": error_text names the language in the reader's own words
            super().__init__(f"{language}: {reason} {detail}".strip())


def to_devanagari_digits(text: str) -> str:
    return text.translate(_TO_DEVANAGARI)


def to_latin_digits(text: str) -> str:
    return text.translate(_TO_LATIN)


def read_digits(text: str, most: int) -> int | None:
    """The number ``text`` writes in Latin or Devanagari digits (no more than ``most`` of
    them), else None: a typed answer that asks for digits, read in one place.

    Only these ten and ten: ``str.isdigit`` also takes ² and other digits ``int`` refuses.
    """
    plain = to_latin_digits(text.strip())
    if not plain or len(plain) > most or not all(char in _LATIN_DIGITS for char in plain):
        return None
    return int(plain)


def _language_of_locale(value: str) -> str:
    """'ne_NP.UTF-8' -> 'ne'; 'C' and 'POSIX' name no language."""
    code = value.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return "" if code in ("c", "posix") else code


def resolve_language(option: str | None, environ: Mapping[str, str] | None = None) -> str:
    """--lang, then SNL_LANG, then the system locale, else English.

    An explicit choice we cannot honour is an error; a system locale in a
    language we do not have quietly means English, as it does for any program.
    """
    env = os.environ if environ is None else environ
    for explicit in (option, env.get("SNL_LANG")):
        if explicit:
            code = _language_of_locale(explicit) or explicit
            if languages.get(code) is None:
                raise LanguageError(explicit, "unknown")
            return code
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable)
        if value:
            code = _language_of_locale(value)
            return code if languages.get(code) is not None else SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


def localizer_for(lang: str | None = None, digits: str | None = None, *,
                  forgiving: bool = False) -> Localizer:
    """The one way to a Localizer: the language asked for (resolved as ``resolve_language``
    says; a language code passes through) and its digits (``--digits``, else the language's).

    ``forgiving``, for help and error messages, which are shown whatever was asked: a choice
    that cannot be honoured means the environment's language, else English.
    """
    try:
        return Localizer.create(resolve_language(lang), Digits(digits) if digits else None)
    except (LanguageError, ValueError):  # ValueError: digits that are not one of ours
        if not forgiving:
            raise
    if lang is not None or digits is not None:
        return localizer_for(forgiving=True)
    return Localizer.create(SOURCE_LANGUAGE)


@cache
def translations(language: str) -> gettext.NullTranslations:
    """The catalog for a language, compiled from its .po in memory."""
    if languages.get(language) is None:
        raise LanguageError(language, "unknown")
    if language == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import PoFileError, read_po

    from snl_edu.resources import data_folder  # not at import: `snl --help` stays quick

    po_path = data_folder("locales").joinpath(language, "LC_MESSAGES", DOMAIN + ".po")
    try:
        with po_path.open("rb") as po_file:
            catalog = read_po(po_file, locale=language, abort_invalid=True)
    except (OSError, PoFileError, ValueError, UnicodeDecodeError) as error:
        raise LanguageError(language, "broken", str(error)) from error
    if not any(message.id and message.string for message in catalog):
        # An empty catalog would silently show English to a Nepali classroom.
        raise LanguageError(language, "broken", f"{po_path} has no translations")
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


@cache
def _spellout(rules: str):  # type: ignore[no-untyped-def]
    """CLDR's spell-out rules; None when unicode-rbnf has none for them."""
    from unicode_rbnf import RbnfEngine

    try:
        return RbnfEngine.for_language(rules)
    except (ValueError, KeyError, OSError):
        return None


@lru_cache(maxsize=4096)
def _spelled(rules: str, value: int) -> str | None:
    """A number spelled by CLDR's rules, kept: spelling takes 10-17 µs and counting a
    move aloud spells every square of it."""
    engine = _spellout(rules)
    return None if engine is None else str(engine.format_number(value).text)


def number_words(language: str) -> Mapping[int, str]:
    """A reviewed table of number words (``locales/<lang>/numbers.toml``), where a
    language's school books spell differently from CLDR; empty if there is none."""
    return _numbers_table(language, "words")


def place_words(language: str) -> Mapping[int, str]:
    """The places of a ranking as a language says them where they are not the number
    ("पहिलो स्थान", not "१ नम्बर स्थान"): the ``[places]`` table of its numbers.toml."""
    return _numbers_table(language, "places")


@cache
def _numbers_table(language: str, name: str) -> Mapping[int, str]:
    import tomllib

    from snl_edu.resources import data_folder

    path = data_folder("locales").joinpath(language, "numbers.toml")
    if not path.is_file():
        return {}
    try:
        table = tomllib.loads(path.read_text(encoding="utf-8")).get(name, {})
        return {int(number): str(word) for number, word in table.items()}
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, KeyError, ValueError,
            AttributeError) as error:
        raise LanguageError(language, "broken", f"{path}: {error}") from error


@dataclass(frozen=True)
class Localizer:
    """Everything language-dependent that turns facts into text."""

    language: str = SOURCE_LANGUAGE
    digits: Digits = Digits.LATIN
    _translations: gettext.NullTranslations = field(default=None, repr=False, compare=False)  # type: ignore[assignment]

    @classmethod
    def create(cls, language: str, digits: Digits | None = None) -> Localizer:
        translated = translations(language)  # raises LanguageError for an unknown language
        return cls(language, digits or cls._language(language).digits, translated)

    @staticmethod
    def _language(code: str) -> Language:
        found = languages.get(code)
        if found is None:
            raise LanguageError(code, "unknown")
        return found

    @property
    def spoken(self) -> Language:
        """This language's registration: voice, recognition model, content languages."""
        return self._language(self.language)

    def gettext(self, message: str) -> Template:
        return Template(self._translations.gettext(message))

    def pgettext(self, context: str, message: str) -> Template:
        """A short msgid that means different things in different places ("letter", "A")."""
        return Template(self._translations.pgettext(context, message))

    def ngettext(self, singular: str, plural: str, n: int) -> Template:
        return Template(self._translations.ngettext(singular, plural, n))

    def number(self, value: int | str) -> str:
        """A number in this language's digits; in a text (a date, a decimal, a board size
        such as 5x5) its digits are written so, and the rest is left as it is."""
        text = str(value)
        return to_devanagari_digits(text) if self.digits is Digits.DEVANAGARI else text

    def words(self, value: int) -> str:
        """The number in words: the language's reviewed table, else CLDR's spell-out rules,
        else (a language CLDR cannot spell) the numeral in the language's digits."""
        reviewed = number_words(self.language).get(value)
        if reviewed is not None:
            return reviewed
        rules = self.spoken.number_rules
        spelled = _spelled(rules, value) if rules else None
        return self.number(value) if spelled is None else spelled

    def place(self, value: int) -> str:
        """A place in a ranking: the language's word for it (पहिलो, दोस्रो), else the
        number in the language's digits ("Place 2")."""
        return place_words(self.language).get(value) or self.number(value)

    def language_name(self, code: str) -> str:
        """A language code as the language's name in this language ("ne" -> "नेपाली"):
        a code is something to type, a name something to read."""
        from babel import Locale, UnknownLocaleError

        base = code.replace("-", "_").split("_")[0]
        try:
            names = Locale.parse(self.language).languages
        except (UnknownLocaleError, ValueError):  # a registered language CLDR does not know
            registered = languages.get(base)
            return registered.native_name if registered is not None else code
        return str(names.get(base, code))

    def join(self, items: Iterable[str]) -> str:
        from babel.core import UnknownLocaleError
        from babel.lists import format_list

        items = list(items)
        try:
            return format_list(items, locale=self.language)
        except (UnknownLocaleError, ValueError):  # no CLDR list patterns: plain commas
            return ", ".join(items)
