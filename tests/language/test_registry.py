"""Languages as registered objects: data for each, and a language CLDR cannot spell."""

from __future__ import annotations

import gettext

import pytest

from snl_edu.inputs.commands import Action, parse_line
from snl_edu.language import registry as languages
from snl_edu.language.localizer import Localizer
from snl_edu.language.registry import Digits, Language
from snl_edu.lessons.content import history_cards
from snl_edu.resources import data_folder

MAITHILI = Language("mai", "मैथिली", Digits.DEVANAGARI, speech_voice="mai",
                    recognition_model="hi", number_rules="mai",
                    content_languages=("ne", "en"))


@pytest.fixture
def maithili(monkeypatch: pytest.MonkeyPatch) -> Localizer:
    """Maithili registered, with no catalog yet: the game falls back, never crashes."""
    monkeypatch.setitem(languages._BY_CODE, "mai", MAITHILI)
    return Localizer("mai", Digits.DEVANAGARI, gettext.NullTranslations())


@pytest.mark.parametrize("language", list(languages.languages()), ids=lambda lang: lang.code)
def test_every_registered_language_has_its_data(language: Language) -> None:
    folder = data_folder("locales").joinpath(language.code)
    assert folder.joinpath("voice.toml").is_file()
    if language.code != languages.SOURCE_LANGUAGE:
        assert folder.joinpath("LC_MESSAGES", "snl_edu.po").is_file()
    assert language.content_languages[-1] == languages.SOURCE_LANGUAGE
    loc = Localizer.create(language.code)
    assert loc.digits is language.digits and loc.words(7) != loc.number(7)


def test_a_language_without_cldr_number_rules_says_numerals(maithili: Localizer) -> None:
    assert maithili.words(7) == "७" and maithili.words(42) == "४२"
    assert maithili.join(["क", "ख"])  # babel's list patterns, or plain commas


def test_content_follows_the_languages_a_language_reads(maithili: Localizer) -> None:
    card = history_cards()[0]
    assert card.in_language(maithili) == card.in_language(Localizer.create("ne"))


def test_typed_yes_and_no_in_each_language() -> None:
    assert parse_line("yes").action is Action.YES and parse_line("हो").action is Action.YES
    assert parse_line("no").action is Action.NO and parse_line("होइन").action is Action.NO


def test_a_language_cldr_does_not_know_names_languages_by_their_own_names(
        monkeypatch: pytest.MonkeyPatch) -> None:
    unknown = Language("zzz", "Zedish", Digits.LATIN, speech_voice="en", recognition_model="en",
                       number_rules=None, content_languages=("en",))
    monkeypatch.setitem(languages._BY_CODE, "zzz", unknown)
    loc = Localizer("zzz", Digits.LATIN, gettext.NullTranslations())
    assert loc.language_name("ne") == "नेपाली" and loc.language_name("zzz") == "Zedish"
    assert loc.words(12) == "12" and loc.join(["a", "b"]) == "a, b"
