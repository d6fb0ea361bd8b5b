"""Every history card and every virtue or vice has English, Nepali and a source."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from snl_edu.boards import load_board
from snl_edu.engine import Finish, Game, Rules, Seat
from snl_edu.error_text import describe
from snl_edu.lessons import content
from snl_edu.lessons.content import LessonDataError, history_cards, meaning_of, meanings
from snl_edu.lessons.teacher import Frequency, Teacher
from snl_edu.outputs.console import Outputs
from tests.lessons.helpers import Collect, Script, english, nepali

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


def test_what_a_game_tells_of_each_card_is_short_and_begins_the_card() -> None:
    for card in history_cards():
        for language in ("en", "ne"):
            told = card.told[language]
            sentences = [s for s in re.split(r"[.!?।]", told) if s.strip()]
            assert 1 <= len(sentences) <= 2, (card.id, told)
            assert len(told.split()) <= 18, (card.id, told)
            assert card.text[language].startswith(told), (card.id, told)


# Words that point back to something said before: a card's line is told alone, after
# any other card or none ("On that board, the snakes..." named a board never mentioned).
POINTING_BACK = {
    "en": re.compile(r"\b(that|these|those|they|them|it|its|there|same)\b", re.IGNORECASE),
    "ne": re.compile(r"(^|\s)(त्यही|त्यो|त्यस|त्यहाँ|ती|तिनका|तिनी|यी|यिनी|उनी|उनको|उक्त|उही)"
                     r"(\s|$|को|का|की|ले|लाई|मा)"),
}


@pytest.mark.parametrize("language", ["en", "ne"])
def test_each_line_a_game_tells_stands_alone(language: str) -> None:
    pointing = {card.id: card.told[language] for card in history_cards()
                if POINTING_BACK[language].search(card.told[language])}
    assert not pointing


@pytest.mark.parametrize(("board", "rules", "told"), [
    ("saanp-bharyang", Rules(), False),
    ("moksha-patam", Rules(finish=Finish.BOUNCE), False),  # about 51 rolls there, not 38
    ("moksha-patam", Rules(), True),
])
def test_a_card_with_figures_about_one_board_is_told_only_in_a_game_on_it(
        board: str, rules: Rules, told: bool) -> None:
    """'On our Moksha Patam board, one player needs about 38 rolls' is a number about
    another game when told during a game on saanp-bharyang, or with another finish."""
    out = Collect()
    teacher = Teacher(english(), Outputs([out]), Script([]), Frequency.EVERY,
                      rng=random.Random(1))
    dice = random.Random(2)
    for _ in range(30):  # games of computer players until every card that fits is told
        game = Game(load_board(board), rules, [Seat("Robot", computer=True)])
        while not game.over:
            teacher(game, game.play(dice.randint(1, 6)))
    about_one_board = [card for card in history_cards() if card.board is not None]
    assert [card.id for card in about_one_board] == ["maths"]
    cards = [text for text in out.texts if text.startswith("From the history of Moksha Patam")]
    assert len(cards) == len(history_cards()) - (0 if told else 1)
    assert any(about_one_board[0].told["en"] in text for text in cards) is told


def refused_history(folder: Path, monkeypatch: pytest.MonkeyPatch, text: str
                    ) -> LessonDataError:
    """The error reading ``text`` as the history cards' file raises."""
    (folder / "history.toml").write_text(text, "utf-8")
    monkeypatch.setattr(content, "data_folder", lambda name: folder)
    history_cards.cache_clear()
    try:
        with pytest.raises(LessonDataError) as raised:
            history_cards()
    finally:
        history_cards.cache_clear()
    return raised.value


def test_a_card_about_a_board_that_does_not_ship_is_refused_by_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Told during a game, the card would look its board up: a misspelt one is named when
    the cards are read, in the teacher's language."""
    refused = refused_history(tmp_path, monkeypatch, '[[card]]\nid = "maths"\nen = "a"\n'
                              'ne = "अ"\nsource = "b"\nboard = "moksha-patan"\n')
    assert describe(refused, nepali()) == (
        "पाठ फाइल history.toml प्रयोग गर्न सकिँदैन: प्रविष्टि maths को बोर्ड "
        "'moksha-patan' खेलसँगै आएको बोर्ड होइन।")


def test_a_card_with_more_in_one_language_only_is_refused_by_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """snl history would show a longer card in English than in Nepali."""
    refused = refused_history(tmp_path, monkeypatch, '[[card]]\nid = "names"\nen = "a"\n'
                              'ne = "अ"\nmore_en = "b"\nsource = "c"\nsource_ne = "ग"\n')
    assert describe(refused, english()).endswith("entry names has no more_ne text.")
