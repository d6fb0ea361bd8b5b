"""The microphone through miniaudio: blocks of 16-bit mono samples at a fixed rate.

The device's thread hands over whatever it captured; here it is cut into blocks
of exactly ``block_seconds`` and queued, so a reader gets each block once its
last sample has been heard. Nothing in the device's thread ever waits: if the
reader falls far behind, the oldest audio is dropped rather than delayed.
"""

from __future__ import annotations

import contextlib
import queue
from collections.abc import Generator

from snl_edu.inputs.voice.audio.endpoint import SAMPLE_RATE
from snl_edu.inputs.voice.problems import VoiceError, VoiceProblem
from snl_edu.sound.system import Lack, NoSoundSystem, open_device, start_device

# The end of speech is only seen at a block edge: 0.05 s blocks bring the 90th
# percentile from the end of a word to its command under the 0.35 s goal
# (0.32 s, against 0.36 s with 0.1 s blocks; benchmarks/bench_voice.py).
BLOCK_SECONDS = 0.05
QUEUED_SECONDS = 5.0  # audio kept for a slow reader before the oldest is dropped


def _voice_error(error: NoSoundSystem) -> VoiceError:
    problem = (VoiceProblem.NO_AUDIO_LIBRARY if error.lack is Lack.MINIAUDIO
               else VoiceProblem.NO_MICROPHONE)
    return VoiceError(problem, error.detail)


class MicrophoneSource:
    """The default input device (or $SNL_AUDIO_DEVICE), read as int16 mono blocks.

    ``read()`` returns the next block of ``block_seconds`` at ``rate`` Hz (waiting
    for it), or None once closed. Raises ``VoiceError`` when there is no microphone.
    """

    def __init__(self, rate: int = SAMPLE_RATE, block_seconds: float = BLOCK_SECONDS,
                 backend: str | None = None, device: str | None = None) -> None:
        self.rate = rate
        self.block_bytes = 2 * max(1, round(block_seconds * rate))
        self._blocks: queue.Queue[bytes | None] = queue.Queue(
            maxsize=max(1, round(QUEUED_SECONDS / block_seconds)))
        self._closed = False
        try:
            self._device, self.name = open_device(
                "capture", rate, max(1, round(block_seconds * 1000)), backend=backend,
                device=device)
        except NoSoundSystem as error:
            raise _voice_error(error) from None
        collector = self._collect()
        next(collector)
        try:
            start_device(self._device, collector)
        except NoSoundSystem as error:
            raise _voice_error(error) from None

    def _collect(self) -> Generator[None, bytes, None]:
        pending = bytearray()
        while True:
            pending += yield
            while len(pending) >= self.block_bytes:
                block = bytes(pending[:self.block_bytes])
                del pending[:self.block_bytes]
                self._put(block)

    def _put(self, block: bytes | None) -> None:
        while True:
            try:
                self._blocks.put_nowait(block)
                return
            except queue.Full:
                with contextlib.suppress(queue.Empty):
                    self._blocks.get_nowait()

    def read(self) -> bytes | None:
        if self._closed and self._blocks.empty():
            return None
        return self._blocks.get()

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        with contextlib.suppress(Exception):
            self._device.close()
        self._put(None)  # wakes a reader waiting in read()


def microphone_name(backend: str | None = None, device: str | None = None) -> str:
    """Which microphone would be used (opened and closed to prove it works), or VoiceError."""
    source = MicrophoneSource(backend=backend, device=device)
    try:
        return source.name
    finally:
        source.close()
