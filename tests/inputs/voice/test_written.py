"""How the model writes the phrase book's phrases, and chatter that only states one."""

from __future__ import annotations

import pytest

from snl_edu.inputs.voice.phrasebook.grammar import build_grammar
from snl_edu.inputs.voice.phrasebook.phrases import load_phrase_book, parse_phrase_book
from snl_edu.inputs.voice.phrasebook.written import (
    beyond_rescoring,
    ending_of,
    repeated,
    stated_amid_chatter,
    written_form,
)
from snl_edu.inputs.voice.problems import VoiceError
from snl_edu.inputs.voice.recognisers.constrained import phrase_tree

GRAMMAR = build_grammar(load_phrase_book("en"), lambda word: True, numbers=True)
END = 0


def letters(text: str) -> list[int]:
    """A stand-in tokenizer: a token per character."""
    return [ord(char) for char in text]


def test_a_number_is_written_in_digits_and_a_command_as_a_sentence() -> None:
    assert written_form("eighty one", 81, ".") == "81."
    assert written_form("where is everyone", None, "?") == "Where is everyone?"
    # ending as the transcript does ("What in the end?" may be "What is ahead?")
    assert [ending_of(text) for text in (" What in the end?", " Go", "Go!")] == ["?", ".", "!"]


def test_the_tree_holds_every_command_and_number_once_as_written() -> None:
    tree = phrase_tree(GRAMMAR, ".", letters, END)
    assert tree.tokens[(*letters("23."), END)] == "23."
    assert tree.phrase_of["23."] == "twenty three" and tree.meanings["23."] == 23
    assert tree.phrase_of["100."] == "one hundred"  # "a hundred" is written the same
    assert "Twenty three." not in tree.phrase_of
    assert {tree.meanings[form] for form in tree.phrase_of} == set(GRAMMAR.meanings.values())
    assert all(tokens[-1] == END for tokens in tree.tokens)  # "Go." is no "Go away."


def test_a_command_stated_amid_other_words_stays_chatter() -> None:
    # finding.py refused "Okay, I'm done again." for its other words: the decoder finding
    # "Again." likely on the same audio must not overrule it
    assert stated_amid_chatter(GRAMMAR, "Okay, I'm going to go again.", "again")
    assert stated_amid_chatter(GRAMMAR, "Good luck, yeah.", "yeah")
    # A phrase the transcript only comes near is still taken beside another word,
    assert not stated_amid_chatter(GRAMMAR, "No fun.", "no thanks")
    # and so is the stated one, when the other word stands where a longer phrase of the
    # same meaning has its own ("No fun." may be "no thanks" heard in part)
    assert not stated_amid_chatter(GRAMMAR, "No fun.", "no")
    # and so is one of a transcript of command words only
    assert not stated_amid_chatter(GRAMMAR, "Go ahead.", "ahead")


def test_a_transcript_that_is_no_command_is_not_rescored() -> None:
    # Wrong takes of issue 41: the decoder held to the phrase book made these commands
    assert beyond_rescoring(GRAMMAR, "Please.")  # was yes ("yes please")
    assert beyond_rescoring(GRAMMAR, "Fine.")  # was 5
    assert beyond_rescoring(GRAMMAR, "723")  # "seventy three": 73? 7 23? never a guess
    assert beyond_rescoring(GRAMMAR, "I did, I did, I did, I did, I")  # was 100
    assert repeated(["i", "did", "i", "did", "i", "did", "i"])
    # Transcripts the decoder may still correct: near a phrase, or a repeat said twice
    for near in ("What in the end?", "No fun.", "Role.", "Go ahead.", "I did it, I did"):
        assert not beyond_rescoring(GRAMMAR, near)
    assert not repeated(["roll", "roll"])


def test_chatter_words_must_be_a_list_of_words() -> None:
    with pytest.raises(VoiceError, match="chatter.words"):
        parse_phrase_book("en", {"model": "en-us", "commands": {}, "chatter": {"words": "fine"}})
