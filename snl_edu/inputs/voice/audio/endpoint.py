"""End-of-speech detection from signal energy, in 10 ms frames.

vosk's own endpoint waits for the trailing silence in the model's conf (about
0.5-1 s in small models, and vosk 0.3.45 cannot change it). Deciding here after
about 0.25 s of quiet, then asking for the final result, answers a child within
about a third of a second.
"""

from __future__ import annotations

import math
from array import array
from dataclasses import dataclass
from enum import StrEnum

SAMPLE_RATE = 16000
FRAME = 160  # 10 ms at 16 kHz


class SpeechEdge(StrEnum):
    """Where an utterance begins or ends, as the endpointer finds it."""

    START = "start"
    END = "end"


@dataclass(frozen=True)
class EndpointSettings:
    trailing_silence: float = 0.25  # seconds of quiet that end an utterance
    min_speech: float = 0.06  # voiced time needed before an utterance counts (clicks are shorter)
    max_utterance: float = 6.0  # force an end: a long rumble must not hold the recogniser
    floor_level: float = 120.0  # RMS (int16) below which nothing is speech, however quiet the room
    ratio: float = 4.0  # speech is this many times the noise floor's RMS (about 12 dB)


class FramedEndpointer:
    """Feed 16 kHz mono int16 blocks; get START when speech begins, END when it stops.

    The utterance logic shared by every endpointer: blocks cut into frames, a few voiced
    frames to begin, trailing quiet or a length limit to end. A subclass scores each
    frame and says which scores are speech and which are quiet; a score that is neither
    (hysteresis) keeps the state as it is.
    """

    def __init__(self, frame: int, trailing_silence: float, min_speech: float,
                 max_utterance: float) -> None:
        self.frame = frame
        self._end_frames = max(1, round(trailing_silence * SAMPLE_RATE / frame))
        self._min_frames = max(1, round(min_speech * SAMPLE_RATE / frame))
        self._max_frames = round(max_utterance * SAMPLE_RATE / frame)
        self.samples = 0  # samples seen so far
        self.reset()

    def reset(self) -> None:
        self.in_speech = False
        self._voiced = 0  # voiced frames in the candidate or current utterance
        self._quiet = 0  # consecutive quiet frames
        self._frames = 0  # frames since the utterance began
        self.last_voiced_sample = 0  # sample index just after the last voiced frame
        self._carry = array("h")

    def skip(self, block: bytes) -> None:
        """Count a block without listening to it (the game is speaking): forget any utterance."""
        self.samples += len(self._carry) + len(block) // 2  # the stream's index stays true
        self.reset()

    def feed(self, block: bytes) -> list[tuple[SpeechEdge, int]]:
        """Events in this block, each with the sample index where it happened."""
        samples = self._carry
        samples.frombytes(block)
        events: list[tuple[SpeechEdge, int]] = []
        usable = len(samples) - len(samples) % self.frame
        for start in range(0, usable, self.frame):
            score = self._score(samples[start:start + self.frame])
            self.samples += self.frame
            event = self._step(score)
            if event is not None:
                events.append(event)
        self._carry = samples[usable:]
        return events

    def _score(self, frame: array[int]) -> float:
        raise NotImplementedError

    def _is_speech(self, score: float) -> bool:
        raise NotImplementedError

    def _is_quiet(self, score: float) -> bool:
        raise NotImplementedError

    def _heard_quiet(self, score: float) -> None:
        """A quiet frame outside an utterance (a subclass may learn the room from it)."""

    def _step(self, score: float) -> tuple[SpeechEdge, int] | None:
        if not self.in_speech:
            if self._is_speech(score):
                self._voiced += 1
                self.last_voiced_sample = self.samples
                if self._voiced >= self._min_frames:
                    self.in_speech, self._quiet, self._frames = True, 0, self._voiced
                    return SpeechEdge.START, self.samples - self._voiced * self.frame
            elif self._is_quiet(score):
                self._heard_quiet(score)
                self._voiced = 0
            return None
        self._frames += 1
        if self._is_quiet(score):
            self._quiet += 1
        else:
            self._quiet = 0
            self.last_voiced_sample = self.samples
        if self._quiet >= self._end_frames or self._frames >= self._max_frames:
            self.in_speech, self._voiced = False, 0
            return SpeechEdge.END, self.last_voiced_sample
        return None


class Endpointer(FramedEndpointer):
    """The energy endpointer: speech is a frame several times louder than the room."""

    def __init__(self, settings: EndpointSettings | None = None) -> None:
        self.settings = s = settings or EndpointSettings()
        self.noise = s.floor_level / 2
        super().__init__(FRAME, s.trailing_silence, s.min_speech, s.max_utterance)

    def _score(self, frame: array[int]) -> float:
        return math.sqrt(sum(v * v for v in frame) / FRAME)

    def _is_speech(self, score: float) -> bool:
        return score > max(self.settings.floor_level, self.noise * self.settings.ratio)

    def _is_quiet(self, score: float) -> bool:
        return not self._is_speech(score)

    def _heard_quiet(self, score: float) -> None:
        # Quiet frames teach the noise floor (slowly, so speech cannot drag it up).
        self.noise = 0.95 * self.noise + 0.05 * score
