"""The command the model finds likeliest, when its free transcript only comes near one.

The model is stood in for by a table of log-probabilities (what the decoder would give
each written text on some audio); test_whisper.py hears real audio through it."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from snl_edu.inputs.voice.phrasebook.grammar import build_grammar
from snl_edu.inputs.voice.phrasebook.phrases import load_phrase_book
from snl_edu.inputs.voice.phrasebook.rescoring import (
    DOUBT,
    FLOOR,
    MARGIN,
    NEAREST,
    Choice,
    choose,
    nearest,
    written_form,
)

GRAMMAR = build_grammar(load_phrase_book("en"), lambda word: True, numbers=True)
UNLIKELY = -40.0  # a text the model would hardly write on this audio


def model(scores: dict[str, float]) -> tuple[list[str], object]:
    """A stand-in for the decoder: each text's log-probability, and the texts asked."""
    asked: list[str] = []

    def likelihoods(texts: Sequence[str]) -> list[float]:
        asked.extend(texts)
        return [scores.get(text, UNLIKELY) for text in texts]

    return asked, likelihoods


def test_a_phrase_near_in_sound_is_taken_when_the_model_finds_it_nearly_as_likely() -> None:
    asked, likelihoods = model({"Quit again.": -3.0, "Quit the game.": -3.0 - DOUBT + 0.1})
    assert choose(GRAMMAR, "Quit again.", likelihoods).phrase == "quit the game"
    assert asked[0] == "Quit again."  # the free transcript is scored beside the phrases


def test_a_phrase_much_less_likely_than_what_was_written_is_chatter() -> None:
    _, likelihoods = model({"Go away.": -2.0, "Go.": -2.0 - DOUBT - 0.1})
    assert choose(GRAMMAR, "Go away.", likelihoods).phrase == ""


def test_a_phrase_unlikely_in_itself_is_refused_however_muddled_the_transcript() -> None:
    # A long muddle scores low: a short number must not look likely beside it
    _, likelihoods = model({"Seventy fife and a muddle.": FLOOR - 3.0, "75.": FLOOR - 0.1})
    assert choose(GRAMMAR, "Seventy fife and a muddle.", likelihoods).phrase == ""
    _, likelier = model({"Seventy fife and a muddle.": FLOOR - 3.0, "75.": FLOOR + 0.1})
    assert choose(GRAMMAR, "Seventy fife and a muddle.", likelier).phrase == "seventy five"


def test_two_meanings_nearly_as_likely_are_refused() -> None:
    _, likelihoods = model({"Eighteen eight.": -6.0, "18.": -5.0, "88.": -5.0 - MARGIN + 0.1})
    assert choose(GRAMMAR, "Eighteen eight.", likelihoods).phrase == ""
    _, clearer = model({"Eighteen eight.": -6.0, "18.": -5.0, "88.": -5.0 - MARGIN - 0.1})
    assert choose(GRAMMAR, "Eighteen eight.", clearer).phrase == "eighteen"


def test_phrases_of_one_meaning_do_not_compete() -> None:
    # "Skip." and "Skip this one." both skip: their closeness is no doubt about the meaning
    _, likelihoods = model({"Skip one.": -4.0, "Skip this one.": -4.5, "Skip it.": -4.6})
    assert choose(GRAMMAR, "Skip one.", likelihoods).phrase == "skip this one"


def test_a_number_is_scored_as_the_model_writes_it_in_digits() -> None:
    assert written_form("eighty one", 81, ".") == "81."
    assert written_form("where is everyone", None, "?") == "Where is everyone?"
    asked, likelihoods = model({"20 free.": -5.0, "23.": -6.0})
    assert choose(GRAMMAR, "20 free.", likelihoods) == Choice("twenty three", "23.")
    assert "Twenty three." not in asked


def test_a_phrase_ends_as_the_transcript_does() -> None:
    asked, likelihoods = model({"Where is every one?": -3.0, "Where is everyone?": -3.5})
    assert choose(GRAMMAR, "Where is every one?", likelihoods).phrase == "where is everyone"
    assert "Where is everyone?" in asked and "Where is everyone." not in asked


@pytest.mark.parametrize(("heard", "phrase"), [
    ("quit again", "quit the game"), ("skip one", "skip this one"), ("20 free", "twenty three"),
    ("roll the ties", "roll the dice"), ("a head", "ahead"),
])
def test_the_nearest_phrases_in_letters_are_the_ones_scored(heard: str, phrase: str) -> None:
    assert phrase in nearest(GRAMMAR, heard)
    assert len(nearest(GRAMMAR, heard)) == NEAREST


def test_a_command_stated_amid_other_words_stays_chatter() -> None:
    # finding.py refused "Okay, I'm done again." for its other words: the model finding
    # "Again." likely on the same audio must not overrule it
    _, likelihoods = model({"Okay, I'm going to go again.": -4.0, "Again.": -4.5})
    assert choose(GRAMMAR, "Okay, I'm going to go again.", likelihoods).phrase == ""
    _, luck = model({"Good luck, yeah.": -4.0, "Yeah.": -4.5})
    assert choose(GRAMMAR, "Good luck, yeah.", luck).phrase == ""
    # A phrase the transcript only comes near is still taken beside another word,
    _, near = model({"No fun.": -3.0, "No thanks.": -3.5})
    assert choose(GRAMMAR, "No fun.", near).phrase == "no thanks"
    # and so is the stated one, when the other word stands where a longer phrase of the
    # same meaning has its own ("No fun." may be "no thanks" heard in part)
    _, part = model({"No fun.": -3.0, "No.": -3.5})
    assert choose(GRAMMAR, "No fun.", part).phrase == "no"
    # and so is one of a transcript of command words only
    _, only = model({"Go ahead.": -3.0, "Ahead.": -3.5})
    assert choose(GRAMMAR, "Go ahead.", only).phrase == "ahead"
