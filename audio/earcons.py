"""Makes the earcons, the game's short sound cues: ``python audio/earcons.py [FOLDER]``
writes them as WAV files to FOLDER, by default this folder, where they are committed.

A developer's tool, not part of the game: the game only reads the WAV files
(``snl_edu.outputs.aloud.cues``), so nothing at run time imports this (it needs snl_edu
importable, as in an editable install). Every cue is made from sine tones, sweeps and
seeded noise, so the files regenerate byte-for-byte and nothing is copied from elsewhere.
Names match ``Message.earcon`` values used by the narrator.
Each cue has its own shape so a player can tell them apart by ear alone:
rising for a ladder, falling for a snake, a rattle for the dice, and so on.
"""

from __future__ import annotations

import math
import sys
from array import array
from collections.abc import Callable
from pathlib import Path

from snl_edu.outputs.aloud.loudness import TARGET_LUFS, gain_to
from snl_edu.sound.pcm import SAMPLE_RATE, Pcm, from_samples, wav_bytes
from snl_edu.vocabulary import DIE_FACES, taps

PEAK = 0.45  # of full scale, before the loudness is matched to speech
MAX_PEAK = 0.9  # of full scale after it: a cue that would need more is redesigned, not clipped


def _envelope(i: int, n: int, attack: int, release: int) -> float:
    """Linear fade in and out so no cue starts or ends with a click."""
    if i < attack:
        return i / attack
    if i > n - release:
        return max(0.0, (n - i) / release)
    return 1.0


def _tone(freq: Callable[[float], float], seconds: float, level: float = 1.0,
          harmonics: tuple[float, ...] = (1.0,), decay: float = 0.0) -> list[float]:
    """A tone whose frequency may glide (``freq`` of time), with optional harmonics and decay."""
    n = int(seconds * SAMPLE_RATE)
    attack, release = max(1, n // 40), max(1, n // 6)
    out: list[float] = []
    phase = 0.0
    for i in range(n):
        t = i / SAMPLE_RATE
        phase += 2 * math.pi * freq(t) / SAMPLE_RATE
        value = sum(weight * math.sin(k * phase) for k, weight in enumerate(harmonics, start=1))
        value /= sum(harmonics)
        value *= _envelope(i, n, attack, release) * math.exp(-decay * t)
        out.append(level * value)
    return out


def _note(hz: float, seconds: float, level: float = 1.0, decay: float = 4.0) -> list[float]:
    return _tone(lambda _t: hz, seconds, level, (1.0, 0.4, 0.15), decay)


def _rest(seconds: float) -> list[float]:
    return [0.0] * int(seconds * SAMPLE_RATE)


def _noise_burst(seconds: float, seed: int, level: float = 1.0) -> list[float]:
    """A short click of seeded noise, like a die hitting the table."""
    n = int(seconds * SAMPLE_RATE)
    state = seed
    out = []
    previous = 0.0
    for i in range(n):
        # A fixed linear congruential generator: the same bytes on every machine.
        state = (1103515245 * state + 12345) & 0x7FFFFFFF
        white = state / 0x3FFFFFFF - 1.0
        previous = 0.6 * previous + 0.4 * white  # soften the hiss a little
        out.append(level * previous * math.exp(-i / (n / 5)))
    return out


def _turn() -> list[float]:
    return _note(660, 0.14, 0.8) + _note(880, 0.2, 0.8)


def _dice() -> list[float]:
    out: list[float] = []
    for k, gap in enumerate((0.05, 0.04, 0.06, 0.035, 0.07)):
        out += _noise_burst(0.03, seed=17 + k) + _rest(gap)
    return out


def _step() -> list[float]:
    return _note(1200, 0.07, 0.7, decay=30.0)


def _ladder() -> list[float]:
    return _tone(lambda t: 400 * 3 ** (t / 0.6), 0.6, 0.9, (1.0, 0.3))


def _snake() -> list[float]:
    # Falling, with a wobble like a slither.
    return _tone(lambda t: 1000 * 0.25 ** (t / 0.7) * (1 + 0.06 * math.sin(2 * math.pi * 9 * t)),
                 0.7, 0.9, (1.0, 0.5))


def _six() -> list[float]:
    out: list[float] = []
    for hz in (784, 988, 1175, 1568):
        out += _note(hz, 0.09, 0.8, decay=6.0)
    return out


def _overshoot() -> list[float]:
    # A low, buzzy "no-no": two short blocked bumps.
    buzz = (1.0, 0.0, 0.33, 0.0, 0.2)
    return (_tone(lambda _t: 180, 0.13, 1.0, buzz) + _rest(0.05)
            + _tone(lambda _t: 150, 0.18, 1.0, buzz))


def _bounce() -> list[float]:
    # Up to the end and back: a "boing" that rises then falls.
    return _tone(lambda t: 300 + 500 * math.sin(math.pi * t / 0.4), 0.4, 0.9, (1.0, 0.2))


# Taps a child can count: slow and even, about three a second, as one counts aloud.
TAP_GAP = 0.26


def _taps(count: int) -> Callable[[], list[float]]:
    def recipe() -> list[float]:
        out: list[float] = []
        for tap in range(count):
            out += (_rest(TAP_GAP) if tap else []) + _note(520, 0.07, 1.0, decay=25.0)
        return out
    return recipe


def _win() -> list[float]:
    out: list[float] = []
    for hz, seconds in ((523, 0.13), (659, 0.13), (784, 0.13), (1047, 0.25), (784, 0.12),
                        (1047, 0.45)):
        out += _note(hz, seconds, 0.9, decay=2.0)
    return out


RECIPES: dict[str, Callable[[], list[float]]] = {
    "turn": _turn, "dice": _dice, "step": _step, "ladder": _ladder, "snake": _snake,
    "six": _six, "overshoot": _overshoot, "bounce": _bounce, "win": _win,
    **{taps(pips): _taps(pips) for pips in range(1, DIE_FACES + 1)},
}
EARCONS = tuple(RECIPES)


def synthesise(name: str) -> Pcm:
    """The earcon's samples, computed from its recipe and brought to the loudness of speech
    (``TARGET_LUFS``), so no cue startles a child or is lost under the voice."""
    values = RECIPES[name]()
    scale = PEAK * 32767 / max(1e-9, max(abs(v) for v in values))
    scale *= gain_to(from_samples(array("h", (round(v * scale) for v in values))), TARGET_LUFS)
    if max(abs(v) for v in values) * scale > MAX_PEAK * 32767:
        raise ValueError(f"the {name} earcon cannot reach {TARGET_LUFS} LUFS without clipping")
    return from_samples(array("h", (round(v * scale) for v in values)))


def write_all(folder: Path) -> list[Path]:
    """Write every earcon as ``folder/NAME.wav``; returns the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in EARCONS:
        path = folder / f"{name}.wav"
        path.write_bytes(wav_bytes(synthesise(name)))
        paths.append(path)
    return paths


def main(argv: list[str]) -> None:
    target = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parent
    for path in write_all(target):
        print(path)


if __name__ == "__main__":
    main(sys.argv)
