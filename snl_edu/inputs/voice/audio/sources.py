"""Where audio comes from: a WAV file (``microphone`` has the microphone), as 16 kHz mono
int16 blocks."""

from __future__ import annotations

import time
import wave
from array import array
from pathlib import Path
from typing import Protocol

from snl_edu.inputs.voice.audio.endpoint import SAMPLE_RATE
from snl_edu.inputs.voice.audio.microphone import BLOCK_SECONDS
from snl_edu.inputs.voice.problems import VoiceError, VoiceProblem
from snl_edu.sound.resampling import resampled_int16


class AudioSource(Protocol):
    def read(self) -> bytes | None:
        """The next block (waits for it), or None when the audio has ended."""

    def close(self) -> None: ...


def _to_int16(data: bytes, width: int) -> array[int]:
    if width == 2:
        samples = array("h")
        samples.frombytes(data)
        return samples
    if width == 1:  # unsigned 8-bit
        return array("h", ((b - 128) << 8 for b in data))
    if width == 3:
        return array("h", (int.from_bytes(data[i:i + 3], "little", signed=True) >> 8
                           for i in range(0, len(data) - 2, 3)))
    if width == 4:
        wide = array("i")
        wide.frombytes(data)
        return array("h", (v >> 16 for v in wide))
    raise ValueError(f"{width * 8}-bit samples are not supported")


def _mono(samples: array[int], channels: int) -> array[int]:
    if channels == 1:
        return samples
    return array("h", (sum(samples[i:i + channels]) // channels
                       for i in range(0, len(samples) - channels + 1, channels)))


def resample(samples: array[int], rate: int, to: int = SAMPLE_RATE) -> array[int]:
    if rate == to or not samples:
        return array("h", samples)
    out = array("h")
    out.frombytes(resampled_int16(samples.tobytes(), rate, to))
    return out


def read_wav(path: str | Path) -> array[int]:
    """A WAV file's audio as 16 kHz mono int16 samples (any rate, width, channels)."""
    try:
        with wave.open(str(path), "rb") as wav:
            width, channels, rate = wav.getsampwidth(), wav.getnchannels(), wav.getframerate()
            data = wav.readframes(wav.getnframes())
        samples = _to_int16(data, width)
    except (OSError, EOFError, wave.Error, ValueError) as error:
        # An OSError's own text names the path again ("[Errno 2] No such file or
        # directory: 'x.wav'"): its reason alone follows the path
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise VoiceError(VoiceProblem.AUDIO_FILE, f"{path}: {reason}") from None
    if array("h", [1]).tobytes() != b"\x01\x00":  # WAV is little-endian
        samples.byteswap()
    return resample(_mono(samples, channels), rate)


class WavFileSource:
    """A WAV file played as if it were a microphone, for scripted play, demos and tests.

    ``realtime`` paces blocks at the speed of speech so the game can speak in
    between; without it, blocks come as fast as they are read. A little silence
    is added at the end so the last word can end.
    """

    def __init__(self, path: str | Path, block_seconds: float = BLOCK_SECONDS,
                 realtime: bool = False, lead_out: float = 0.6) -> None:
        self.samples = read_wav(path)
        self.samples.extend(array("h", bytes(2 * int(lead_out * SAMPLE_RATE))))
        self.block = max(1, int(block_seconds * SAMPLE_RATE))
        self.realtime = realtime
        self.position = 0  # samples handed out so far
        self.started: float | None = None  # monotonic time of the first block

    @property
    def seconds(self) -> float:
        return self.position / SAMPLE_RATE

    def read(self) -> bytes | None:
        if self.position >= len(self.samples):
            return None
        if self.started is None:
            self.started = time.monotonic()
        end = min(self.position + self.block, len(self.samples))
        if self.realtime:
            # A microphone delivers a block once its last sample has been spoken.
            delay = self.started + end / SAMPLE_RATE - time.monotonic()
            if delay > 0:
                time.sleep(delay)
        block = self.samples[self.position:end].tobytes()
        self.position = end
        return block

    def close(self) -> None:
        self.position = len(self.samples)
