"""A recording at another rate becomes the recogniser's 16 kHz without folding back."""

from __future__ import annotations

import math
import wave
from array import array
from pathlib import Path

from snl_edu.inputs.voice.audio.sources import read_wav
from snl_edu.sound.pcm import Pcm, resample


def tone(frequency: float, rate: int, seconds: float = 1.0) -> array[int]:
    return array("h", (round(8000 * math.sin(2 * math.pi * frequency * i / rate))
                       for i in range(int(rate * seconds))))


def rms(samples: array[int]) -> float:
    middle = samples[len(samples) // 10:-len(samples) // 10]  # the filter's edges aside
    return math.sqrt(sum(value * value for value in middle) / len(middle))


def test_a_48_khz_recording_keeps_speech_and_drops_what_16_khz_cannot_hold(
        tmp_path: Path) -> None:
    heard = {}
    for frequency in (1000, 12000):  # a voice's band; a hiss above 8 kHz
        path = tmp_path / f"{frequency}.wav"
        with wave.open(str(path), "wb") as wav:
            wav.setnchannels(1)
            wav.setsampwidth(2)
            wav.setframerate(48000)
            wav.writeframes(tone(frequency, 48000).tobytes())
        samples = read_wav(path)
        assert abs(len(samples) - 16000) <= 2  # one second at 16 kHz
        heard[frequency] = rms(samples)
    assert heard[1000] > 0.9 * rms(tone(1000, 48000))
    # Linear interpolation let the 12 kHz hiss through whole, as a 4 kHz tone.
    assert heard[12000] < 0.2 * heard[1000]


def test_a_voice_at_22_khz_plays_at_48_khz_at_the_same_loudness_and_length() -> None:
    played = resample(Pcm(tone(440, 22050).tobytes(), 22050), 48000)
    assert played.rate == 48000 and abs(played.frames - 48000) <= 2
    assert abs(rms(played.samples()) - rms(tone(440, 22050))) < 0.02 * rms(tone(440, 22050))
