"""Classroom-like test audio from eSpeak NG: child-like voices, babble, one clip an utterance.

A child's voice is higher in pitch and in formants (a shorter vocal tract) and
usually slower: eSpeak speaks slower at a raised pitch, and the audio is then
played faster by FORMANT_SHIFT, which raises every formant by that factor (and
shortens the words by as much, so the net speed is still below the adult's).
Babble is other eSpeak voices talking at once, mixed in at a given SNR below
the speech.
"""

from __future__ import annotations

import random
from array import array

import numpy as np
from espeak_audio import RATE, at_snr, rms, speak_all, with_noise

FORMANT_SHIFT = 1.15  # formants of a 7-9 year old are ~15-25 % above an adult woman's
CHILD_PITCH = 85  # eSpeak's pitch 0-100 (the voice's own: 50)
LEAD = 0.5  # seconds of room before the utterance in a clip
TAIL = 0.8  # and after it
BABBLE_TALKERS = ("en-us+m3", "en+f4", "en-gb-x-rp+m7", "en-us+f2")
BABBLE_TEXTS = ("can we go to the library after lunch", "my brother has a new bicycle",
                "the teacher said we have to finish our drawings", "look at the rain outside",
                "i want the blue pencil not the green one", "we had rice and lentils today",
                "is it time for the break yet", "she is reading a story about a tiger")


def shifted(samples: array[int], factor: float) -> array[int]:
    """Played ``factor`` times faster: pitch, formants and speed all raised by it."""
    values = np.frombuffer(samples, dtype=np.int16).astype(np.float64)
    count = int(len(values) / factor)
    x = np.arange(count) * factor
    return array("h", np.interp(x, np.arange(len(values)), values).astype(np.int16).tobytes())


def voices(texts: list[str], voice: str, speed: int, child: bool = False) -> list[array[int]]:
    """Each text said by the voice; child-like: raised pitch, slower, formants shifted."""
    if not child:
        return speak_all([(text, voice, speed) for text in texts])
    spoken = speak_all([(text, voice, speed, CHILD_PITCH) for text in texts])
    return [shifted(words, FORMANT_SHIFT) for words in spoken]


def babble(count: int, rng: random.Random) -> array[int]:
    """``count`` samples of several talkers at once, each saying chatter back to back."""
    mixed = np.zeros(count)
    for talker in BABBLE_TALKERS:
        order = list(BABBLE_TEXTS)
        rng.shuffle(order)
        track = np.concatenate([np.frombuffer(words, dtype=np.int16)
                                for words in speak_all([(t, talker, 160) for t in order])])
        start = rng.randrange(len(track))
        track = np.roll(track, -start)
        while len(track) < count:
            track = np.concatenate([track, track])
        mixed += track[:count]
    return array("h", np.clip(mixed, -32768, 32767).astype(np.int16).tobytes())


def clip(words: array[int], rng: random.Random, snr_db: float | None = None,
         noise: str = "white", background: array[int] | None = None
         ) -> tuple[array[int], float, float]:
    """One utterance in a clip of room: (audio, start, end of the words in seconds).
    noise "white" at snr_db (None: a faint hiss), or "babble" from ``background``."""
    lead, tail = int(LEAD * RATE), int(TAIL * RATE)
    audio = array("h", bytes(2 * lead)) + words + array("h", bytes(2 * tail))
    span = (lead / RATE, (lead + len(words)) / RATE)
    if snr_db is None:
        return with_noise(audio, rng), *span
    loud = rms(words)
    if noise == "white":
        return at_snr(audio, rng, snr_db, loud), *span
    if background is None:
        raise ValueError("babble needs a background")
    start = rng.randrange(max(1, len(background) - len(audio)))
    murmur = np.frombuffer(background, dtype=np.int16)[start:start + len(audio)].astype(float)
    murmur *= loud / 10 ** (snr_db / 20) / max(1.0, rms(array("h", murmur.astype(np.int16)
                                                              .tobytes())))
    mixed = np.frombuffer(audio, dtype=np.int16) + murmur
    return array("h", np.clip(mixed, -32768, 32767).astype(np.int16).tobytes()), *span
