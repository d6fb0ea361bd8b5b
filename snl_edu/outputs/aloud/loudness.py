"""Loudness as people hear it: ITU-R BS.1770-4 integrated loudness, in LUFS.

Plain RMS misjudges the game's sounds by up to 2 dB against speech (the dice
click's gaps, the low buzz of an overshoot), which is the whole margin the game
allows; so sounds are measured the way broadcasters do: K-weighted (the ear's
extra sensitivity to high tones, its deafness to rumble), in 400 ms blocks with
75 % overlap, gated at -70 LUFS and 10 LU below the ungated mean. A sound shorter
than one block is measured as one block of its own length. The filters follow
the RBJ biquad design pyloudnorm uses, so figures agree with it (to 0.01 dB on the
game's sounds) at any rate.
"""

from __future__ import annotations

import math

import numpy as np

from snl_edu.sound.pcm import Pcm

# The level everything the game plays is brought to: the built-in voice's own level
# at 100 % (English -20.1, Nepali -19.7 LUFS), so speech needs no change.
TARGET_LUFS = -20.0
BLOCK_SECONDS = 0.4
OVERLAP = 0.75
ABSOLUTE_GATE = -70.0  # LUFS
RELATIVE_GATE = -10.0  # LU below the level of the blocks above the absolute gate
SILENT = -math.inf


def _biquad(kind: str, gain_db: float, q: float, fc: float, rate: int) -> tuple[float, ...]:
    """(b0, b1, b2, a1, a2), normalised by a0 (RBJ cookbook, as pyloudnorm designs them)."""
    a = 10 ** (gain_db / 40)
    w0 = 2 * math.pi * fc / rate
    cos, alpha = math.cos(w0), math.sin(w0) / (2 * q)
    if kind == "high_shelf":
        root = 2 * math.sqrt(a) * alpha
        b = (a * ((a + 1) + (a - 1) * cos + root), -2 * a * ((a - 1) + (a + 1) * cos),
             a * ((a + 1) + (a - 1) * cos - root))
        den = ((a + 1) - (a - 1) * cos + root, 2 * ((a - 1) - (a + 1) * cos),
               (a + 1) - (a - 1) * cos - root)
    else:  # high_pass
        b = ((1 + cos) / 2, -(1 + cos), (1 + cos) / 2)
        den = (1 + alpha, -2 * cos, 1 - alpha)
    return (b[0] / den[0], b[1] / den[0], b[2] / den[0], den[1] / den[0], den[2] / den[0])


def k_weighted(pcm: Pcm) -> np.ndarray:
    """The samples (as fractions of full scale) through BS.1770's two K-weighting stages."""
    from scipy.signal import lfilter

    values = np.frombuffer(pcm.data, dtype=np.int16).astype(np.float64) / 32768
    for stage in (_biquad("high_shelf", 4.0, 1 / math.sqrt(2), 1500.0, pcm.rate),
                  _biquad("high_pass", 0.0, 0.5, 38.0, pcm.rate)):
        b0, b1, b2, a1, a2 = stage
        values = lfilter([b0, b1, b2], [1.0, a1, a2], values)
    return values


def _lufs(mean_square: float) -> float:
    return -0.691 + 10 * math.log10(mean_square) if mean_square > 0 else SILENT


def integrated_loudness(pcm: Pcm) -> float:
    """The sound's integrated loudness in LUFS (-inf for silence)."""
    weighted = k_weighted(pcm)
    total = len(weighted)
    if not total:
        return SILENT
    block = min(total, round(BLOCK_SECONDS * pcm.rate))
    step = max(1, round(block * (1 - OVERLAP)))
    squares = np.concatenate(([0.0], np.cumsum(weighted * weighted)))
    # As BS.1770 counts blocks (and pyloudnorm): the last may run past the end by a
    # fraction of a step, and is then measured over the full block length.
    starts = np.arange(round((total - block) / step) + 1) * step
    powers = [float(p) for p in (squares[np.minimum(starts + block, total)] - squares[starts])
              / block]
    loud = [p for p in powers if _lufs(p) >= ABSOLUTE_GATE]
    if not loud:
        return SILENT
    gate = _lufs(sum(loud) / len(loud)) + RELATIVE_GATE
    kept = [p for p in loud if _lufs(p) > gate]
    return _lufs(sum(kept) / len(kept))


def gain_to(pcm: Pcm, target: float = TARGET_LUFS) -> float:
    """The factor that brings the sound to ``target`` LUFS (1 for silence)."""
    level = integrated_loudness(pcm)
    return 1.0 if level == SILENT else 10 ** ((target - level) / 20)
