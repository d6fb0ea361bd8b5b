"""The number-line marker as a sound: pitch rises and the sound moves from the left
ear to the right as the marker moves from 0 to 100.

Pitch is exponential in the position (220 Hz at 0 to 880 Hz at 100, two octaves),
because we hear equal frequency ratios as equal steps; panning is equal-power, so
the tone is equally loud at every place.
"""

from __future__ import annotations

import math

import numpy as np

from snl_edu.checkup.items import LINE_END
from snl_edu.sound.pitch import pitch_hz

RATE = 22050
BEEP_SECONDS = 0.18


def frequency(position: float) -> float:
    return pitch_hz(position / LINE_END)


def pan(position: float) -> float:
    """-1 is fully left, +1 fully right."""
    return 2 * min(max(position / LINE_END, 0.0), 1.0) - 1


def stereo_tone(position: float, seconds: float = BEEP_SECONDS, rate: int = RATE,
                volume: float = 0.4) -> np.ndarray:
    """Interleaved-ready int16 samples, shape (frames, 2): left, right."""
    frames = int(seconds * rate)
    t = np.arange(frames) / rate
    wave = np.sin(2 * math.pi * frequency(position) * t)
    ramp = min(frames // 2, int(0.01 * rate))  # 10 ms fades: no clicks
    if ramp:
        envelope = np.ones(frames)
        envelope[:ramp] = np.linspace(0, 1, ramp)
        envelope[-ramp:] = np.linspace(1, 0, ramp)
        wave *= envelope
    angle = (pan(position) + 1) * math.pi / 4  # 0 (left) .. pi/2 (right)
    left, right = math.cos(angle), math.sin(angle)
    samples = np.stack([wave * left, wave * right], axis=1) * volume * 32767
    return samples.astype(np.int16)


def anchors(rate: int = RATE) -> np.ndarray:
    """0 then 100, with a short gap: the two ends of the line, heard first."""
    gap = np.zeros((int(0.12 * rate), 2), dtype=np.int16)
    return np.concatenate([stereo_tone(0, rate=rate), gap, stereo_tone(LINE_END, rate=rate)])
