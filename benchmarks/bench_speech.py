"""Speech benchmark (run by hand): event-to-first-sample latency and synthesis speed.

    python benchmarks/bench_speech.py [--rounds N]

Latency is measured from the moment an engine event reaches the narrator to the
moment the first block of audio is handed to the sink. The sink is the real sound
card when one is available, else a stand-in that consumes blocks in real time
(the time being measured ends before the device is involved either way).
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time

from snl_edu.boards import load_board
from snl_edu.engine import Seat
from snl_edu.engine.events import Climbed, GameOver, Rolled, Standing, TurnStarted
from snl_edu.i18n import Localizer
from snl_edu.narration import Narrator
from snl_edu.speech.errors import AudioUnavailable
from snl_edu.speech.espeak import EspeakSynthesiser, Voice
from snl_edu.speech.outputs import EarconOutput, PcmSpeaker, SpeechOutput
from snl_edu.speech.player import Player
from snl_edu.speech.sinks import ClockSink, Sink, SoundDeviceSink
from snl_edu.vocabulary import Message


class FirstBlock:
    """Wraps a sink: notes when the first block arrives, then asks playback to stop."""

    def __init__(self, sink: Sink) -> None:
        self.sink = sink
        self.rate = sink.rate
        self.first: float | None = None

    def write(self, block: bytes) -> None:
        if self.first is None:
            self.first = time.perf_counter()
        self.sink.write(block)

    def drain(self) -> None:
        self.sink.drain()

    def abort(self) -> None:
        self.sink.abort()

    def close(self) -> None:
        self.sink.close()


def make_sink() -> tuple[Sink, str]:
    try:
        return SoundDeviceSink(), "sound card"
    except AudioUnavailable as error:
        return ClockSink(), f"real-time stand-in (no sound card: {error.missing})"


def latency(language: str, rounds: int, with_earcon: bool) -> list[float]:
    board = load_board("saanp-bharyang")
    seats = [Seat("Asha"), Seat("Bikash")]
    loc = Localizer.create(language)
    narrator = Narrator(loc, board, seats)
    sink, _ = make_sink()
    probe = FirstBlock(sink)
    player = Player(probe, threading.Event())
    speech = SpeechOutput(PcmSpeaker(EspeakSynthesiser(Voice(language)), player),
                          skip=lambda: probe.first is not None)
    outputs = [EarconOutput(player, skip=lambda: probe.first is not None), speech] \
        if with_earcon else [speech]
    events = [TurnStarted(0), Rolled(0, 4, 23), Climbed(1, 27, 64),
              GameOver((Standing(1, 0, 100), Standing(2, 1, 64)))]
    times = []
    for i in range(rounds):
        event = events[i % len(events)]
        probe.first = None
        start = time.perf_counter()
        messages: list[Message] = narrator.narrate(event)
        for message in messages[:1]:
            if not with_earcon:
                message = Message(message.text)
            for output in outputs:
                output.show(message)
        assert probe.first is not None
        times.append((probe.first - start) * 1000)
    player.close()
    return times


SENTENCES = {
    "en": ["Asha's turn.", "Asha rolled a 4 on the pasa.", "Asha moves from 23 to 27.",
           "Bharyang! Asha climbs the ladder from 27 to 64.",
           "Too far! Bikash stays on 97 and needs exactly 3 to finish.",
           "Game over. The places: Place 1: Asha, finished. Place 2: Bikash, on square 64."],
    "ne": ["आशाको पालो।", "आशाले पासामा ४ फाल्यो।", "आशा २३ बाट २७ मा सर्छ।",
           "भर्याङ! आशा २७ बाट ६४ मा चढ्छ।",
           "धेरै भयो! बिकास ९७ मै रहन्छ र जित्न ठ्याक्कै ३ चाहिन्छ।",
           "खेल सकियो। स्थान १: आशा, अन्तिम कोठामा पुग्यो। स्थान २: बिकास, कोठा ६४ मा।"],
}


def synthesis_speed(language: str, rounds: int) -> tuple[float, float]:
    """(times faster than real time, ms per sentence)."""
    synthesiser = EspeakSynthesiser(Voice(language))
    synthesiser.synthesise(SENTENCES[language][0])  # load the voice first
    audio = 0.0
    start = time.perf_counter()
    count = 0
    for _ in range(rounds):
        for sentence in SENTENCES[language]:
            audio += synthesiser.synthesise(sentence).duration
            count += 1
    elapsed = time.perf_counter() - start
    return audio / elapsed, elapsed / count * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=40)
    args = parser.parse_args()
    _, kind = make_sink()
    print(f"sink: {kind}")
    for language in ("en", "ne"):
        for with_earcon in (True, False):
            times = latency(language, args.rounds, with_earcon)
            what = "earcon" if with_earcon else "speech"
            print(f"{language} event -> first {what} sample: median {statistics.median(times):.1f} "
                  f"ms, p95 {sorted(times)[int(0.95 * len(times)) - 1]:.1f} ms, "
                  f"max {max(times):.1f} ms (goal <= 50 ms)")
    for language in ("en", "ne"):
        speed, per = synthesis_speed(language, max(1, args.rounds // 4))
        print(f"{language} synthesis: {speed:.0f}x real time, {per:.1f} ms per sentence")


if __name__ == "__main__":
    main()
