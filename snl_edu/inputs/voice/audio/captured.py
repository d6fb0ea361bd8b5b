"""Audio heard from the start of the game, kept until the recogniser is ready for it.

The speech model loads in the background while the game starts (Whisper takes one to
two seconds of CPU), and a child may say "roll" at once. The source is read from the
start by a thread of its own; each block is kept with whether the game was speaking
when it was heard, so the listener that comes later mutes what the game said then, not
what it says when the block is finally processed.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable

from snl_edu.inputs.voice.audio.endpoint import SAMPLE_RATE
from snl_edu.inputs.voice.audio.sources import AudioSource

# At most this much unheard audio is kept (1 MB): a model that takes longer to load
# hears the last half minute, not the first.
KEPT_SECONDS = 30.0


class CapturedAudio:
    """An AudioSource read ahead by its own thread (see the module's docstring)."""

    def __init__(self, source: AudioSource, is_speaking: Callable[[], bool],
                 kept_seconds: float = KEPT_SECONDS) -> None:
        self.source = source
        self._is_speaking = is_speaking
        self._kept_samples = int(kept_seconds * SAMPLE_RATE)
        self._blocks: deque[tuple[bytes, bool]] = deque()
        self._samples = 0  # kept, unread
        self._changed = threading.Condition()
        self._ended = False
        self._spoken = False  # the game was speaking when the block last read was heard
        self._thread = threading.Thread(target=self._capture, name="snl-capture",
                                        daemon=True)
        self._thread.start()

    def _capture(self) -> None:
        try:
            while (block := self.source.read()) is not None:
                spoken = bool(self._is_speaking())
                with self._changed:
                    self._blocks.append((block, spoken))
                    self._samples += len(block) // 2
                    while self._samples > self._kept_samples and len(self._blocks) > 1:
                        self._samples -= len(self._blocks.popleft()[0]) // 2
                    self._changed.notify_all()
        finally:
            with self._changed:
                self._ended = True
                self._changed.notify_all()

    @property
    def ended(self) -> bool:
        """The source has ended (everything it gave is kept or was read)."""
        with self._changed:
            return self._ended

    def read(self) -> bytes | None:
        with self._changed:
            self._changed.wait_for(lambda: self._blocks or self._ended)
            if not self._blocks:
                return None
            block, self._spoken = self._blocks.popleft()
            self._samples -= len(block) // 2
            return block

    def spoken(self) -> bool:
        """Whether the game was speaking when the block last read was heard (the
        listener's is_speaking)."""
        return self._spoken

    def close(self) -> None:
        self.source.close()
        with self._changed:
            self._ended = True
            self._blocks.clear()
            self._changed.notify_all()
