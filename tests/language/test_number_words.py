"""Nepali number words 0–100 as a child's textbook spells them; CLDR above 100."""

from __future__ import annotations

from snl_edu.language.localizer import Localizer, number_words

# The reviewed table, pinned: a change to locales/ne/numbers.toml must be a change here too.
ROWS = (
    "एक दुई तीन चार पाँच छ सात आठ नौ दस",
    "एघार बाह्र तेह्र चौध पन्ध्र सोह्र सत्र अठार उन्नाइस बीस",
    "एक्काइस बाइस तेइस चौबीस पच्चीस छब्बीस सत्ताइस अट्ठाइस उनन्तीस तीस",
    "एकतीस बत्तीस तेत्तीस चौँतीस पैँतीस छत्तीस सैँतीस अठतीस उनन्चालीस चालीस",
    "एकचालीस बयालीस त्रिचालीस चवालीस पैँतालीस छयालीस सतचालीस अठचालीस उनन्चास पचास",
    "एकाउन्न बाउन्न त्रिपन्न चवन्न पचपन्न छपन्न सन्ताउन्न अन्ठाउन्न उनन्साठी साठी",
    "एकसट्ठी बयसट्ठी त्रिसट्ठी चौसट्ठी पैँसट्ठी छयसट्ठी सतसट्ठी अठसट्ठी उनन्सत्तरी सत्तरी",
    "एकहत्तर बहत्तर त्रिहत्तर चौहत्तर पचहत्तर छयहत्तर सतहत्तर अठहत्तर उनासी असी",
    "एकासी बयासी त्रियासी चौरासी पचासी छयासी सतासी अठासी उनान्नब्बे नब्बे",
    "एकानब्बे बयानब्बे त्रियानब्बे चौरानब्बे पन्चानब्बे छयानब्बे सन्तानब्बे अन्ठानब्बे उनान्सय",
    "एक सय",
)
TEXTBOOK = [word for row in ROWS[:-1] for word in row.split()] + [ROWS[-1]]


def test_nepali_table_is_the_textbook_one() -> None:
    assert dict(number_words("ne")) == {0: "शून्य"} | dict(enumerate(TEXTBOOK, start=1))


def test_nepali_words_use_the_table_up_to_100_and_cldr_above() -> None:
    loc = Localizer.create("ne")
    assert [loc.words(n) for n in range(1, 101)] == TEXTBOOK
    assert loc.words(3) == "तीन" and loc.words(20) == "बीस" and loc.words(10) == "दस"
    assert loc.words(101) == "एक सय एक"
    assert loc.words(0) == "शून्य"  # CLDR's शुन्य is not the dictionary's spelling


def test_english_has_no_table_and_keeps_cldr() -> None:
    assert number_words("en") == {}
    assert Localizer.create("en").words(42) == "forty-two"
