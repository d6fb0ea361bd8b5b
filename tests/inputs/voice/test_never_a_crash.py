"""Never a crash, never a raw error: a recogniser that fails on what it hears leaves the
game going, says so in the player's language, and is then not offered (issue 41)."""

from __future__ import annotations

import os
import random
from array import array

import pytest
from espeak_audio import noise, scene
from test_english import Blocks

from snl_edu.inputs.commands import Action
from snl_edu.inputs.keyboard import KeyboardInput
from snl_edu.inputs.voice.inputs import CombinedInput
from snl_edu.inputs.voice.messages import describe_voice_error
from snl_edu.inputs.voice.phrasebook.grammar import Grammar, build_grammar
from snl_edu.inputs.voice.phrasebook.phrases import PhraseBook, load_phrase_book
from snl_edu.inputs.voice.problems import VoiceError, VoiceProblem
from snl_edu.inputs.voice.recognisers.recognition import Transcript
from snl_edu.inputs.voice.recognisers.sphinx import SphinxBackend, SphinxRecogniser
from snl_edu.inputs.voice.voice_listener import MAX_FAILURES, Heard, VoiceListener
from snl_edu.language.localizer import localizer_for


@pytest.fixture(scope="module")
def english() -> SphinxBackend:
    return SphinxBackend()


@pytest.fixture(scope="module")
def book() -> PhraseBook:
    return load_phrase_book("en")


def test_room_hiss_taken_for_speech_is_unheard_not_a_crash(english: SphinxBackend,
                                                           book: PhraseBook) -> None:
    """The keyphrase spotter finds nothing in hiss, and pocketsphinx then gives no list
    of what it spotted at all (None): this was the TypeError that stopped voice."""
    recogniser = english.recogniser(build_grammar(book, english.has_word, True))
    recogniser.accept(noise(1.0, random.Random(1)).tobytes())
    assert recogniser.finish().text == ""


def test_an_utterance_too_short_to_search_is_unheard(english: SphinxBackend,
                                                     book: PhraseBook) -> None:
    recogniser = english.recogniser(build_grammar(book, english.has_word, True))
    recogniser.accept(noise(0.05, random.Random(2)).tobytes())
    assert recogniser.finish() == Transcript("", "")  # was RuntimeError from end_utt


class Failing:
    """pocketsphinx's back end whose recogniser fails on the first ``failures``
    utterances, as a library's bug does."""

    name = "pocketsphinx"

    def __init__(self, backend: SphinxBackend, failures: int) -> None:
        self.backend, self.where, self.failures = backend, backend.where, failures

    def has_word(self, word: str) -> bool:
        return self.backend.has_word(word)

    def recogniser(self, grammar: Grammar) -> SphinxRecogniser:
        real, owner = self.backend.recogniser(grammar), self

        class Flaky(SphinxRecogniser):
            def __init__(self) -> None:
                self.__dict__.update(real.__dict__)

            def finish(self) -> Transcript:
                if owner.failures > 0:
                    owner.failures -= 1
                    super().finish()
                    raise TypeError("'NoneType' object is not iterable")
                return super().finish()

        return Flaky()


def speech(texts: list[str]) -> array[int]:
    audio, _ = scene([(0.8, text) for text in texts], random.Random(5), voice="en-us",
                     speed=150)
    return audio


def test_one_failed_utterance_is_unheard_and_the_next_is_heard(english: SphinxBackend,
                                                               book: PhraseBook) -> None:
    heard: list[Heard] = []
    listener = VoiceListener(Failing(english, 1), book, Blocks(speech(["help", "help"])),
                             on_heard=heard.append)
    listener.run()
    assert listener.error is None
    assert [h.command.action for h in heard if h.command] == [Action.HELP]


def test_a_recogniser_that_keeps_failing_stops_voice_and_is_not_offered(
        english: SphinxBackend, book: PhraseBook) -> None:
    listener = VoiceListener(Failing(english, MAX_FAILURES), book,
                             Blocks(speech(["help", "help", "help", "help"])))
    read_end, write_end = os.pipe()
    with os.fdopen(read_end, "r") as keys:
        inputs = CombinedInput(KeyboardInput(keys), listener)
        try:
            assert listener.ended.wait(30)
            assert inputs.next_command(0.2) is None  # reports the error, waits for keys
            assert isinstance(listener.error, VoiceError)
            assert listener.error.problem is VoiceProblem.RECOGNISER_FAILED
            # The quit question no longer says "say yes": nothing hears it now.
            assert inputs.phrase_for(Action.YES) is None
            assert not inputs.hears_numbers
        finally:
            os.close(write_end)
            inputs.close()


def test_the_failure_is_told_in_the_players_language() -> None:
    error = VoiceError(VoiceProblem.RECOGNISER_FAILED, "pocketsphinx")
    nepali = describe_voice_error(error, localizer_for("ne"))
    assert nepali == "बोली चिन्ने pocketsphinx ले सुनेको कुरामा पटक-पटक काम गर्न सकेन।"
    assert "NoneType" not in describe_voice_error(error, localizer_for("en"))
