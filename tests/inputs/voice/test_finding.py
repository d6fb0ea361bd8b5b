"""Commands found inside a free transcript (what Whisper writes)."""

from __future__ import annotations

import dataclasses

import pytest

from snl_edu.inputs.voice.phrasebook.finding import (
    find_phrase,
    in_part,
    stated,
    stray_words,
    words_of,
)
from snl_edu.inputs.voice.phrasebook.grammar import build_grammar
from snl_edu.inputs.voice.phrasebook.phrases import load_phrase_book, parse_phrase_book
from snl_edu.inputs.voice.problems import VoiceError

GRAMMAR = build_grammar(load_phrase_book("en"), lambda word: True, numbers=True)


@pytest.mark.parametrize(("transcript", "phrase"), [
    ("Roll the dice.", "roll the dice"),
    ("Um, roll the dice please.", "roll the dice"),
    (" Help!", "help"),
    ("Yes, yes.", "yes"),
    ("23.", "twenty three"),
    ("Twenty-three", "twenty three"),
    ("It's 100", "one hundred"),
    ("Nope.", "nope"),
    ("Okay, roll the dice please.", "roll the dice"),
    ("Um, 23.", "twenty three"),
])
def test_a_command_said_alone_or_framed_by_a_word_or_two_is_found(transcript: str,
                                                                  phrase: str) -> None:
    assert find_phrase(GRAMMAR, transcript) == phrase


@pytest.mark.parametrize("transcript", [
    "Where is my pencil?",  # "where" and three more words
    "Yesterday was fun.",
    "Yes, no.",  # two commands
    "Hello, how are you?",
    "",
    "I want to roll the ball to my friend",
    "Go away.",  # "away" frames no command
    "Help is coming.",
    "Roll over here.",
])
def test_chatter_and_two_commands_are_refused(transcript: str) -> None:
    assert find_phrase(GRAMMAR, transcript) == ""


def test_numbers_off_are_not_found() -> None:
    without = build_grammar(load_phrase_book("en"), lambda word: True, numbers=False)
    assert find_phrase(without, "23") == ""
    assert words_of("Roll the dice, 5!") == ["roll", "the", "dice", "five"]


def test_without_framing_words_any_word_or_two_may_frame_a_command() -> None:
    book = dataclasses.replace(load_phrase_book("en"), framing=())
    anything = build_grammar(book, lambda word: True, numbers=True)
    assert find_phrase(anything, "Go away.") == "go"
    assert find_phrase(anything, "Go very far away.") == ""  # three words: chatter still
    assert find_phrase(GRAMMAR, "Go away.") == ""


def test_framing_words_must_be_a_list_of_words() -> None:
    data = {"model": "en-us", "commands": {"roll": ["roll"]}, "framing": {"words": "please"}}
    with pytest.raises(VoiceError, match="framing.words"):
        parse_phrase_book("en", data)
    data["framing"] = {"words": ["Please", " now "]}
    assert parse_phrase_book("en", data).framing == ("please", "now")


def test_the_phrases_stated_and_the_stray_words_of_a_transcript() -> None:
    assert stated(GRAMMAR, "Okay, I'm done again.") == ["again"]
    assert stray_words(GRAMMAR, "Okay, I'm done again.") == ["i'm", "done"]
    assert sorted(stated(GRAMMAR, "Go ahead.")) == ["ahead", "go"]
    assert stray_words(GRAMMAR, "Go ahead.") == []
    assert stray_words(GRAMMAR, "Please roll the dice now.") == []  # framing words


@pytest.mark.parametrize(("transcript", "phrase", "part"), [
    ("No fun.", "no", True),  # "fun" where "no thanks" has "thanks"
    ("Fun no.", "no", False),  # no phrase of "no" has a word before it
    ("Good luck, yeah.", "yeah", False),  # no longer phrase of "yeah"
    ("Okay, I'm going to go again.", "again", False),  # "say that again" is too short
    ("Okay, done again.", "again", True),  # "done" where "say again" has "say"
    ("No.", "no", False),  # nothing stray
])
def test_a_phrase_heard_in_part(transcript: str, phrase: str, part: bool) -> None:
    assert in_part(GRAMMAR, transcript, phrase) is part
