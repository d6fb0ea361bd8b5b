"""End to end with the real Korean vosk model and eSpeak NG Korean speech over noise."""

from __future__ import annotations

import os
import random
from array import array
from pathlib import Path

from espeak_audio import RATE, scene, write_wav

from snl_edu.inputs.commands import Action, Command
from snl_edu.inputs.keyboard import KeyboardInput
from snl_edu.inputs.voice.audio.sources import WavFileSource
from snl_edu.inputs.voice.inputs import CombinedInput
from snl_edu.inputs.voice.phrasebook.phrases import PhraseBook
from snl_edu.inputs.voice.recognisers.models import VoiceModel
from snl_edu.inputs.voice.voice_listener import Heard, VoiceListener
from tests.inputs.voice.korean import KOREAN_CHATTER, KOREAN_COMMANDS


def listen(model: VoiceModel, book: PhraseBook, path: Path, numbers: bool = False,
           speaking: tuple[float, float] | None = None) -> tuple[list[Heard], list[float]]:
    """Everything heard in a WAV file, and the audio position when each was decided."""
    source = WavFileSource(path)
    heard: list[Heard] = []
    decided_at: list[float] = []

    def is_speaking() -> bool:
        return speaking is not None and speaking[0] <= source.seconds <= speaking[1]

    def on_heard(item: Heard) -> None:
        heard.append(item)
        decided_at.append(source.seconds)

    VoiceListener(model, book, source, on_heard=on_heard, is_speaking=is_speaking,
                  numbers=numbers).run()
    return heard, decided_at


def commands(heard: list[Heard]) -> list[Command]:
    return [h.command for h in heard if h.command is not None]


def test_spoken_commands_and_numbers_become_commands(korean_model: VoiceModel,
                                                     korean_book: PhraseBook,
                                                     tmp_path: Path) -> None:
    rng = random.Random(1)
    texts = [*KOREAN_COMMANDS, "여섯", "이십"]
    audio, spans = scene([(0.7, text) for text in texts], rng)
    heard, decided_at = listen(korean_model, korean_book, write_wav(tmp_path / "c.wav", audio),
                               numbers=True)
    expected = [Command(action, text) for text, action in KOREAN_COMMANDS.items()]
    expected += [Command.answer(6, "여섯"), Command.answer(20, "이십")]
    assert commands(heard) == expected
    for item, at, (_, end) in zip(heard, decided_at, spans, strict=True):
        assert abs(item.speech_end - end) < 0.1  # the endpointer finds the end of the word
        # Decided on about 0.25 s of quiet, plus at most one 0.1 s block: no waiting
        # for vosk's own endpoint (0.5-1 s in the model's conf).
        assert at - end <= 0.45


def test_chatter_is_not_taken_for_a_command(korean_model: VoiceModel, korean_book: PhraseBook,
                                            tmp_path: Path) -> None:
    rng = random.Random(2)
    audio, _spans = scene([(0.7, text) for text in KOREAN_CHATTER], rng)
    heard, _ = listen(korean_model, korean_book, write_wav(tmp_path / "chat.wav", audio),
                      numbers=True)
    assert heard  # something was heard ...
    assert commands(heard) == []  # ... and none of it was a command


def test_noise_alone_is_not_heard(korean_model: VoiceModel, korean_book: PhraseBook,
                                  tmp_path: Path) -> None:
    rng = random.Random(3)
    noise = array("h", (rng.randint(-60, 60) for _ in range(3 * RATE)))
    heard, _ = listen(korean_model, korean_book, write_wav(tmp_path / "n.wav", noise))
    assert heard == []


def test_speech_while_the_game_speaks_is_ignored(korean_model: VoiceModel,
                                                 korean_book: PhraseBook, tmp_path: Path) -> None:
    rng = random.Random(4)
    audio, spans = scene([(0.7, "주사위"), (0.8, "도와줘"), (0.8, "위치")], rng)
    path = write_wav(tmp_path / "s.wav", audio)
    # The game speaks over the first command, and stops in the middle of the second:
    # the rest of that word is ignored too (it may be the end of the game's own voice).
    speaking = (spans[0][0] - 0.2, (spans[1][0] + spans[1][1]) / 2)
    heard, _ = listen(korean_model, korean_book, path, speaking=speaking)
    assert commands(heard) == [Command(Action.WHERE, "위치")]
    everything, _ = listen(korean_model, korean_book, path)
    assert [c.action for c in commands(everything)] == [Action.ROLL, Action.HELP, Action.WHERE]


def test_any_sample_rate_and_stereo_is_resampled(korean_model: VoiceModel,
                                                 korean_book: PhraseBook, tmp_path: Path) -> None:
    rng = random.Random(6)
    audio, _ = scene([(0.6, "주사위"), (0.8, "아니요")], rng)
    # 16 kHz -> 44.1 kHz stereo by repeating samples: a different rate and two channels.
    wide = array("h")
    for i in range(int(len(audio) * 44100 / RATE)):
        value = audio[int(i * RATE / 44100)]
        wide.extend((value, value))
    path = tmp_path / "stereo.wav"
    import wave

    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(2)
        wav.setsampwidth(2)
        wav.setframerate(44100)
        wav.writeframes(wide.tobytes())
    heard, _ = listen(korean_model, korean_book, path)
    assert [c.action for c in commands(heard)] == [Action.ROLL, Action.NO]


def test_keyboard_and_voice_merge_and_end_when_both_end(korean_model: VoiceModel,
                                                        korean_book: PhraseBook,
                                                        tmp_path: Path) -> None:
    rng = random.Random(7)
    audio, _ = scene([(0.5, "위치"), (0.6, "주사위")], rng)
    listener = VoiceListener(korean_model, korean_book,
                             WavFileSource(write_wav(tmp_path / "m.wav", audio)))
    read_end, write_end = os.pipe()
    os.write(write_end, b"h\n")
    os.close(write_end)
    with os.fdopen(read_end, "r") as keys:
        inputs = CombinedInput(KeyboardInput(keys), listener)
        try:
            got = [inputs.next_command(10) for _ in range(4)]
        finally:
            inputs.close()
    actions = [c.action for c in got if c is not None]
    assert sorted(actions[:3]) == sorted([Action.HELP, Action.WHERE, Action.ROLL])
    assert actions[1:3] != [Action.ROLL, Action.WHERE]  # voice keeps its own order
    assert actions[3] is Action.END  # only after the keyboard and the audio both ended
