"""Transcript -> Command for the shipped English and Nepali phrases, numbers 1-100, grammar."""

from __future__ import annotations

import json

import pytest

from snl_edu.inputs.commands import Action, Command
from snl_edu.inputs.voice.phrasebook.grammar import build_grammar
from snl_edu.inputs.voice.phrasebook.phrases import load_phrase_book, parse_phrase_book
from snl_edu.inputs.voice.phrasebook.understand import transcript_of, understand
from snl_edu.inputs.voice.problems import VoiceError, VoiceProblem

EN_WORDS = {1: "one", 7: "seven", 13: "thirteen", 20: "twenty", 21: "twenty one",
            45: "forty five", 99: "ninety nine", 100: "one hundred"}
NE_WORDS = {1: "एक", 5: "पाँच", 21: "एक्काइस", 45: "पैँतालिस", 100: "एक सय"}
HI_WORDS = {21: "इक्कीस", 45: "पैंतालीस", 100: "एक सौ"}


@pytest.mark.parametrize(("transcript", "action"), [
    ("roll", Action.ROLL), ("roll the dice", Action.ROLL), ("go", Action.ROLL),
    ("Roll  The Dice", Action.ROLL), ("repeat", Action.REPEAT), ("where", Action.WHERE),
    ("ahead", Action.AHEAD), ("help", Action.HELP), ("quit", Action.QUIT),
    ("yes", Action.YES), ("no", Action.NO),
])
def test_english_phrases_become_their_commands(transcript: str, action: Action) -> None:
    command = understand(load_phrase_book("en"), transcript)
    assert command is not None and command.action is action


@pytest.mark.parametrize(("transcript", "action"), [
    ("पासा फाल", Action.ROLL), ("पासा", Action.ROLL), ("रोल", Action.ROLL),
    ("फेरि भन", Action.REPEAT), ("कहाँ", Action.WHERE), ("अगाडि", Action.AHEAD),
    ("मद्दत", Action.HELP), ("बन्द", Action.QUIT), ("हो", Action.YES), ("होइन", Action.NO),
])
def test_nepali_phrases_become_their_commands(transcript: str, action: Action) -> None:
    command = understand(load_phrase_book("ne"), transcript)
    assert command is not None and command.action is action


@pytest.mark.parametrize("language", ["en", "ne"])
def test_every_spoken_command_has_a_phrase(language: str) -> None:
    book = load_phrase_book(language)
    for action in (Action.ROLL, Action.REPEAT, Action.WHERE, Action.AHEAD, Action.HELP,
                   Action.QUIT, Action.YES, Action.NO):
        assert action in book.commands.values(), action


@pytest.mark.parametrize("language", ["en", "ne"])
def test_every_number_from_1_to_100_has_words(language: str) -> None:
    book = load_phrase_book(language)
    assert set(book.numbers.values()) == set(range(1, 101))
    for phrase, number in book.numbers.items():
        assert understand(book, phrase) == Command.answer(number, phrase)


@pytest.mark.parametrize(("language", "words"),
                         [("en", EN_WORDS), ("ne", NE_WORDS), ("ne", HI_WORDS)])
def test_number_words_become_answers(language: str, words: dict[int, str]) -> None:
    book = load_phrase_book(language)
    for number, transcript in words.items():
        command = understand(book, transcript)
        assert command is not None
        assert command.action is Action.ANSWER and command.number == number


def test_hyphenated_numbers_are_heard_as_separate_words() -> None:
    assert understand(load_phrase_book("en"), "twenty-one") == Command.answer(21, "twenty one")


def test_numbers_are_ignored_when_not_asked_for() -> None:
    assert understand(load_phrase_book("en"), "seven", numbers=False) is None


@pytest.mark.parametrize("transcript", [
    "", "[unk]", "hello", "roll roll", "roll hello", "the", "yes no", "go go go", "twenty one go",
])
def test_anything_but_one_whole_phrase_is_rejected(transcript: str) -> None:
    assert understand(load_phrase_book("en"), transcript) is None


def test_low_confidence_words_empty_the_transcript() -> None:
    sure = {"text": "roll", "result": [{"word": "roll", "conf": 1.0}]}
    unsure = {"text": "roll", "result": [{"word": "roll", "conf": 0.4}]}
    assert transcript_of(json.dumps(sure)) == "roll"
    assert transcript_of(unsure) == ""
    assert transcript_of('{"text": ""}') == ""


def test_grammar_keeps_known_phrases_and_reports_missing_words() -> None:
    book = load_phrase_book("en")
    vocabulary = {"roll", "the", "dice", "go", "help", "yes", "no", "one", "two", "[unk]",
                  "hello"}
    grammar = build_grammar(book, vocabulary.__contains__, numbers=True)
    assert set(grammar.commands) == {"roll", "roll the dice", "go", "help", "yes", "no"}
    assert set(grammar.numbers) == {"one", "two"}
    assert grammar.garbage == "[unk]"
    assert "[unk]" in grammar.phrases and "hello" in grammar.phrases
    assert "repeat" in grammar.missing_words and "twenty" in grammar.missing_words
    assert "hello" not in grammar.missing_words  # distractors are optional


def test_grammar_without_numbers_leaves_them_out() -> None:
    book = load_phrase_book("en")
    grammar = build_grammar(book, lambda word: True, numbers=False)
    assert grammar.numbers == () and "seven" not in grammar.phrases


def test_grammar_json_keeps_devanagari_literal() -> None:
    # vosk does not decode \\u escapes: an escaped word would silently be dropped.
    grammar = build_grammar(load_phrase_book("ne"), lambda word: True)
    assert "पासा" in grammar.to_json() and "\\u" not in grammar.to_json()


@pytest.mark.parametrize(("data", "fragment"), [
    ({"commands": {"roll": ["roll"]}}, "model"),
    ({"model": "en-us"}, "[commands]"),
    ({"model": "en-us", "commands": {"dance": ["dance"]}}, "dance"),
    ({"model": "en-us", "commands": {"end": ["stop"]}}, "cannot be spoken"),
    ({"model": "en-us", "commands": {"roll": ["go"], "quit": ["go"]}}, "two commands"),
    ({"model": "en-us", "commands": {"roll": "go"}}, "list"),
    ({"model": "en-us", "commands": {"roll": ["go"]}, "numbers": {"extra": {"lots": 500}}},
     "1 to 100"),
    ({"model": "en-us", "commands": {"roll": ["one"]}, "numbers": {"spellout": ["en"]}},
     "both a command and a number"),
])
def test_bad_phrase_files_are_refused_with_a_reason(data: dict[str, object],
                                                    fragment: str) -> None:
    with pytest.raises(VoiceError) as caught:
        parse_phrase_book("xx", data)
    assert caught.value.problem is VoiceProblem.PHRASES
    assert fragment in caught.value.detail
