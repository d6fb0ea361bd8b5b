"""Spoken test audio from eSpeak NG (espeakng-loader's library), at 16 kHz with noise.

A small ctypes helper of our own so the voice tests do not depend on the speech
output code; pure digital silence confuses the decoder, so low-level noise is added.
"""

from __future__ import annotations

import ctypes
import math
import random
import threading
import wave
from array import array
from functools import lru_cache
from pathlib import Path

from snl_edu.voice.sources import resample

RATE = 16000
_lock = threading.Lock()
_CALLBACK = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_short), ctypes.c_int,
                             ctypes.c_void_p)


class _Espeak:
    def __init__(self) -> None:
        import espeakng_loader

        self.lib = ctypes.CDLL(espeakng_loader.get_library_path())
        # AUDIO_OUTPUT_RETRIEVAL = 1: samples come to our callback, no sound card needed.
        self.rate = self.lib.espeak_Initialize(1, 0, espeakng_loader.get_data_path().encode(), 0)
        if self.rate <= 0:
            raise RuntimeError("eSpeak NG did not initialise")
        self.samples = array("h")
        self._callback = _CALLBACK(self._on_audio)  # kept alive: eSpeak holds the pointer
        self.lib.espeak_SetSynthCallback(self._callback)

    def _on_audio(self, wav: ctypes._Pointer[ctypes.c_short], count: int, events: int) -> int:
        if count > 0:
            self.samples.extend(wav[:count])
        return 0

    def say(self, text: str, voice: str, speed: int) -> array[int]:
        with _lock:
            self.lib.espeak_SetVoiceByName(voice.encode())
            self.lib.espeak_SetParameter(1, speed, 0)  # espeakRATE, words per minute
            self.samples = array("h")
            data = text.encode()
            # POS_CHARACTER = 1, espeakCHARS_UTF8 = 1
            self.lib.espeak_Synth(data, len(data) + 1, 0, 1, 0, 1, None, None)
            self.lib.espeak_Synchronize()
            return resample(self.samples, self.rate, RATE)


@lru_cache(maxsize=1)
def _engine() -> _Espeak:
    return _Espeak()


def noise(seconds: float, rng: random.Random, level: int = 40) -> array[int]:
    return array("h", (rng.randint(-level, level) for _ in range(int(seconds * RATE))))


def speech(text: str, voice: str = "ko", speed: int = 150) -> array[int]:
    """Clean synthesised speech, 16 kHz mono int16, no padding."""
    return array("h", _engine().say(text, voice, speed))


def with_noise(samples: array[int], rng: random.Random, level: int = 40) -> array[int]:
    return array("h", (max(-32768, min(32767, v + rng.randint(-level, level))) for v in samples))


def at_snr(samples: array[int], rng: random.Random, snr_db: float,
           speech_rms: float) -> array[int]:
    """Gaussian noise mixed in at snr_db below the speech's loudness (a noisy classroom)."""
    sigma = speech_rms / 10 ** (snr_db / 20)
    return array("h", (max(-32768, min(32767, round(v + rng.gauss(0, sigma)))) for v in samples))


def rms(samples: array[int]) -> float:
    return math.sqrt(sum(v * v for v in samples) / max(1, len(samples)))


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
    for gap, text in parts:
        out.extend(array("h", bytes(2 * int(gap * RATE))))
        words = speech(text, voice, speed)
        spans.append((len(out) / RATE, (len(out) + len(words)) / RATE))
        out.extend(words)
    out.extend(array("h", bytes(2 * int(tail * RATE))))
    if snr_db is None:
        return with_noise(out, rng), spans
    loud = rms(array("h", (v for v in out if v)))
    return at_snr(out, rng, snr_db, loud), spans


def write_wav(path: Path, samples: array[int], rate: int = RATE) -> Path:
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        wav.writeframes(samples.tobytes())
    return path
