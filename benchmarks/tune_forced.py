"""Forced scoring's thresholds, chosen on the ear's own tuning clips (tune_ear.py).

Run by hand:  nice -n 15 python benchmarks/tune_forced.py [--tail 1.0] [--shortlist 10]

Each clip of tune_ear.py (voices, babble and texts bench_ear.py has none of) is heard by
the game's listener with the Whisper back end scoring the phrase book (forced.py); the
scores of every utterance are kept, and each setting of the refusal (mean log-prob
floor, margin over another meaning, no-speech probability) is judged on them: commands
right per condition and chatter taken, the settings with chatter <= 2 % best first.
"""

from __future__ import annotations

import argparse
import itertools
import pickle
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent), str(HERE.parent / "tests" / "inputs" / "voice")]

from bench_voice import TimedSource
from espeak_audio import RATE
from tune_ear import clips, wanted

from snl_edu.inputs.voice.audio.sources import BLOCK_SECONDS
from snl_edu.inputs.voice.audio.vad import SileroEndpointer, load_vad
from snl_edu.inputs.voice.phrasebook.phrases import load_phrase_book
from snl_edu.inputs.voice.recognisers import forced
from snl_edu.inputs.voice.recognisers.forced import Verdict
from snl_edu.inputs.voice.recognisers.whisper import WhisperBackend
from snl_edu.inputs.voice.voice_listener import VoiceListener

Heard = tuple[str, object, list[Verdict]]  # condition, wanted meaning, each utterance's


def scores(tail: float, hybrid: bool) -> list[Heard]:
    """Each clip's utterances: the forced scores, or (beside a free transcript, when
    ``hybrid``) the meaning the transcript named itself."""
    backend = WhisperBackend(forced=not hybrid, closed="forced")
    book, vad = load_phrase_book("en"), load_vad()
    forced.TAIL = tail
    kept: list[Heard] = []
    started = time.process_time()
    made = clips(book)
    for label, text, audio, _ in made:
        verdicts: list[Verdict | object] = []
        listener = VoiceListener(backend, book, TimedSource(audio, int(BLOCK_SECONDS * RATE)),
                                 endpointer=SileroEndpointer(vad), numbers=True)
        recogniser: Any = listener.recognizer
        finish = recogniser.finish

        def finished(finish=finish, recogniser=recogniser, verdicts=verdicts,
                     meanings=listener.grammar.meanings):  # type: ignore[no-untyped-def]
            recogniser.last = None
            result = finish()
            if recogniser.last is not None:
                verdicts.append(recogniser.last)
            elif result.text:
                verdicts.append(Named(meanings[result.text]))
            return result

        recogniser.finish = finished
        listener.run()
        want = wanted(book, text)
        meaning = None if want is None else (want[1] if want[0] == "answer" else
                                             book.commands[text])
        kept.append((label, meaning, verdicts))
    print(f"CPU per clip {(time.process_time() - started) / len(made):.2f} s")
    return kept


@dataclass(frozen=True)
class Named:
    """A command the free transcript named itself."""

    meaning: object

    def taken(self, *_: float) -> Named:
        return self

    @property
    def candidate(self) -> Named:
        return self


def judge(kept: list[Heard], floor: float, margin: float, no_speech: float
          ) -> tuple[dict[str, list[int]], int, int]:
    by_label: dict[str, list[int]] = {}
    taken_chatter = chatter = 0
    for label, meaning, verdicts in kept:
        taken = [t.candidate.meaning for v in verdicts
                 if (t := v.taken(floor, margin, no_speech)) is not None]
        if meaning is None:
            chatter += 1
            taken_chatter += bool(taken)
        else:
            tally = by_label.setdefault(label, [0, 0])
            tally[0] += taken == [meaning]
            tally[1] += 1
    return by_label, taken_chatter, chatter


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tail", type=float, default=forced.TAIL)
    parser.add_argument("--hybrid", action="store_true",
                        help="forced scores only where the free transcript names none")
    parser.add_argument("--keep", type=Path, default=None, metavar="FILE.pickle")
    args = parser.parse_args()
    kept = scores(args.tail, args.hybrid)
    if args.keep is not None:  # for sweeps of other settings without hearing again
        args.keep.write_bytes(pickle.dumps(kept))
    top = [(label, meaning == v.ranked[0].candidate.meaning) for label, meaning, verdicts
           in kept if meaning is not None for v in verdicts[:1] if isinstance(v, Verdict) and v.ranked]
    print(f"best phrase right (no refusal): {sum(ok for _, ok in top)}/{len(top)}")
    rows = []
    for floor, margin, no_speech in itertools.product(
            (-0.5, -1.0, -1.5, -2.0, -2.5, -3.0, -3.5, -4.0, -5.0), (0.0, 0.5, 1.0, 2.0, 3.0, 4.0, 6.0),
            (0.3, 0.6, 0.9)):
        by_label, taken, chatter = judge(kept, floor, margin, no_speech)
        right = sum(r for r, _ in by_label.values())
        rows.append((taken <= 0.02 * chatter, right, -taken, floor, margin, no_speech,
                     by_label, taken, chatter))
    rows.sort(key=lambda row: row[:3], reverse=True)
    default = judge(kept, forced.MEAN_FLOOR, forced.MARGIN, forced.NO_SPEECH)
    print(f"as shipped: {default}")
    for row in rows[:12]:
        print(f"floor {row[3]} margin {row[4]} no speech {row[5]}: "
              + ", ".join(f"{k} {r}/{n}" for k, (r, n) in row[6].items())
              + f"; chatter {row[7]}/{row[8]}")


if __name__ == "__main__":
    main()
