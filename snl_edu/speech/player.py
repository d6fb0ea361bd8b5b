"""Plays PCM through a sink in small blocks, so a stop request is honoured at once.

The stop check runs before every block of ``BLOCK_SECONDS``; together with a
low-latency device buffer, playback ends well within 100 ms of a key press.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from snl_edu.speech import activity
from snl_edu.speech.pcm import Pcm, resample
from snl_edu.speech.sinks import Sink

BLOCK_SECONDS = 0.02

StopCheck = Callable[[], bool]


def never() -> bool:
    return False


class Player:
    """One sink shared by speech and earcons, so nothing the game plays overlaps."""

    def __init__(self, sink: Sink, speaking: threading.Event | None = None) -> None:
        self.sink = sink
        self.speaking = speaking if speaking is not None else activity.speaking
        self._lock = threading.Lock()

    def play(self, pcm: Pcm, stop: StopCheck = never) -> bool:
        """Play to the end (True) or until ``stop()`` says so (False)."""
        if not pcm.data:
            return True
        pcm = resample(pcm, self.sink.rate)
        frames = max(1, int(self.sink.rate * BLOCK_SECONDS))
        with self._lock:
            self.speaking.set()
            try:
                for block in pcm.blocks(frames):
                    if stop():
                        self.sink.abort()
                        return False
                    self.sink.write(block)
                self.sink.drain()
                return True
            finally:
                self.speaking.clear()

    def close(self) -> None:
        self.sink.close()
