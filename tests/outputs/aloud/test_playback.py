"""Playback through the real device path, on miniaudio's null backend (real-time pace, no
hardware): pacing, a key skipping a sentence, stopping within 0.2 s, Ctrl-C."""

from __future__ import annotations

import _thread
import threading
import time
from collections.abc import Iterator

import pytest

from snl_edu.outputs.aloud.espeak import EspeakSynthesiser, Voice
from snl_edu.outputs.aloud.player import Player
from snl_edu.outputs.aloud.sound_outputs import EarconOutput, PcmSpeaker, SpeechOutput
from snl_edu.sound.pcm import Pcm
from snl_edu.vocabulary import Message
from tests.outputs.aloud.null_device import WatchedSink

LONG = ("Game over. The places: place one, Asha, finished. Place two, Bikash, on square "
        "fifty eight. Place three, Computer one, on square forty one. Well played, everyone!")
STOP_WITHIN = 0.2  # seconds from a stop request to the last sound reaching the ear


@pytest.fixture
def sink() -> Iterator[WatchedSink]:
    opened = WatchedSink()
    yield opened
    opened.close()


@pytest.fixture(scope="module")
def long_sentence() -> Pcm:
    pcm = EspeakSynthesiser(Voice("en")).synthesise(LONG)
    assert pcm.duration > 4
    return pcm


def test_the_null_backend_plays_in_real_time_and_whole(sink: WatchedSink) -> None:
    player = Player(sink, threading.Event())
    pcm = EspeakSynthesiser(Voice("en")).synthesise("Five.")  # short: it plays in real time
    started = time.perf_counter()
    assert player.play(pcm) is True
    elapsed = time.perf_counter() - started
    (sound,) = sink.sounds
    assert sound.position == len(pcm.data)  # every frame went to the device
    # Paced by the device, not raced through (how soon it starts is benchmarks/' business).
    assert pcm.duration <= elapsed <= pcm.duration + 1.0


def test_a_stop_request_silences_a_long_sentence_within_0_2_s(sink: WatchedSink,
                                                              long_sentence: Pcm) -> None:
    speaking = threading.Event()
    player = Player(sink, speaking)
    stop = threading.Event()
    outcome: list[bool] = []
    thread = threading.Thread(target=lambda: outcome.append(player.play(long_sentence,
                                                                        stop.is_set)))
    thread.start()
    assert speaking.wait(2)
    time.sleep(0.5)  # well into the sentence (the outcome is decided by the timings below)
    asked = time.perf_counter()
    stop.set()
    thread.join(timeout=2)
    returned = time.perf_counter()
    assert outcome == [False]
    (sound,) = sink.sounds
    assert sound.stopped and sound.position < len(long_sentence.data) / 2
    assert sink.heard_until(sound) - asked <= STOP_WITHIN
    assert returned - asked <= 0.5  # and the game goes on at once
    assert not speaking.is_set()


def test_stop_now_from_another_thread_silences_at_once(sink: WatchedSink,
                                                       long_sentence: Pcm) -> None:
    player = Player(sink, threading.Event())
    outcome: list[bool] = []
    thread = threading.Thread(target=lambda: outcome.append(player.play(long_sentence)))
    thread.start()
    assert player.speaking.wait(2)
    time.sleep(0.3)
    asked = time.perf_counter()
    player.stop_now()  # what the keyboard calls when a key arrives during speech
    thread.join(timeout=2)
    assert outcome == [False]
    assert sink.heard_until(sink.sounds[0]) - asked <= STOP_WITHIN
    # The next sound plays whole: a stop is for the sound playing then.
    assert player.play(EspeakSynthesiser(Voice("en")).synthesise("Next.")) is True


def test_ctrl_c_silences_the_sound_within_0_2_s(sink: WatchedSink, long_sentence: Pcm) -> None:
    player = Player(sink, threading.Event())
    asked: list[float] = []

    def press_ctrl_c() -> None:
        assert player.speaking.wait(2)
        time.sleep(0.3)
        asked.append(time.perf_counter())
        _thread.interrupt_main()  # SIGINT's KeyboardInterrupt, in the thread that plays

    presser = threading.Thread(target=press_ctrl_c)
    presser.start()
    with pytest.raises(KeyboardInterrupt):
        player.play(long_sentence)
    presser.join()
    (sound,) = sink.sounds
    assert sound.stopped
    assert sink.heard_until(sound) - asked[0] <= STOP_WITHIN
    assert not player.speaking.is_set()


def test_a_key_press_skips_to_the_next_sentence(sink: WatchedSink, long_sentence: Pcm) -> None:
    player = Player(sink, threading.Event())
    synthesiser = EspeakSynthesiser(Voice("en"))
    pressed: dict[str, float | None] = {"at": None}

    def key_pressed() -> bool:
        # One key, pressed 0.3 s into the first sentence, used up when seen.
        at = pressed["at"]
        if at is not None and time.perf_counter() >= at:
            pressed["at"] = None
            return True
        return False

    speech = SpeechOutput(PcmSpeaker(synthesiser, player), key_pressed)
    pressed["at"] = time.perf_counter() + 0.3
    speech.show(Message(LONG))
    speech.show(Message("Next."))
    first, second = sink.sounds
    assert first.stopped and first.position < len(first.data) / 4  # cut short
    assert not second.stopped and second.position == len(second.data)  # played whole
    assert first.last_sample_at is not None and second.first_sample_at is not None
    # Straight on: not after the rest of the first sentence (seconds of it).
    assert second.first_sample_at - first.last_sample_at < 0.5


def test_earcon_and_sentences_play_in_order_without_overlap(sink: WatchedSink) -> None:
    player = Player(sink, threading.Event())
    outputs = [EarconOutput(player), SpeechOutput(PcmSpeaker(EspeakSynthesiser(Voice("en")),
                                                             player))]
    started = time.perf_counter()
    for message in (Message("Asha.", "turn"), Message("Four.", "dice")):  # short: real time
        for output in outputs:
            output.show(message)
    elapsed = time.perf_counter() - started
    assert len(sink.sounds) == 4
    assert all(s.done.is_set() and not s.stopped for s in sink.sounds)
    for earlier, later in zip(sink.sounds, sink.sounds[1:], strict=False):
        assert earlier.last_sample_at is not None and later.first_sample_at is not None
        assert later.first_sample_at > earlier.last_sample_at
    seconds = sum(len(s.data) for s in sink.sounds) / 2 / sink.rate
    assert elapsed >= seconds  # real time: the null backend took them at the pace of sound
