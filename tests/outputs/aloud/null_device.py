"""The game's real output device on miniaudio's null backend, watched by tests.

The null backend takes audio at real-time pace with no hardware, so playback
takes as long as through speakers; every Sound handed over is kept, with the
times its first and last frames went to the device.
"""

from __future__ import annotations

from snl_edu.sound.device import PERIOD_MS, PERIODS, DeviceSink, Sound
from snl_edu.sound.pcm import Pcm

DEVICE_LATENCY = PERIODS * PERIOD_MS / 1000  # what the device still holds when feeding stops


class WatchedSink(DeviceSink):
    """The null device, keeping every Sound it was given so a test can see its timing."""

    def __init__(self, channels: int = 1) -> None:
        super().__init__(backend="null", channels=channels)
        self.sounds: list[Sound] = []

    def start(self, pcm: Pcm) -> Sound:
        sound = super().start(pcm)
        self.sounds.append(sound)
        return sound

    def heard_until(self, sound: Sound) -> float:
        """When the last frame handed to the device has left its buffer."""
        assert sound.last_sample_at is not None
        return sound.last_sample_at + DEVICE_LATENCY
