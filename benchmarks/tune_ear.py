"""The ear's own tuning clips: voices, babble and texts that bench_ear.py has none of.

Run by hand:  nice -n 10 python benchmarks/tune_ear.py [--backends whisper,pocketsphinx]
              [--misses]

The ear's thresholds are chosen here; bench_ear.py's held-out sets give the final
figures only. Three conditions, each saying every command phrase of
locales/en/voice.toml, ten numbers and sixteen lines of chatter (among them the wrong
takes of issue 41: "please", "fine", "i am winning", "i did it"):
  adult: eSpeak NG's Scottish English at 150 words a minute, with a faint hiss;
  child: en+f5 made child-like (classroom_audio.voices), clean;
  child in babble: en-us+m1 made child-like, with babble 10 dB below the speech of four
         other eSpeak voices (en-gb+m1, en-us+f4, en+m6, en-gb-x-rp+f3) saying other
         chatter than bench_ear's babble.
Prints commands right and chatter taken per condition, and the CPU time (all threads)
each utterance's recognition took.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from array import array
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent), str(HERE.parent / "tests" / "inputs" / "voice")]

import numpy as np
from bench_voice import TimedSource
from classroom_audio import clip, voices
from espeak_audio import RATE, speak_all

from snl_edu.inputs.voice.audio.sources import BLOCK_SECONDS
from snl_edu.inputs.voice.audio.vad import SileroEndpointer, load_vad
from snl_edu.inputs.voice.phrasebook.phrases import PhraseBook, load_phrase_book
from snl_edu.inputs.voice.recognisers.recognition import Backend
from snl_edu.inputs.voice.voice_listener import Heard, VoiceListener

TALKERS = ("en-gb+m1", "en-us+f4", "en+m6", "en-gb-x-rp+f3")
MURMUR = ("who has the scissors today", "my grandmother lives in the village",
          "we saw a monkey on the roof", "can you help me with this sum",
          "the bus was late again this morning", "i drew a house with a red door")
NUMBERS = {"seven": 7, "thirteen": 13, "nineteen": 19, "thirty": 30, "forty four": 44,
           "fifty eight": 58, "seventy three": 73, "seventy six": 76, "ninety": 90,
           "sixty two": 62}
CHATTER = ["please", "fine", "i am winning", "i did it", "go away", "help is coming",
           "that was close", "my dog is big", "we are friends", "the red one",
           "it is raining", "sing a song", "ten green bottles", "i want to go home",
           "open the door", "nine lives"]
# label, eSpeak voice, words a minute, child-like, babble SNR (None: a faint hiss)
CONDITIONS = [("adult scotland/hiss", "en-gb-scotland", 150, False, None),
              ("child en+f5/clean", "en+f5", 115, True, None),
              ("child en-us+m1/babble 10", "en-us+m1", 115, True, 10.0)]
Clip = tuple[str, str, "array[int]", float]  # condition, text, audio, end of the words


def babble(count: int, rng: random.Random) -> array[int]:
    mixed = np.zeros(count)
    for talker in TALKERS:
        order = list(MURMUR)
        rng.shuffle(order)
        track = np.concatenate([np.frombuffer(words, dtype=np.int16)
                                for words in speak_all([(t, talker, 165) for t in order])])
        track = np.roll(track, -rng.randrange(len(track)))
        while len(track) < count:
            track = np.concatenate([track, track])
        mixed += track[:count]
    return array("h", np.clip(mixed, -32768, 32767).astype(np.int16).tobytes())


def clips(book: PhraseBook) -> list[Clip]:
    texts = [*book.commands, *NUMBERS, *CHATTER]
    background = babble(RATE * 40, random.Random("tune-babble"))
    made: list[Clip] = []
    for label, voice, speed, child, snr in CONDITIONS:
        for text, words in zip(texts, voices(texts, voice, speed, child), strict=True):
            audio, _, end = clip(words, random.Random(f"tune/{label}/{text}"), snr, "babble",
                                 background)
            made.append((label, text, audio, end))
    return made


def wanted(book: PhraseBook, text: str) -> tuple[str, int | None] | None:
    if text in book.commands:
        return book.commands[text].value, None
    return ("answer", NUMBERS[text]) if text in NUMBERS else None


def hear(backend: Backend, book: PhraseBook, made: list[Clip], misses: list[str]
         ) -> dict[str, list[int]]:
    """Per condition: [commands right, commands, chatter taken, chatter]."""
    vad = load_vad()
    tallies: dict[str, list[int]] = {}
    for label, text, audio, _ in made:
        heard: list[Heard] = []
        VoiceListener(backend, book, TimedSource(audio, int(BLOCK_SECONDS * RATE)),
                      on_heard=heard.append, endpointer=SileroEndpointer(vad),
                      numbers=True).run()
        got = [(h.command.action.value, h.command.number) for h in heard if h.command]
        want, tally = wanted(book, text), tallies.setdefault(label, [0, 0, 0, 0])
        right = got == [want] if want else not got
        if want:
            tally[0] += right
            tally[1] += 1
        else:
            tally[2] += bool(got)
            tally[3] += 1
        if not right:
            misses.append(f"{label}: {text!r} heard as {[h.raw for h in heard]}, took {got}")
    return tallies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", default="whisper,pocketsphinx")
    parser.add_argument("--misses", action="store_true")
    args = parser.parse_args()
    from snl_edu.inputs.voice.recognisers.sphinx import SphinxBackend
    from snl_edu.inputs.voice.recognisers.whisper import WhisperBackend

    loaders = {"whisper": WhisperBackend, "pocketsphinx": SphinxBackend,
               "whisper-free": lambda: WhisperBackend(forced=False)}
    book = load_phrase_book("en")
    made = clips(book)
    for name in args.backends.split(","):
        backend, misses = loaders[name](), []
        started = time.process_time()
        tallies = hear(backend, book, made, misses)
        cpu = (time.process_time() - started) / len(made)
        for label, (right, commands, taken, chatter) in tallies.items():
            print(f"{name:12} {label:26} commands {right}/{commands}, chatter {taken}/{chatter}")
        print(f"{name:12} CPU per clip (listener and recogniser) {cpu:.2f} s")
        if args.misses:
            print("\n".join(misses))


if __name__ == "__main__":
    main()
