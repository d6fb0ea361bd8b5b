"""Every history card and every virtue or vice has English, Nepali and a source."""

from __future__ import annotations

import re

from snl_edu.boards import load_board
from snl_edu.lessons.content import history_cards, meaning_of, meanings

DEVANAGARI = re.compile(r"[\u0900-\u097F]")


def test_there_are_at_least_twenty_history_cards_with_unique_ids() -> None:
    cards = history_cards()
    assert len(cards) >= 20
    assert len({card.id for card in cards}) == len(cards)


def test_every_card_has_english_nepali_and_a_named_source() -> None:
    for card in history_cards():
        assert card.text["en"] and not DEVANAGARI.search(card.text["en"]), card.id
        assert DEVANAGARI.search(card.text["ne"]), card.id
        assert len(card.source) > 10, card.id


def test_every_virtue_and_vice_on_the_moksha_patam_board_has_a_meaning() -> None:
    board = load_board("moksha-patam")
    for jump in board.jumps:
        meaning = meaning_of(jump.names["en"])
        assert meaning is not None, jump.names["en"]
        assert meaning.name["ne"] == jump.names["ne"]
        assert meaning.kind == ("virtue" if jump.end > jump.start else "vice")


def test_every_meaning_has_both_languages_a_source_and_is_short() -> None:
    assert len(meanings()) == 19
    for meaning in meanings():
        assert meaning.text["en"] and not DEVANAGARI.search(meaning.text["en"])
        assert DEVANAGARI.search(meaning.text["ne"])
        assert meaning.source
        # Short enough to hear between two turns.
        assert len(meaning.text["en"]) <= 140, meaning.name["en"]


def test_sources_cite_the_agreed_references() -> None:
    sources = " ".join(card.source for card in history_cards())
    for reference in ("Wikipedia", "Topsfield 1985", "Schmidt-Madsen", "1943"):
        assert reference in sources or any(reference in c.text["en"] for c in history_cards())


def test_every_card_has_a_short_child_version_in_both_languages() -> None:
    for card in history_cards():
        for language in ("en", "ne"):
            text = card.child[language]
            sentences = [s for s in re.split(r"[.!?।]", text) if s.strip()]
            assert 1 <= len(sentences) <= 2, (card.id, text)
            assert len(text.split()) <= 18, (card.id, text)
            assert len(text) < len(card.text[language]) or len(text) < 80, (card.id, text)
