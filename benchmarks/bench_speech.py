"""Speech benchmark (run by hand): event-to-first-sample latency and synthesis speed.

    python benchmarks/bench_speech.py [--rounds N] [--backend null]

Latency is measured from the moment an engine event reaches the narrator to the
moment the device's own thread takes the first frames of the resulting sound:
narration, synthesis, the hand-over and the wait for the device's next period,
all through the game's real playback path (miniaudio). The device is miniaudio's
null backend by default, which pulls audio in real time with no hardware, so the
figure is the same on a machine with no sound card; ``--backend ""`` uses the
computer's real one. The reference, measured in the same run, is the narration
and synthesis of the same message without any device: the time before a sentence
could be heard at all on any device.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from measure import Result, report

from snl_edu.boards import load_board
from snl_edu.engine import Seat
from snl_edu.engine.events import Climbed, GameOver, Rolled, Standing, TurnStarted
from snl_edu.language.localizer import localizer_for
from snl_edu.outputs.aloud.espeak import EspeakSynthesiser, Voice
from snl_edu.outputs.aloud.player import Player
from snl_edu.outputs.aloud.sound_outputs import EarconOutput, PcmSpeaker, SpeechOutput
from snl_edu.play.narration import Narrator
from snl_edu.sound.device import DeviceSink, Sound
from snl_edu.sound.pcm import Pcm
from snl_edu.vocabulary import Message

EVENTS = [TurnStarted(0), Rolled(0, 4, 23), Climbed(1, 27, 64),
          GameOver((Standing(1, 0, 100), Standing(2, 1, 64)))]


class FirstSound(DeviceSink):
    """The real device; remembers the first sound started since ``reset``."""

    def __init__(self, backend: str | None) -> None:
        super().__init__(backend=backend)
        self.first: Sound | None = None

    def reset(self) -> None:
        self.first = None

    def start(self, pcm: Pcm) -> Sound:
        sound = super().start(pcm)
        if self.first is None:
            self.first = sound
        return sound

    def heard(self) -> bool:
        """Playback stops once the first frames have gone to the device: only they count."""
        return self.first is not None and self.first.first_sample_at is not None


def latency(language: str, rounds: int, with_earcon: bool,
            backend: str | None) -> tuple[list[float], list[float]]:
    """(event to first sample through the device, event to synthesised sound), in ms."""
    board = load_board("saanp-bharyang")
    seats = [Seat("Asha"), Seat("Bikash")]
    narrator = Narrator(localizer_for(language), board, seats)
    sink = FirstSound(backend)
    player = Player(sink, threading.Event())
    synthesiser = EspeakSynthesiser(Voice(language))
    speech = SpeechOutput(PcmSpeaker(synthesiser, player), skip=sink.heard)
    outputs = [EarconOutput(player, skip=sink.heard), speech] if with_earcon else [speech]
    times, reference = [], []
    for i in range(rounds):
        event = EVENTS[i % len(EVENTS)]
        sink.reset()
        start = time.perf_counter()
        message: Message = narrator.narrate(event)[0]
        if not with_earcon:
            message = Message(message.text)
        for output in outputs:
            output.show(message)
        assert sink.first is not None and sink.first.first_sample_at is not None
        times.append((sink.first.first_sample_at - start) * 1000)
        start = time.perf_counter()
        synthesiser.synthesise(narrator.narrate(event)[0].text)
        reference.append((time.perf_counter() - start) * 1000)
    player.close()
    return times, reference


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


def synthesis_times(language: str, rounds: int) -> tuple[list[float], list[float]]:
    """(ms to synthesise each sentence, ms of audio it makes)."""
    synthesiser = EspeakSynthesiser(Voice(language))
    synthesiser.synthesise(SENTENCES[language][0])  # load the voice first
    spent, spoken = [], []
    for _ in range(rounds):
        for sentence in SENTENCES[language]:
            start = time.perf_counter()
            audio = synthesiser.synthesise(sentence)
            spent.append((time.perf_counter() - start) * 1000)
            spoken.append(audio.duration * 1000)
    return spent, spoken


def run(tiny: bool = False, rounds: int = 40, backend: str | None = "null") -> list[Result]:
    rounds = 2 if tiny else rounds
    results = []
    for language in ("en", "ne"):
        for with_earcon in (True, False):
            times, reference = latency(language, rounds, with_earcon, backend)
            what = "earcon" if with_earcon else "speech"
            results.append(Result(f"{language}: event -> first {what} sample at the device", "ms",
                                  times, "narration + synthesis, no device", reference,
                                  goal="<= 50 ms"))
    for language in ("en", "ne"):
        spent, spoken = synthesis_times(language, max(1, rounds // 4))
        results.append(Result(f"{language}: synthesise a sentence", "ms", spent,
                              "the sentence's audio (real time)", spoken))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--backend", default="null",
                        help="miniaudio backend (default null; empty: the computer's own)")
    args = parser.parse_args()
    backend = args.backend or None
    print(f"device: {DeviceSink(backend=backend).name}, 10 ms periods")
    report(__doc__.splitlines()[0], lambda: run(rounds=args.rounds, backend=backend))


if __name__ == "__main__":
    main()
