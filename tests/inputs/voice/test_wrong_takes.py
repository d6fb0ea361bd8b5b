"""Wrong takes of issue 41, as the transcripts a recogniser returned, through the real
matching code: Whisper's free transcript, then the decoder held to the phrase book."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

from snl_edu.inputs.voice.phrasebook.grammar import build_grammar
from snl_edu.inputs.voice.phrasebook.phrases import load_phrase_book
from snl_edu.inputs.voice.recognisers.sphinx import SphinxBackend
from snl_edu.inputs.voice.recognisers.whisper import WhisperRecogniser
from tests.inputs.voice.test_english import hear

END = 0
VOCABULARY = 0x980  # letters, one token each, up to past Devanagari


class Overheard:
    """A stand-in Whisper: writes ``transcript`` freely, and held to the phrase book is
    sure of ``likeliest`` (as the real model was of "Yes please." for "Please.")."""

    def __init__(self, transcript: str, likeliest: str) -> None:
        self.transcript = transcript
        self.likeliest = [*self.tokens(likeliest), END]
        self.end_token = END

    def prompt(self, text: str) -> list[str]:
        return [text]

    def tokens(self, text: str) -> list[int]:
        return [ord(char) for char in text]

    def text(self, ids: list[int]) -> str:
        return "".join(map(chr, ids))

    def encoded(self, samples: np.ndarray) -> np.ndarray:
        return samples

    def transcribe(self, encoded: np.ndarray, prompt: list[str]) -> tuple[list[int], float]:
        return self.tokens(self.transcript), 0.0

    def attended(self, encoded: np.ndarray, samples: int) -> np.ndarray:
        return encoded

    def next_tokens(self, encoded: np.ndarray, prompt: list[str],
                    prefixes: Sequence[tuple[int, ...]]) -> np.ndarray:
        rows = np.full((len(prefixes), VOCABULARY), -30.0)
        for row, prefix in zip(rows, prefixes, strict=True):
            if list(prefix) == self.likeliest[:len(prefix)] and len(prefix) < len(self.likeliest):
                row[self.likeliest[len(prefix)]] = 0.0
        return rows

    # The same sureness for forced scoring (recognisers/forced.py), as the game scores
    # when the transcript names no command
    closed = "tree"

    def storage(self, encoded: np.ndarray) -> np.ndarray:
        return encoded

    def first_step(self, encoded: np.ndarray, prompt: list[str]) -> tuple[np.ndarray, float]:
        row = np.full(VOCABULARY, -30.0)
        row[self.likeliest[0]] = 0.0
        return row, 0.0

    def aligned(self, encoded: np.ndarray, texts: Sequence[Sequence[int]],
                prompt: list[str]) -> list[list[float]]:
        return [[0.99 if list(text[:index + 1]) == self.likeliest[:index + 1] else 1e-13
                 for index in range(len(text))] for text in texts]


def taken(transcript: str, likeliest: str, language: str = "en", numbers: bool = True) -> str:
    """What is taken, the same whether the phrase book is then scored step by step
    (constrained.py) or in one batch (forced.py)."""
    grammar = build_grammar(load_phrase_book(language), lambda word: True, numbers=numbers)
    texts = []
    for closed in ("tree", "forced"):
        model = Overheard(transcript, likeliest)
        model.closed = closed
        recogniser = WhisperRecogniser(model, grammar)  # type: ignore[arg-type]
        recogniser.accept(np.full(16000, 3000, dtype=np.int16).tobytes())
        texts.append(recogniser.finish().text)
    assert texts[0] == texts[1], texts
    return texts[0]


@pytest.mark.parametrize(("transcript", "likeliest"), [
    ("Please.", "Yes please."),  # was yes
    ("Fine.", "5."),  # was 5
    ("723", "23."),  # "seventy three": 73, 7 23 or 72 3? never a guessed number
    ("I did, I did, I did, I did, I did, I", "100."),  # a hallucinated run: was 100
])
def test_a_transcript_that_is_no_command_is_not_made_one(transcript: str,
                                                          likeliest: str) -> None:
    assert taken(transcript, likeliest) == ""


@pytest.mark.parametrize(("transcript", "likeliest", "phrase"), [
    ("Please roll.", "Roll.", "roll"),
    ("Roll the dice, please.", "Roll the dice.", "roll the dice"),
    ("Say again.", "Say again.", "say again"),
    ("Nope.", "Nope.", "nope"),
    ("73.", "73.", "seventy three"),
    ("What in the end?", "What is ahead?", "what is ahead"),  # near a phrase: still taken
])
def test_commands_said_or_nearly_written_are_still_taken(transcript: str, likeliest: str,
                                                         phrase: str) -> None:
    assert taken(transcript, likeliest) == phrase


@pytest.mark.parametrize(("transcript", "likeliest"), [
    ("फेरि हारेँ", "फेरि."),  # "again I lost": was repeat
    ("पासा मेरो हो", "पासा."),  # "the dice is mine": was roll
    ("मेरो पालो फेरि।", "फेरि भन."),
])
def test_nepali_chatter_holding_a_command_word_is_refused(transcript: str,
                                                          likeliest: str) -> None:
    assert taken(transcript, likeliest, "ne") == ""


def test_a_nepali_number_is_that_number_and_never_a_command() -> None:
    assert taken("सात", "छोड.", "ne") == "सात"  # was skip
    # when no number is asked, a number said is no command either
    assert taken("सात", "छोड.", "ne", numbers=False) == ""
    assert taken("Seven.", "Skip.", numbers=False) == ""


@pytest.mark.parametrize(("transcript", "phrase"), [
    ("पासा फाल।", "पासा फाल"), ("फेरि भन", "फेरि भन"), ("कृपया पासा फाल", "पासा फाल"),
    ("ल, फेरि भन न", "फेरि भन"), ("खेल छोड", "खेल छोड"), ("सबै कहाँ छन्?", "सबै कहाँ छन्"),
])
def test_nepali_commands_said_or_framed_are_taken(transcript: str, phrase: str) -> None:
    assert taken(transcript, "होइन.", "ne") == phrase


def test_pocketsphinx_takes_no_chatter_for_a_number() -> None:
    # The grammar forces chatter onto a number ("i won" was 91, "i am first" 100)
    texts = ["i am winning", "i am winning now", "i won", "i am first", "you are losing"]
    results = hear(SphinxBackend(), load_phrase_book("en"), texts, "en-us", 150, seed=5,
                   numbers=True)
    assert any(results)
    assert [(h.raw, h.command) for r in results for h in r if h.command is not None] == []
