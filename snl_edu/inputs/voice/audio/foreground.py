"""The foreground talker: the loud stretch of an utterance, the background's murmur cut away.

Whisper writes down every voice it hears, so a command said over classroom
babble came out framed by the background's words and was refused as chatter.
The child at the microphone is louder than the room (babble at 10 dB below the
speech): the utterance is cut to the frames within GATE_DB of its loudest, and
quieter frames inside it are attenuated, so what is left is mostly the child.
"""

from __future__ import annotations

import numpy as np

FRAME = 160  # 10 ms at 16 kHz
SMOOTH = 5  # frames of loudness averaged (50 ms: a syllable's dips stay in)
GATE_DB = 15.0  # frames this far below the loudest are background
MARGIN = 10  # frames kept whole either side of a loud frame (soft onsets and endings)
ATTENUATION = 0.1  # -20 dB for the quiet frames inside the stretch


def levels_db(samples: np.ndarray) -> np.ndarray:
    """Loudness of each 10 ms frame in dB, smoothed over SMOOTH frames."""
    count = len(samples) // FRAME
    frames = samples[:count * FRAME].astype(np.float64).reshape(count, FRAME)
    power = _centred_sum((frames ** 2).mean(axis=1), SMOOTH) / SMOOTH
    return 10.0 * np.log10(power + 1.0)


def _centred_sum(values: np.ndarray, width: int) -> np.ndarray:
    """Each value summed with its neighbours, ``width`` in all, as long as ``values``
    (np.convolve's mode "same" is as long as the longer input, so a short utterance
    would come back longer than itself)."""
    return np.convolve(values, np.ones(width))[width // 2:width // 2 + len(values)]


def foreground(samples: np.ndarray, gate_db: float = GATE_DB) -> np.ndarray:
    """int16 audio -> the loud stretch of it, as int16 (unchanged when too short to judge)."""
    if len(samples) < SMOOTH * FRAME:
        return samples
    levels = levels_db(samples)
    # Loud frames and MARGIN frames either side of each (a word's soft edges)
    loud = _centred_sum(levels >= levels.max() - gate_db, 2 * MARGIN + 1) > 0
    where = np.flatnonzero(loud)
    first, last = where[0], where[-1] + 1
    gain = np.where(loud[first:last], 1.0, ATTENUATION)
    kept = samples[first * FRAME:last * FRAME].astype(np.float64)
    return (kept * np.repeat(gain, FRAME)).astype(np.int16)  # type: ignore[no-any-return]
