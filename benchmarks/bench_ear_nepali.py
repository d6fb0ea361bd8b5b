"""Nepali heard out of the box: Whisper base (the nepali extra) scoring the phrase book.

Run by hand:  nice -n 15 python benchmarks/bench_ear_nepali.py [--measured FILE.json]
(bench_ear.py --only nepali runs it too.)

Synthetic speech only: eSpeak NG's Nepali voice, the project's own synthesiser, in three
variants it has (ne+f2, ne+m3 at their own speeds and pitches, and ne made child-like:
pitch up, slower, formants raised 15 %), each saying one phrase of every command
(bench_taught.COMMANDS) and ten lines of Nepali chatter, clean and with babble of four
English eSpeak voices at 10 dB below the speech, heard by the game's listener (Silero
endpointer) with the model's own recogniser. Nothing here was tuned on: the refusal is
forced.py's, chosen on English tuning clips. Real children's Nepali will differ.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from array import array
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent), str(HERE.parent / "tests" / "inputs" / "voice")]

from bench_taught import CHATTER, COMMANDS
from bench_voice import TimedSource, rss_mb
from classroom_audio import babble, clip, voices
from espeak_audio import RATE, speak_all

from snl_edu.inputs.voice.audio.sources import BLOCK_SECONDS
from snl_edu.inputs.voice.audio.vad import SileroEndpointer, load_vad
from snl_edu.inputs.voice.phrasebook.phrases import load_phrase_book
from snl_edu.inputs.voice.recognisers import multilingual
from snl_edu.inputs.voice.voice_listener import Heard, VoiceListener

# label, eSpeak voice, words a minute, pitch (None: child-like, classroom_audio.voices)
VOICES = (("ne+f2", "ne+f2", 140, 60), ("ne+m3", "ne+m3", 160, 45),
          ("child ne", "ne", 115, None))


def spoken(voice: str, speed: int, pitch: int | None, texts: list[str]) -> list[bytes]:
    if pitch is None:
        return [words.tobytes() for words in voices(texts, voice, speed, child=True)]
    return speak_all([(text, voice, speed, pitch) for text in texts])


def run(measured: Path | None, notes: list[str], voice_count: int = len(VOICES)) -> None:
    before = rss_mb()
    started = time.perf_counter()
    backend = multilingual.load()
    notes.append(f"whisper-base: loaded in {time.perf_counter() - started:.1f} s, memory "
                 f"+{rss_mb() - before:.0f} MB")
    book, vad = load_phrase_book("ne"), load_vad()
    texts = [*COMMANDS.values(), *CHATTER]
    background = babble(RATE * 40, random.Random("nepali babble"))
    figures: dict[str, dict[str, list[int]]] = {}
    latencies: list[float] = []
    for label, voice, speed, pitch in VOICES[:voice_count]:
        for room, snr in (("clean", None), ("babble", 10.0)):
            right = taken = 0
            for text, words in zip(texts, spoken(voice, speed, pitch, texts), strict=True):
                audio, _, _ = clip(array("h", words), random.Random(f"ne/{label}/{text}"),
                                     snr, "babble", background)
                heard: list[Heard] = []
                source = TimedSource(audio, int(BLOCK_SECONDS * RATE))
                listener = VoiceListener(backend, book, source, on_heard=heard.append,
                                         endpointer=SileroEndpointer(vad))
                t0 = time.perf_counter()
                listener.run()
                got = [h.command.action.value for h in heard if h.command is not None]
                want = next((a for a, t in COMMANDS.items() if t == text), None)
                if want is None:
                    taken += bool(got)
                    continue
                ok = got == [want]
                right += ok
                if ok:
                    latencies.append(time.perf_counter() - t0)
                each = figures.setdefault(text, {}).setdefault(room, [0, 0])
                each[0] += ok
                each[1] += 1
            notes.append(f"whisper-base {label:9} {room:7} commands {right}/{len(COMMANDS)},"
                         f" chatter taken {taken}/{len(CHATTER)}")
    if latencies:
        ordered = sorted(latencies)
        notes.append(f"whisper-base: whole clip heard (not end of speech) median "
                     f"{ordered[len(ordered) // 2]:.2f} s over {len(ordered)}")
    if measured is not None:
        data = json.loads(measured.read_text("utf-8")) if measured.exists() else {}
        data["ne"] = {multilingual.NAME: figures}
        measured.write_text(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True)
                            + "\n", "utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--measured", type=Path, default=None, metavar="FILE.json")
    parser.add_argument("--voices", type=int, default=len(VOICES), help="the first N voices only")
    args = parser.parse_args()
    notes: list[str] = []
    run(args.measured, notes, args.voices)
    print("\n".join(notes))


if __name__ == "__main__":
    main()
