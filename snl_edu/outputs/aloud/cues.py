"""The shipped earcons, read from the audio/ data folder (made by ``audio/earcons.py``),
and each square's own pitch (``snl_edu.vocabulary.square_pitch``), made here."""

from __future__ import annotations

import math
from array import array
from functools import cache

from snl_edu.sound.pcm import SAMPLE_RATE, Pcm, read_wav
from snl_edu.sound.pitch import pitch_hz
from snl_edu.vocabulary import SQUARE_PITCH

# A square's pitch rises with its number from square 1 to square 100 on the check-up's
# number-line scale (sound.pitch), so the board sounds like a number line.
TOP_SQUARE = 100
PITCH_SECONDS = 0.15
PITCH_VOLUME = 0.35


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
    """A shipped earcon by its ``Message.earcon`` name, or a square's pitch."""
    from snl_edu.resources import data_folder

    if name.startswith(SQUARE_PITCH) and name[len(SQUARE_PITCH):].isdigit():
        return _pitch(int(name[len(SQUARE_PITCH):]))

    with data_folder("audio").joinpath(f"{name}.wav").open("rb") as source:
        return read_wav(source)
