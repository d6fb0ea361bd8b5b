"""Mono 16-bit PCM audio held in memory, with the few operations the game needs.

The standard library (``array`` and ``wave``), and miniaudio's converter for a change of
rate, so sound can be made, measured and written to a file without numpy or a sound card.
"""

from __future__ import annotations

import io
import math
import sys
import wave
from array import array
from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO

from snl_edu.sound.resampling import resampled_int16

SAMPLE_RATE = 22050  # eSpeak NG's native rate; earcons use it too so one stream plays both
SAMPLE_WIDTH = 2  # bytes: 16-bit signed, little-endian in files


@dataclass(frozen=True)
class Pcm:
    """Native-endian signed 16-bit mono samples at ``rate`` Hz, and where a stereo output
    places them (``pan``: -1 left to +1 right; None: the same in both ears, as speech)."""

    data: bytes
    rate: int = SAMPLE_RATE
    pan: float | None = None

    @property
    def frames(self) -> int:
        return len(self.data) // SAMPLE_WIDTH

    @property
    def duration(self) -> float:
        return self.frames / self.rate

    def samples(self) -> array[int]:
        values = array("h")
        values.frombytes(self.data)
        return values

    def rms(self) -> float:
        """Root mean square, 0 for silence up to 32767 for a full-scale square wave."""
        values = self.samples()
        if not values:
            return 0.0
        return math.sqrt(sum(v * v for v in values) / len(values))

    def blocks(self, frames: int) -> list[bytes]:
        step = frames * SAMPLE_WIDTH
        return [self.data[i:i + step] for i in range(0, len(self.data), step)]

    def __add__(self, other: Pcm) -> Pcm:
        if other.rate != self.rate:
            raise ValueError("cannot join audio of different sample rates")
        return Pcm(self.data + other.data, self.rate)


def silence(seconds: float, rate: int = SAMPLE_RATE) -> Pcm:
    return Pcm(bytes(int(seconds * rate) * SAMPLE_WIDTH), rate)


def from_samples(values: array[int], rate: int = SAMPLE_RATE) -> Pcm:
    return Pcm(values.tobytes(), rate)


def _little_endian(data: bytes) -> bytes:
    """WAV is little-endian; swap on a big-endian machine so files are identical everywhere."""
    if sys.byteorder == "little":
        return data
    values = array("h")
    values.frombytes(data)
    values.byteswap()
    return values.tobytes()


def open_wav_writer(target: IO[bytes], rate: int = SAMPLE_RATE) -> wave.Wave_write:
    """A 16-bit mono writer on an open binary file (the caller closes the file).

    Taking a file object, never a path, keeps a failed open an ordinary OSError:
    ``wave.open(path)`` leaves a half-built writer whose ``__del__`` then fails.
    """
    writer = wave.open(target, "wb")  # noqa: SIM115 - returned to the caller, who closes it
    writer.setnchannels(1)
    writer.setsampwidth(SAMPLE_WIDTH)
    writer.setframerate(rate)
    return writer


def write_frames(writer: wave.Wave_write, pcm: Pcm) -> None:
    writer.writeframes(_little_endian(pcm.data))


def write_wav(target: str | Path | IO[bytes], pcm: Pcm) -> None:
    if isinstance(target, (str, Path)):
        with open(target, "wb") as file:
            write_wav(file, pcm)
        return
    writer = open_wav_writer(target, pcm.rate)
    try:
        write_frames(writer, pcm)
    finally:
        writer.close()


def wav_bytes(pcm: Pcm) -> bytes:
    buffer = io.BytesIO()
    write_wav(buffer, pcm)
    return buffer.getvalue()


def read_wav(source: str | Path | IO[bytes]) -> Pcm:
    """A 16-bit mono WAV file's samples; other formats raise ``ValueError``."""
    with wave.open(str(source) if isinstance(source, Path) else source, "rb") as reader:
        if reader.getnchannels() != 1 or reader.getsampwidth() != SAMPLE_WIDTH:
            raise ValueError("expected 16-bit mono WAV")
        data = reader.readframes(reader.getnframes())
        return Pcm(_little_endian(data), reader.getframerate())


def resample(pcm: Pcm, rate: int) -> Pcm:
    """For voices that do not speak at our rate."""
    if pcm.rate == rate or not pcm.data:
        return replace(pcm, rate=rate)
    return replace(pcm, data=resampled_int16(pcm.data, pcm.rate, rate), rate=rate)


def scaled(pcm: Pcm, factor: float) -> Pcm:
    """Louder or quieter by ``factor`` (clipped to 16 bits)."""
    if factor == 1.0:
        return pcm
    values = array("h", (max(-32768, min(32767, round(v * factor))) for v in pcm.samples()))
    return replace(pcm, data=values.tobytes())


def interleaved_stereo(pcm: Pcm) -> bytes:
    """Left and right samples, frame by frame, for a two-channel output: unpanned sound
    the same in both ears; panned sound equal-power (as the check-up's tone), scaled so
    that at the centre each ear hears it as loud as unpanned sound."""
    mono = pcm.samples()
    frames = array("h", bytes(2 * len(pcm.data)))
    if pcm.pan is None:
        frames[0::2] = frames[1::2] = mono
        return frames.tobytes()
    angle = (min(max(pcm.pan, -1.0), 1.0) + 1) * math.pi / 4  # 0 (left) .. pi/2 (right)
    for channel, gain in enumerate((math.cos(angle), math.sin(angle))):
        frames[channel::2] = array("h", (max(-32768, min(32767, round(v * gain * math.sqrt(2))))
                                         for v in mono))
    return frames.tobytes()
