"""Plays PCM through a sink, one sound at a time, and stops at once when asked.

``play`` waits for its sound in steps of ``POLL`` seconds, checking the caller's
stop request (a key press) at each; ``stop_now`` may be called from any thread
and silences the device without waiting for that check. Either way, and on
Ctrl-C, the sound stops at the device's next period.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from snl_edu.outputs.aloud import activity
from snl_edu.sound.device import AudioSink
from snl_edu.sound.pcm import Pcm, interleaved_stereo, resample

POLL = 0.01  # seconds between checks of the stop request
GRACE = 1.0  # seconds past its length after which a sound the device never finished is over

StopCheck = Callable[[], bool]


def never() -> bool:
    return False


class Player:
    """One sink shared by speech and earcons, so nothing the game plays overlaps; on a
    stereo sink (``channels`` 2) each sound is placed by its ``pan``."""

    def __init__(self, sink: AudioSink, speaking: threading.Event | None = None) -> None:
        self.sink = sink
        self.speaking = speaking if speaking is not None else activity.speaking
        self._lock = threading.Lock()
        self._halt = threading.Event()

    def play(self, pcm: Pcm, stop: StopCheck = never) -> bool:
        """Play to the end (True) or until ``stop()`` or ``stop_now()`` says so (False)."""
        if not pcm.data:
            return True
        pcm = resample(pcm, self.sink.rate)
        # A device that stops calling back (unplugged) must not hang the game.
        waits = int((pcm.duration + GRACE) / POLL)
        if getattr(self.sink, "channels", 1) == 2:  # each sound where its pan puts it
            pcm = Pcm(interleaved_stereo(pcm), pcm.rate)
        with self._lock:
            self._halt.clear()
            self.speaking.set()
            try:
                sound = self.sink.start(pcm)
                for _ in range(waits):
                    if sound.done.wait(POLL):
                        return not sound.stopped
                    if self._halt.is_set() or stop():
                        self.sink.silence()
                        return False
                self.sink.silence()
                return True
            except BaseException:  # Ctrl-C above all: silence first, then let it through
                self.sink.silence()
                raise
            finally:
                self.speaking.clear()

    def stop_now(self) -> None:
        """Silence the sound playing now (from any thread); ``play`` then returns False."""
        self._halt.set()
        self.sink.silence()

    def close(self) -> None:
        self.sink.close()
