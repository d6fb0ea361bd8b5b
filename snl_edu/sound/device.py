"""Where samples go to be heard: the sound card, through miniaudio.

The device pulls audio: every period (10 ms) its thread asks for the next
frames and gets the current sound's, or silence. Starting a sound is therefore
only a hand-over, and stopping one takes effect at the next period: what the
player hears after a stop is at most the device's few queued periods.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Protocol

from snl_edu.sound.pcm import SAMPLE_RATE, SAMPLE_WIDTH, Pcm
from snl_edu.sound.system import Lack, NoSoundSystem, open_device, start_device
from snl_edu.sound.unavailable import AudioUnavailable, Missing

PERIOD_MS = 10  # the device asks for audio this often; a stop is heard within a few periods
PERIODS = 3  # periods queued in the device: its latency, and room for a late Python thread


@dataclass(eq=False)
class Sound:
    """One sound handed to a sink, and how far it has got."""

    data: memoryview
    position: int = 0  # bytes handed to the device so far
    first_sample_at: float | None = None  # perf_counter when its first frames went to the device
    last_sample_at: float | None = None  # ... and its last frames
    stopped: bool = False
    done: threading.Event = field(default_factory=threading.Event)  # played out or stopped
    _tail: int = 0  # frames of silence the device has taken since the sound ended


class AudioSink(Protocol):
    """Where samples go to be heard: the sound card, or a test's stand-in."""

    rate: int

    def start(self, pcm: Pcm) -> Sound:
        """Begin playing ``pcm`` (at ``rate``) at the next device period, instead of anything
        playing now."""

    def silence(self) -> None:
        """Stop whatever is playing, at once."""

    def close(self) -> None: ...


class DeviceSink:
    """The default output device: one 16-bit stream, running until closed.

    Mono, unless ``channels=2``: then each sound's data holds interleaved left and right
    samples (the check-up's number-line tone, heard moving from ear to ear).
    """

    def __init__(self, rate: int = SAMPLE_RATE, backend: str | None = None,
                 device: str | None = None, channels: int = 1) -> None:
        self.rate = rate
        self.channels = channels
        self._frame_bytes = SAMPLE_WIDTH * channels
        try:
            self._device, self.name = open_device("playback", rate, PERIOD_MS, PERIODS, backend,
                                                  device, channels)
        except NoSoundSystem as error:
            raise _unavailable(error) from error
        self._sound: Sound | None = None
        self._zeros = b""
        feed = self._feed()
        next(feed)
        try:
            start_device(self._device, feed)
        except NoSoundSystem as error:
            raise _unavailable(error) from error

    def start(self, pcm: Pcm) -> Sound:
        if pcm.rate != self.rate:
            raise ValueError(f"a {pcm.rate} Hz sound on a {self.rate} Hz device")
        sound = Sound(memoryview(pcm.data))
        previous, self._sound = self._sound, sound
        if previous is not None:
            _end(previous, stopped=True)
        return sound

    def silence(self) -> None:
        sound, self._sound = self._sound, None
        if sound is not None:
            _end(sound, stopped=True)

    def close(self) -> None:
        self.silence()
        self._device.close()

    def _silence(self, frames: int) -> bytes:
        if len(self._zeros) < frames * self._frame_bytes:
            self._zeros = bytes(frames * self._frame_bytes)
        return self._zeros[:frames * self._frame_bytes]

    def _feed(self) -> Generator[bytes | memoryview, int, None]:
        """The device thread's source: the current sound's next frames, else silence."""
        frames = yield b""
        while True:
            sound = self._sound
            if sound is None:
                frames = yield self._silence(frames)
                continue
            wanted = frames * self._frame_bytes
            if sound.position < len(sound.data):
                now = time.perf_counter()
                if sound.first_sample_at is None:
                    sound.first_sample_at = now
                sound.last_sample_at = now
                chunk: bytes | memoryview = sound.data[sound.position:sound.position + wanted]
                sound.position += len(chunk)
                if len(chunk) < wanted:
                    chunk = bytes(chunk) + self._silence(
                        frames - len(chunk) // self._frame_bytes)
                frames = yield chunk
                continue
            # Handed over whole; it is heard once the device's queued periods have played.
            sound._tail += frames
            if sound._tail >= PERIODS * frames:
                if self._sound is sound:
                    self._sound = None
                _end(sound, stopped=False)
            frames = yield self._silence(frames)


def _unavailable(error: NoSoundSystem) -> AudioUnavailable:
    missing = {Lack.MINIAUDIO: Missing.MINIAUDIO, Lack.SYSTEM: Missing.DEVICE,
               Lack.CHOSEN: Missing.CHOSEN_DEVICE}[error.lack]
    return AudioUnavailable(missing, error.detail)


def _end(sound: Sound, stopped: bool) -> None:
    if not sound.done.is_set():
        sound.stopped = stopped
        sound.done.set()
