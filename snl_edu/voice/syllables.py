"""How many syllables an utterance has, from the rise and fall of its loudness.

Each syllable has a vowel at its loud centre, with quieter consonants or a pause
between; counting the peaks of the smoothed loudness counts the syllables. A
small grammar forces a sentence onto a short command ("hello how are you" heard
as "look ahead"); a sentence has more syllables than the command it is forced
onto, and this catches it. Pure Python: a few milliseconds per second of audio.
"""

from __future__ import annotations

import math
from array import array

FRAME = 160  # 10 ms at 16 kHz
SMOOTH = 3  # frames either side averaged (a 70 ms window)
DIP = 0.3  # log10 energy a peak must rise above the valley before it, and fall after (6 dB)
FLOOR = 2.0  # peaks more than this below the loudest (20 dB) are noise, not syllables


class Loudness:
    """Feed 16 kHz mono int16 blocks; count the syllables heard so far."""

    def __init__(self) -> None:
        self.levels: list[float] = []  # log10 mean energy per frame
        self._carry = array("h")

    def feed(self, block: bytes) -> None:
        samples = self._carry
        samples.frombytes(block)
        usable = len(samples) - len(samples) % FRAME
        for start in range(0, usable, FRAME):
            frame = samples[start:start + FRAME]
            self.levels.append(math.log10(1 + sum(v * v for v in frame) / FRAME))
        self._carry = samples[usable:]

    def syllables(self) -> int:
        levels = self.levels
        smooth = [sum(levels[max(0, i - SMOOTH):i + SMOOTH + 1])
                  / len(levels[max(0, i - SMOOTH):i + SMOOTH + 1]) for i in range(len(levels))]
        if not smooth:
            return 0
        floor = max(smooth) - FLOOR
        count, valley, peak = 0, smooth[0], None
        for level in smooth:
            if peak is None:
                if level > valley + DIP and level > floor:
                    peak = level
                valley = min(valley, level)
            elif level > peak:
                peak = level
            elif level < peak - DIP:
                count, valley, peak = count + 1, level, None
        return count + (peak is not None)
