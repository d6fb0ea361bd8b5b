"""Playback through a stand-in sound card that keeps real time: pacing, skipping, stopping."""

from __future__ import annotations

import threading
import time

from snl_edu.speech.espeak import EspeakSynthesiser, Voice
from snl_edu.speech.outputs import EarconOutput, PcmSpeaker, SpeechOutput
from snl_edu.speech.player import Player
from snl_edu.speech.sinks import ClockSink
from snl_edu.vocabulary import Message

LONG = ("Game over. The places: place one, Asha, finished. Place two, Bikash, on square "
        "fifty eight. Place three, Computer one, on square forty one. Well played, everyone!")


def test_stopping_a_long_sentence_silences_output_within_100_ms() -> None:
    pcm = EspeakSynthesiser(Voice("en")).synthesise(LONG)
    assert pcm.duration > 4
    sink = ClockSink()
    speaking = threading.Event()
    player = Player(sink, speaking)
    stop = threading.Event()
    outcome: list[bool] = []
    thread = threading.Thread(target=lambda: outcome.append(player.play(pcm, stop.is_set)))
    thread.start()
    time.sleep(0.5)
    assert speaking.is_set()
    asked = time.perf_counter()
    stop.set()
    thread.join(timeout=2)
    assert outcome == [False]
    assert sink.aborted_at is not None
    assert sink.aborted_at - asked <= 0.1
    last_block_started = sink.writes[-1][0]
    assert last_block_started - asked <= 0.1
    assert sink.frames_written < pcm.frames  # it really was cut short
    assert not speaking.is_set()


def test_sentences_play_whole_and_in_order_without_overlap() -> None:
    sink = ClockSink()
    player = Player(sink, threading.Event())
    outputs = [EarconOutput(player), SpeechOutput(PcmSpeaker(EspeakSynthesiser(Voice("en")),
                                                             player))]
    messages = [Message("Asha's turn.", "turn"), Message("Asha rolled a four.", "dice")]
    started = time.perf_counter()
    for message in messages:
        for output in outputs:
            output.show(message)
    elapsed = time.perf_counter() - started
    seconds = sink.frames_written / sink.rate
    # Everything was handed over, one block after another, in real time.
    assert elapsed >= 0.9 * seconds
    times = [t for t, _ in sink.writes]
    assert times == sorted(times)
    assert sink.aborted_at is None


def test_a_key_press_skips_to_the_next_sentence() -> None:
    sink = ClockSink()
    player = Player(sink, threading.Event())
    synthesiser = EspeakSynthesiser(Voice("en"))
    pressed = {"at": time.perf_counter() + 0.3}

    def key_pressed() -> bool:
        # One key, pressed 0.3 s into the first sentence, used up when seen.
        if pressed["at"] is not None and time.perf_counter() >= pressed["at"]:
            pressed["at"] = None
            return True
        return False

    speech = SpeechOutput(PcmSpeaker(synthesiser, player), key_pressed)
    first, second = synthesiser.synthesise(LONG), synthesiser.synthesise("Next.")
    speech.show(Message(LONG))
    after_first = sink.frames_written
    speech.show(Message("Next."))
    assert after_first < first.frames / 4  # cut short
    spoken_second = sink.frames_written - after_first
    assert abs(spoken_second - second.frames) < 0.05 * second.frames  # played whole
