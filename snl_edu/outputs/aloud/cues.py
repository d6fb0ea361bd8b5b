"""The shipped earcons, read from the audio/ data folder (made by ``audio/earcons.py``),
and each square's own pitch (``snl_edu.vocabulary.square_pitch``), made here."""

from __future__ import annotations

import math
import re
from array import array
from dataclasses import replace
from functools import cache

from snl_edu.sound.pcm import SAMPLE_RATE, Pcm, read_wav
from snl_edu.sound.pitch import pitch_hz
from snl_edu.vocabulary import ACROSS, ACROSS_STEPS, SQUARE_PITCH

# A square's pitch rises with its number from square 1 to square 100 on the check-up's
# number-line scale (sound.pitch), so the board sounds like a number line.
TOP_SQUARE = 100
PITCH_SECONDS = 0.15
PITCH_VOLUME = 0.35
# "square-12", or "square-12@333": the square and its place across (snl_edu.vocabulary).
PITCH_NAME = re.compile(rf"{re.escape(SQUARE_PITCH)}(\d+)(?:{re.escape(ACROSS)}(\d+))?")


def square_hz(square: int) -> float:
    return pitch_hz((square - 1) / (TOP_SQUARE - 1))


def _pitch(square: int) -> Pcm:
    frames = int(PITCH_SECONDS * SAMPLE_RATE)
    ramp = int(0.01 * SAMPLE_RATE)  # 10 ms fades: no clicks
    step = 2 * math.pi * square_hz(square) / SAMPLE_RATE
    samples = array("h", (round(32767 * PITCH_VOLUME * math.sin(step * i)
                                * min(1.0, i / ramp, (frames - 1 - i) / ramp))
                          for i in range(frames)))
    return Pcm(samples.tobytes(), SAMPLE_RATE)


@cache
def load(name: str) -> Pcm:
    """A shipped earcon by its ``Message.earcon`` name, or a square's pitch (panned to its
    place across the board, where the name gives one)."""
    from snl_edu.resources import data_folder

    pitch = PITCH_NAME.fullmatch(name)
    if pitch is not None:
        sound = _pitch(int(pitch[1]))
        if pitch[2] is None:
            return sound
        across = min(int(pitch[2]), ACROSS_STEPS) / ACROSS_STEPS
        return replace(sound, pan=2 * across - 1)  # the left edge -1, the right +1

    with data_folder("audio").joinpath(f"{name}.wav").open("rb") as source:
        return read_wav(source)
