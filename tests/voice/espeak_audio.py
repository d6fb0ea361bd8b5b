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

import json
import math
import random
import subprocess
import sys
import wave
from array import array
from pathlib import Path

import numpy as np

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
for text, voice, speed in json.load(sys.stdin):
    del samples[:]
    lib.espeak_SetVoiceByName(voice.encode())
    lib.espeak_SetParameter(1, speed, 0)  # espeakRATE, words per minute
    data = text.encode()
    # Breath and voicing noise: eSpeak NG's own generator (seeded from the clock) and libc's.
    lib.espeak_ng_SetRandSeed(ctypes.c_long(1))
    libc.srand(1)
    # POS_CHARACTER = 1, espeakCHARS_UTF8 = 1
    lib.espeak_Synth(data, len(data) + 1, 0, 1, 0, 1, None, None)
    lib.espeak_Synchronize()
    out.write(struct.pack("<i", len(samples)) + samples.tobytes())
"""


def speak_all(items: list[tuple[str, str, int]]) -> list[array[int]]:
    """(text, voice, words per minute) each, spoken in turn by one fresh eSpeak NG: 16 kHz."""
    done = subprocess.run([sys.executable, "-c", _CHILD], input=json.dumps(items).encode(),
                          capture_output=True, check=True, timeout=120)
    data = memoryview(done.stdout)
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


def resample(samples: array[int], rate: int, to: int) -> array[int]:
    """eSpeak NG's 22.05 kHz to 16 kHz by linear interpolation: the test audio's fixed
    recipe (the game's own resampler filters; this one is kept so that the recognition
    figures of every session are measured on the same audio)."""
    count = int(len(samples) * to / rate)
    last, step = len(samples) - 1, rate / to
    out = array("h", bytes(2 * count))
    for i in range(count):
        x = i * step
        j = int(x)
        a = samples[j]
        b = samples[j + 1] if j < last else a
        out[i] = int(a + (b - a) * (x - j))
    return out


def speech(text: str, voice: str = "ko", speed: int = 150) -> array[int]:
    """Clean synthesised speech, 16 kHz mono int16, no padding."""
    return speak_all([(text, voice, speed)])[0]


# The noise is drawn one sample at a time from the seeded generator, so the audio stays the
# same for the same seed; numpy only adds, rounds (half to even, as round() does) and clips.
def noise(seconds: float, rng: random.Random, level: int = 40) -> array[int]:
    draw = rng.randint
    return array("h", [draw(-level, level) for _ in range(int(seconds * RATE))])


def _clipped(values: np.ndarray) -> array[int]:
    return array("h", np.clip(values, -32768, 32767).astype(np.int16).tobytes())


def with_noise(samples: array[int], rng: random.Random, level: int = 40) -> array[int]:
    draw = rng.randint
    hiss = np.array([draw(-level, level) for _ in range(len(samples))], dtype=np.int64)
    return _clipped(np.frombuffer(samples, dtype=np.int16) + hiss)


def at_snr(samples: array[int], rng: random.Random, snr_db: float,
           speech_rms: float) -> array[int]:
    """Gaussian noise mixed in at snr_db below the speech's loudness (a noisy classroom)."""
    sigma = speech_rms / 10 ** (snr_db / 20)
    gauss = rng.gauss
    hiss = np.array([gauss(0, sigma) for _ in range(len(samples))], dtype=np.float64)
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
