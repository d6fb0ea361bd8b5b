"""Commands taught by example: a child's own recordings of each command, matched later.

Any language, any words: nothing here knows a word. Each example is kept as the audio
the listener cut (store/voice_examples.py keeps it in the learner's data); its features
(matching.py) are computed when a listener starts. An utterance is the command whose
examples it is nearest to, if it is near enough (ACCEPT) and clearly nearer to it than
to any other command (MARGIN).

Chosen by measurement (benchmarks/bench_taught.py; two Nepali eSpeak voices, 9 commands,
heard at other speeds and pitches, clean, white noise at 15 dB, babble at 10 dB, and
chatter): every kind of features and warping tried heard all 72 clean and white-noise
sayings (MFCC within a stretch, 66), so babble is what tells them apart.
A whole-utterance alignment lost nearly every command in babble (the endpointer keeps
the murmur around the words: 0-5 of 36), whatever the features; letting the example
match any stretch of the utterance (subsequence alignment) put the right command nearest
in 31-34 of 36. Of those, Whisper's encoder features with their mean over the utterance
removed kept the chatter out best: 93 of 108 right (babble 21 of 36), chatter 2 of 120;
MFCC with CMVN, the fallback without the model, 77 of 108 (whole alignment) with babble 5.
Encoding only the utterance's loud stretch (foreground.py) then heard 96 of 108 (babble
24 of 36), chatter 2 of 120; on other voices, kept for tuning, 97 of 108, chatter 4 of 120,
where a wider MARGIN (0.86) heard one more command and took five more chatter.
A tighter loud stretch, within FOREGROUND_DB of the loudest rather than the 15 dB the
Whisper transcript uses, cut more of the murmur away: on the tuning voices, with the
margin narrowed to 0.78, 104 of 108 (babble 32 of 36) and no chatter, against 97 and 4;
8 dB heard 106 and 6 dB 99 (it cuts the child's own quieter sounds).
A child who taught one command has no other command's examples to be nearer to, so
nearness alone (ACCEPT) must refuse every other word: at 0.30 it took 6.7 % of the other
commands' sayings and the chatter for that command on the tuning voices (7.6 % on the
benchmark's); at 0.24, none on the tuning voices (0.3 % on the benchmark's), while the
commands heard with all nine taught went from 104 to 103 of 108 (benchmark: 102).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from snl_edu.inputs.voice.audio.foreground import foreground
from snl_edu.inputs.voice.teaching.matching import distance, mfcc, unit_rows

ENCODER_FRAMES = 300  # the encoder's window for an utterance (3 s; a command is shorter)
EXAMPLES = 3  # examples recorded for each command
# Per kind of features: how the example is aligned (within: any stretch of the utterance),
# the nearest distance accepted (ACCEPT), and the most the nearest command's distance may
# be of the next command's (MARGIN). Measured: see the module's docstring.
SETTINGS = {"encoder": (True, 0.24, 0.78), "mfcc": (False, 0.62, 0.85)}
FOREGROUND_DB = 10.0  # the loud stretch the encoder hears: frames this near the loudest


def features_for(kind: str, whisper: Any, audio: bytes) -> np.ndarray:
    """Frames x features of an utterance: "encoder" (Whisper's; needs ``whisper``) or
    "mfcc"."""
    samples = np.frombuffer(audio, dtype=np.int16)
    if kind == "encoder":
        # The loud stretch only: the murmur the endpointer keeps around a command said
        # in babble would otherwise be half of what the encoder hears
        encoded = whisper.encode(foreground(samples, FOREGROUND_DB), ENCODER_FRAMES)
        # The mean over the utterance holds the room and the microphone more than the words.
        return unit_rows(encoded - encoded.mean(axis=0))
    return mfcc(samples)


class Matcher:
    """The taught examples of one learner, each (command, features)."""

    def __init__(self, examples: Sequence[tuple[str, np.ndarray]], kind: str) -> None:
        self.kind = kind
        self.cosine = kind == "encoder"
        self.within, self.accept, self.margin = SETTINGS[kind]
        self.examples = list(examples)

    def nearest(self, features: np.ndarray) -> list[tuple[float, str]]:
        """Each command's nearest example distance, nearest first."""
        best: dict[str, float] = {}
        for command, example in self.examples:
            d = distance(example, features, self.cosine, self.within)
            best[command] = min(d, best.get(command, np.inf))
        return sorted((d, c) for c, d in best.items())

    def match(self, features: np.ndarray) -> str | None:
        ranked = self.nearest(features)
        if not ranked or ranked[0][0] > self.accept:
            return None
        if len(ranked) > 1 and ranked[0][0] > self.margin * ranked[1][0]:
            return None
        return ranked[0][1]


def far_examples(examples: Sequence[np.ndarray], kind: str) -> list[int]:
    """Which of one command's examples are heard as no other of them would be: the
    matcher's nearest distance to the rest is beyond ACCEPT (a cough, other words).

    Measured on the tests' eSpeak examples (two of "पासा फाल" with a third): the encoder
    puts real examples 0.03-0.06 from each other and other words or a noise burst
    0.34-0.42 away (ACCEPT 0.24); MFCC 0.17-0.24, other words 0.49-0.53 (under its 0.62:
    only a burst, 0.82, is refused there)."""
    far = []
    for index, features in enumerate(examples):
        others = Matcher([("", f) for i, f in enumerate(examples) if i != index], kind)
        if others.nearest(features)[0][0] > others.accept:
            far.append(index)
    return far
