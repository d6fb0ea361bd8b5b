"""Where samples go to be heard: the sound card through sounddevice, or a stand-in.

A sink takes small blocks and blocks the caller while its buffer is full, which
is what paces playback to real time; ``abort`` drops whatever has not been heard.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from snl_edu.speech.errors import AudioUnavailable, Missing
from snl_edu.speech.pcm import SAMPLE_RATE, SAMPLE_WIDTH

DEVICE_ENV = "SNL_AUDIO_DEVICE"


class Sink(Protocol):
    rate: int

    def write(self, block: bytes) -> None:
        """Queue a block; returns once the device has room for more."""

    def drain(self) -> None:
        """Return when everything written has been played."""

    def abort(self) -> None:
        """Drop everything not yet played, at once."""

    def close(self) -> None: ...


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Silence C libraries (ALSA, JACK) that print probing chatter straight to fd 2.

    Only the notice we write ourselves should reach the player; a Python-level
    redirect cannot catch C writes, so fd 2 itself is pointed at the null device.
    """
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        sys.stderr.flush()
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def import_sounddevice(module: str = "sounddevice") -> Any:
    """sounddevice, or ``AudioUnavailable`` saying whether the package or PortAudio is missing."""
    try:
        with _quiet_stderr():
            return importlib.import_module(module)
    except ImportError as error:
        raise AudioUnavailable(Missing.SOUNDDEVICE, str(error)) from error
    except OSError as error:  # sounddevice raises OSError when libportaudio cannot be found
        raise AudioUnavailable(Missing.PORTAUDIO, str(error)) from error


class SoundDeviceSink:
    """The default output device, one low-latency 16-bit mono stream kept open."""

    def __init__(self, rate: int = SAMPLE_RATE, module: str = "sounddevice",
                 device: str | None = None) -> None:
        sd = import_sounddevice(module)
        self.rate = rate
        # SNL_AUDIO_DEVICE picks an output by name or number, as `python -m sounddevice` lists.
        chosen: str | int | None = device or os.environ.get(DEVICE_ENV) or None
        if isinstance(chosen, str) and chosen.isdigit():
            chosen = int(chosen)
        try:
            with _quiet_stderr():
                self._stream = sd.RawOutputStream(samplerate=rate, channels=1, dtype="int16",
                                                  latency="low", device=chosen)
        except Exception as error:  # PortAudioError, ValueError: no device or bad settings
            raise AudioUnavailable(Missing.DEVICE, str(error)) from error
        self._started = False

    def write(self, block: bytes) -> None:
        if not self._started:
            self._stream.start()
            self._started = True
        self._stream.write(block)

    def drain(self) -> None:
        if self._started:
            self._stream.stop()  # PortAudio plays out what is queued, then stops
            self._started = False

    def abort(self) -> None:
        if self._started:
            self._stream.abort()
            self._started = False

    def close(self) -> None:
        self.abort()
        self._stream.close()


@dataclass
class ClockSink:
    """Stands in for a sound card: consumes blocks at real-time speed and logs when.

    Used by tests and benchmarks on machines with no audio device. ``writes`` holds
    (time, bytes) per block; ``aborted_at`` the time of the last abort.
    """

    rate: int = SAMPLE_RATE
    writes: list[tuple[float, int]] = field(default_factory=list)
    aborted_at: float | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def write(self, block: bytes) -> None:
        with self._lock:
            self.writes.append((time.perf_counter(), len(block)))
        time.sleep(len(block) / SAMPLE_WIDTH / self.rate)

    def drain(self) -> None:
        pass

    def abort(self) -> None:
        self.aborted_at = time.perf_counter()

    def close(self) -> None:
        pass

    @property
    def frames_written(self) -> int:
        return sum(size for _, size in self.writes) // SAMPLE_WIDTH
