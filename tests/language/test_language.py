"""Language choice, catalogs, digits, number words and lists."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from snl_edu import resources
from snl_edu.language import localizer as i18n
from snl_edu.language.localizer import (
    Digits,
    LanguageError,
    Localizer,
    localizer_for,
    resolve_language,
    to_devanagari_digits,
    to_latin_digits,
)


@pytest.mark.parametrize("option,env,expected", [
    (None, {}, "en"),
    ("ne", {"SNL_LANG": "en", "LANG": "en_US.UTF-8"}, "ne"),
    (None, {"SNL_LANG": "ne", "LANG": "en_US.UTF-8"}, "ne"),
    (None, {"LANG": "ne_NP.UTF-8"}, "ne"),
    (None, {"LC_ALL": "ne_NP.UTF-8", "LANG": "en_US.UTF-8"}, "ne"),
    (None, {"LC_MESSAGES": "ne_NP", "LANG": "en_GB.UTF-8"}, "ne"),
    (None, {"LC_ALL": "en_US.UTF-8", "LANG": "ne_NP.UTF-8"}, "en"),
    (None, {"LANG": "fr_FR.UTF-8"}, "en"),
    (None, {"LANG": "C"}, "en"),
    ("ne_NP", {}, "ne"),
    ("en-GB", {}, "en"),
])
def test_resolution_order(option: str | None, env: dict[str, str], expected: str) -> None:
    assert resolve_language(option, env) == expected


@pytest.mark.parametrize("option,env", [("xx", {}), (None, {"SNL_LANG": "klingon"}),
                                        ("fr", {"LANG": "ne_NP.UTF-8"})])
def test_an_explicit_unknown_language_is_an_error(option: str | None,
                                                  env: dict[str, str]) -> None:
    with pytest.raises(LanguageError) as caught:
        resolve_language(option, env)
    assert caught.value.reason == "unknown"


def test_the_one_factory_resolves_the_language_and_digits_asked_for(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SNL_LANG", "ne")
    assert (localizer_for().language, localizer_for().digits) == ("ne", Digits.DEVANAGARI)
    assert localizer_for("en", "deva").digits is Digits.DEVANAGARI
    assert localizer_for("ne", Digits.LATIN).digits is Digits.LATIN
    with pytest.raises(LanguageError):
        localizer_for("xx")


def test_help_and_errors_fall_back_to_the_environment_then_english(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SNL_LANG", "ne")
    assert localizer_for("xx", forgiving=True).language == "ne"
    assert localizer_for("en", "roman", forgiving=True).language == "ne"
    monkeypatch.setenv("SNL_LANG", "klingon")
    assert localizer_for("xx", forgiving=True).language == "en"


def test_nepali_loads_and_english_is_the_source() -> None:
    assert Localizer.create("ne").gettext("Goodbye!") == "फेरि भेटौँला!"
    assert Localizer.create("en").gettext("Goodbye!") == "Goodbye!"


def test_broken_catalog_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "locales" / "ne" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    po = folder / "snl_edu.po"
    po.write_text("garbage here\n", "utf-8")
    monkeypatch.setattr(resources, "data_folder", lambda name: tmp_path / name)
    i18n.translations.cache_clear()
    try:
        with pytest.raises(LanguageError) as caught:
            i18n.translations("ne")
        assert caught.value.reason == "broken"
        i18n.translations.cache_clear()
        po.write_text('msgid "a"\nmsgstr ""\n', "utf-8")
        with pytest.raises(LanguageError, match="no translations"):
            i18n.translations("ne")
        i18n.translations.cache_clear()
        shutil.rmtree(folder)
        with pytest.raises(LanguageError):
            i18n.translations("ne")
    finally:
        i18n.translations.cache_clear()


def test_nepali_defaults_to_devanagari_digits() -> None:
    assert Localizer.create("ne").number(1234567890) == "१२३४५६७८९०"
    assert Localizer.create("ne", Digits.LATIN).number(42) == "42"
    assert Localizer.create("en", Digits.DEVANAGARI).number(42) == "४२"
    assert Localizer.create("en").number(42) == "42"


def test_digit_conversion_both_ways() -> None:
    for n in range(1001):
        deva = to_devanagari_digits(str(n))
        assert all("०" <= ch <= "९" for ch in deva)
        assert to_latin_digits(deva) == str(n)
    assert to_devanagari_digits("square 97, roll 3") == "square ९७, roll ३"


ENGLISH_WORDS = {1: "one", 2: "two", 7: "seven", 11: "eleven", 13: "thirteen", 20: "twenty",
                 21: "twenty-one", 42: "forty-two", 99: "ninety-nine", 100: "one hundred"}
NEPALI_WORDS = {1: "एक", 2: "दुई", 5: "पाँच", 10: "दस", 11: "एघार", 20: "बीस", 21: "एक्काइस",
                42: "बयालीस", 99: "उनान्सय", 100: "एक सय"}


def test_number_words_one_to_hundred() -> None:
    english, nepali = Localizer.create("en"), Localizer.create("ne")
    en_words = [english.words(n) for n in range(1, 101)]
    ne_words = [nepali.words(n) for n in range(1, 101)]
    assert len(set(en_words)) == 100 and len(set(ne_words)) == 100
    assert all(w.replace("-", "").replace(" ", "").isalpha() for w in en_words)
    assert all(all("\u0900" <= ch <= "\u097f" or ch == " " for ch in w) for w in ne_words)
    for n, word in ENGLISH_WORDS.items():
        assert en_words[n - 1] == word
    for n, word in NEPALI_WORDS.items():
        assert ne_words[n - 1] == word


def test_names_listed_with_babel() -> None:
    assert Localizer.create("ne").join(["आशा", "विकास", "सीता"]) == "आशा, विकास र सीता"
    assert Localizer.create("en").join(["Asha", "Bikash", "Sita"]) == "Asha, Bikash, and Sita"
