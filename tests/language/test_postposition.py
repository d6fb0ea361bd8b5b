"""Postpositions in placeholders: joined, spaced or kept apart as Nepali writes them."""

from __future__ import annotations

import pytest

from snl_edu.language.localizer import Localizer
from snl_edu.language.postpositions import ZWNJ, Template, attach


@pytest.mark.parametrize(("word", "postposition", "expected"), [
    ("आशा", "को", "आशाको"),                  # after a vowel sign: joined
    ("राम", "ले", "रामले"),                    # after a consonant letter: joined
    ("साँप", "मा", "साँपमा"),                 # after a candrabindu word
    ("प्रकार", "अनुसार", "प्रकारअनुसार"),       # अनुसार joins like any postposition
    ("Bikash", "को", "Bikash को"),             # after a Latin letter: a space
    ("कम्प्युटर १", "को", "कम्प्युटर १ को"),     # after a digit: a space
    ("Computer 2", "को", "Computer 2 को"),
    ("विद्वान्", "को", "विद्वान्" + ZWNJ + "को"),  # after a halanta: kept from fusing
    ("(आशा)", "लाई", "(आशा) लाई"),            # after punctuation: a space
    ("", "को", "को"),
])
def test_attach(word: str, postposition: str, expected: str) -> None:
    assert attach(word, postposition) == expected


def test_template_formats_postposition_fields_and_ordinary_ones() -> None:
    text = Template("{name:को} पालो, {square} मा। {share:.1f}")
    assert text.format(name="आशा", square="५", share=0.25) == "आशाको पालो, ५ मा। 0.2"
    assert Template("{name:ले} {0}").format("x", name="Bikash") == "Bikash ले x"
    assert Template("{n:को}").format_map({"n": "सीता"}) == "सीताको"


def test_every_translated_string_understands_postpositions() -> None:
    loc = Localizer.create("en")
    assert isinstance(loc.gettext("anything"), Template)
    assert loc.gettext("{name:को}").format(name="आशा") == "आशाको"
    assert loc.ngettext("{n:को}", "{n:का}", 2).format(n="आशा") == "आशाका"
