"""Spoken test audio from eSpeak NG (espeakng-loader's library), at 16 kHz with noise.

eSpeak NG runs in a child process of its own, one per call: in one process its
output depends on everything it said before (the same words come out a few
milliseconds longer or shorter), and the game's own speech engine, loaded into
the test process, would share its callback. Its breath noise (voices such as
en+f3) comes from a generator it seeds from the clock, so the child seeds it,
and libc's, before each text. A fresh synchronous eSpeak per call, seeded, makes
the audio a function of the call's arguments only, whatever ran before and
whenever it runs.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import random
import subprocess
import sys
import wave
from array import array
from pathlib import Path

import numpy as np

from tests.kept import users_own_folder

RATE = 16000

# The child: eSpeak NG in AUDIO_OUTPUT_SYNCHRONOUS mode (2) through ctypes. It reads
# [[text, voice, words per minute], ...] as JSON and writes its sample rate (int32),
# then for each a length (int32) and the int16 samples, all little-endian.
_CHILD = r"""
import ctypes, json, struct, sys
from array import array
import espeakng_loader
lib = ctypes.CDLL(espeakng_loader.get_library_path())
libc = ctypes.CDLL(None)
rate = lib.espeak_Initialize(2, 0, espeakng_loader.get_data_path().encode(), 0)
if rate <= 0:
    sys.exit("eSpeak NG did not initialise")
samples = array("h")
def on_audio(wav, count, events):
    if count > 0:
        samples.extend(wav[:count])
    return 0
callback = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_short), ctypes.c_int,
                            ctypes.c_void_p)(on_audio)
lib.espeak_SetSynthCallback(callback)
out = sys.stdout.buffer
out.write(struct.pack("<i", rate))
for text, voice, speed, *pitch in json.load(sys.stdin):
    del samples[:]
    lib.espeak_SetVoiceByName(voice.encode())
    lib.espeak_SetParameter(1, speed, 0)  # espeakRATE, words per minute
    if pitch:
        lib.espeak_SetParameter(3, pitch[0], 0)  # espeakPITCH, 0-100 (the voice's own: 50)
    data = text.encode()
    # Breath and voicing noise: eSpeak NG's own generator (seeded from the clock) and libc's.
    lib.espeak_ng_SetRandSeed(ctypes.c_long(1))
    libc.srand(1)
    # POS_CHARACTER = 1, espeakCHARS_UTF8 = 1
    lib.espeak_Synth(data, len(data) + 1, 0, 1, 0, 1, None, None)
    lib.espeak_Synchronize()
    out.write(struct.pack("<i", len(samples)) + samples.tobytes())
"""


def speak_all(items: list[tuple[str, str, int]] | list[tuple[str, str, int, int]],
              kept: bool = True) -> list[array[int]]:
    """(text, voice, words per minute[, pitch 0-100]) each, spoken in turn by one fresh
    eSpeak NG: 16 kHz. ``kept``: the audio of the same items may come from an earlier
    run (False: spoken now)."""
    data = memoryview(_spoken(json.dumps(items), kept))
    rate = int.from_bytes(data[:4], "little", signed=True)
    position, spoken = 4, []
    for _ in items:
        count = int.from_bytes(data[position:position + 4], "little", signed=True)
        samples = array("h")
        samples.frombytes(data[position + 4:position + 4 + 2 * count])
        if sys.byteorder != "little":
            samples.byteswap()
        position += 4 + 2 * count
        spoken.append(resample(samples, rate, RATE))
    return spoken


def _spoken(items: str, keep: bool) -> bytes:
    """What the child writes for these items. Its audio is a function of them alone (see
    above), so it is kept between runs (tests/kept.py), named by the items, the child's
    source, the eSpeak NG library and its data: each of the voice tests' 52 calls cost
    a process start and eSpeak's set-up."""
    import espeakng_loader

    library, voices = Path(espeakng_loader.get_library_path()), \
        Path(espeakng_loader.get_data_path()) / "phontab"
    made_of = [items, _CHILD, *(f"{path}:{path.stat().st_size}:{path.stat().st_mtime_ns}"
                                for path in (library, voices))]
    folder = users_own_folder("espeak") if keep else None
    kept = None if folder is None else \
        folder / (hashlib.sha256("\0".join(made_of).encode()).hexdigest() + ".pcm")
    with contextlib.suppress(OSError):
        if kept is not None:
            stored = kept.read_bytes()
            if hashlib.sha256(stored[:-32]).digest() == stored[-32:]:  # whole, as written
                return stored[:-32]
    spoken = subprocess.run([sys.executable, "-c", _CHILD], input=items.encode(),
                            capture_output=True, check=True, timeout=120).stdout
    if kept is not None:
        with contextlib.suppress(OSError):
            kept.parent.mkdir(mode=0o700, exist_ok=True)
            part = kept.with_suffix(f".{os.getpid()}.part")
            part.write_bytes(spoken + hashlib.sha256(spoken).digest())
            part.replace(kept)  # whole or not at all: another worker may read it
    return spoken


def resample(samples: array[int], rate: int, to: int) -> array[int]:
    """eSpeak NG's 22.05 kHz to 16 kHz by linear interpolation: the test audio's fixed
    recipe (the game's own resampler filters; this one is kept so that the recognition
    figures of every session are measured on the same audio)."""
    count = int(len(samples) * to / rate)
    if count == 0:
        return array("h")
    values = np.frombuffer(samples, dtype=np.int16).astype(np.float64)
    x = np.arange(count, dtype=np.float64) * (rate / to)
    j = x.astype(np.int64)  # x >= 0: truncation is int()
    a = values[j]
    b = values[np.minimum(j + 1, len(samples) - 1)]  # past the last sample: b = a
    return array("h", (a + (b - a) * (x - j)).astype(np.int16).tobytes())


def speech(text: str, voice: str = "ko", speed: int = 150, kept: bool = True) -> array[int]:
    """Clean synthesised speech, 16 kHz mono int16, no padding."""
    return speak_all([(text, voice, speed)], kept)[0]


# The noise is what the seeded generator's randint() and gauss() would give, one call per
# sample, and leaves the generator in the state those calls would: the audio, and so every
# recognition figure, stays the same across sessions. numpy emulates the calls (from
# CPython's random.py and _randommodule.c) because the calls themselves cost seconds.
def _words(rng: random.Random, count: int) -> np.ndarray:
    """The next count 32-bit words of the Mersenne Twister, in the order drawn."""
    if count == 0:
        return np.zeros(0, dtype=np.uint32)
    return np.frombuffer(rng.getrandbits(32 * count).to_bytes(4 * count, "little"), "<u4")


def _randints(rng: random.Random, low: int, high: int, count: int) -> np.ndarray:
    """[rng.randint(low, high) for _ in range(count)]: getrandbits(k) until below n."""
    n = high - low + 1
    shift = 32 - n.bit_length()  # getrandbits(k <= 32) keeps a word's top k bits
    kept, need = [], count
    while need:  # only the shortfall each round: the generator must not run ahead
        drawn = _words(rng, need) >> shift
        drawn = drawn[drawn < n]
        kept.append(drawn)
        need -= len(drawn)
    return np.concatenate(kept or [np.zeros(0, dtype=np.uint32)]).astype(np.int64) + low


def _randoms(rng: random.Random, count: int) -> np.ndarray:
    """[rng.random() for _ in range(count)]: 53 bits from two words each."""
    words = _words(rng, 2 * count)
    return ((words[0::2] >> 5) * 67108864.0 + (words[1::2] >> 6)) * (1.0 / 9007199254740992.0)


def _gauss(rng: random.Random, sigma: float, count: int) -> np.ndarray:
    """[rng.gauss(0, sigma) for _ in range(count)]: Box-Muller, two values a pair of
    random()s, the second kept in rng.gauss_next for the next call."""
    if count == 0:
        return np.zeros(0)
    first = [] if rng.gauss_next is None else [rng.gauss_next]
    rng.gauss_next = None
    pairs = (count - len(first) + 1) // 2
    drawn = _randoms(rng, 2 * pairs)
    x2pi = drawn[0::2] * (2.0 * math.pi)
    g2rad = np.sqrt(-2.0 * np.log(1.0 - drawn[1::2]))
    z = np.empty(2 * pairs)
    z[0::2] = np.cos(x2pi) * g2rad
    z[1::2] = np.sin(x2pi) * g2rad
    z = np.concatenate([first, z])
    # An odd count: the last pair's second value waits, as gauss() keeps it; computed again
    # with math, as gauss() does, since numpy's sin may differ from it in the last bit.
    if len(z) > count:
        last = pairs - 1
        rng.gauss_next = math.sin(x2pi[last]) * math.sqrt(-2.0 * math.log(1.0 - drawn[2 * last + 1]))
        z = z[:count]
    return 0 + z * sigma  # mu + z * sigma with mu = 0, as gauss() computes it


def noise(seconds: float, rng: random.Random, level: int = 40) -> array[int]:
    return array("h", _randints(rng, -level, level, int(seconds * RATE)).astype(np.int16).tobytes())


def _clipped(values: np.ndarray) -> array[int]:
    return array("h", np.clip(values, -32768, 32767).astype(np.int16).tobytes())


def with_noise(samples: array[int], rng: random.Random, level: int = 40) -> array[int]:
    hiss = _randints(rng, -level, level, len(samples))
    return _clipped(np.frombuffer(samples, dtype=np.int16) + hiss)


def at_snr(samples: array[int], rng: random.Random, snr_db: float,
           speech_rms: float) -> array[int]:
    """Gaussian noise mixed in at snr_db below the speech's loudness (a noisy classroom)."""
    sigma = speech_rms / 10 ** (snr_db / 20)
    hiss = _gauss(rng, sigma, len(samples))
    return _clipped(np.round(np.frombuffer(samples, dtype=np.int16) + hiss))


def rms(samples: array[int]) -> float:
    values = np.frombuffer(samples, dtype=np.int16).astype(np.int64)
    return math.sqrt(int(values @ values) / max(1, len(samples)))  # the exact integer sum


def scene(parts: list[tuple[float, str]], rng: random.Random, voice: str = "ko",
          speed: int = 150, tail: float = 0.8,
          snr_db: float | None = None) -> tuple[array[int], list[tuple[float, float]]]:
    """Silence-then-speech pieces over noise: (gap seconds, text) each.

    Returns the audio and each utterance's (start, end) in seconds. Without
    snr_db the noise is a faint hiss; with it, noise at that many dB below
    the speech.
    """
    out = array("h")
    spans = []
    spoken = speak_all([(text, voice, speed) for _, text in parts])
    for (gap, _), words in zip(parts, spoken, strict=True):
        out.extend(array("h", bytes(2 * int(gap * RATE))))
        spans.append((len(out) / RATE, (len(out) + len(words)) / RATE))
        out.extend(words)
    out.extend(array("h", bytes(2 * int(tail * RATE))))
    if snr_db is None:
        return with_noise(out, rng), spans
    spoken = np.frombuffer(out, dtype=np.int16)
    loud = rms(array("h", spoken[spoken != 0].tobytes()))
    return at_snr(out, rng, snr_db, loud), spans


def write_wav(path: Path, samples: array[int], rate: int = RATE) -> Path:
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        wav.writeframes(samples.tobytes())
    return path
