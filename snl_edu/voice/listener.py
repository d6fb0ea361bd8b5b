"""The listener: audio blocks -> endpointer + recogniser -> Commands.

Only final results are acted on (partials flip); the final result is taken as
soon as the endpointer (Silero's voice-activity model, or the energy
threshold without it) hears about 0.2 s of quiet. Audio that arrives while
the game is speaking, and shortly after, is dropped so the game cannot hear
itself. Between utterances the recogniser only gets a short pre-roll, which
keeps idle CPU low.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from snl_edu.commands import Command
from snl_edu.voice.endpoint import SAMPLE_RATE, Endpointer, Event
from snl_edu.voice.grammar import build_grammar
from snl_edu.voice.phrases import PhraseBook
from snl_edu.voice.recognition import Backend, Transcript
from snl_edu.voice.sources import AudioSource
from snl_edu.voice.understand import understand
from snl_edu.voice.vad import SileroEndpointer, load_vad

PRE_ROLL = 0.3  # seconds kept before speech starts: soft onsets are quieter than the threshold
HOLDOVER = 0.3  # seconds still ignored after the game stops speaking (echo, output buffers)


def never() -> bool:
    return False


@dataclass(frozen=True)
class Heard:
    """One utterance and what became of it."""

    transcript: str  # what was heard ("" when the recogniser was unsure)
    raw: str  # the recogniser's text before the confidence check
    command: Command | None  # None: rejected
    speech_end: float  # seconds into the audio where speech ended
    decided: float  # time.monotonic() when the result was ready


def default_endpointer() -> Endpointer | SileroEndpointer:
    """Silero when its wheel is installed, else the energy threshold."""
    vad = load_vad()
    return Endpointer() if vad is None else SileroEndpointer(vad)


class VoiceListener:
    def __init__(self, model: Backend, book: PhraseBook, source: AudioSource,
                 on_command: Callable[[Command], None] | None = None,
                 is_speaking: Callable[[], bool] = never,
                 on_heard: Callable[[Heard], None] | None = None,
                 endpointer: Endpointer | SileroEndpointer | None = None,
                 numbers: bool = False) -> None:
        self.model = model
        self.book = book
        self.source = source
        self.on_command = on_command
        self.is_speaking = is_speaking
        self.on_heard = on_heard
        self.endpointer = endpointer or default_endpointer()
        self.numbers = numbers
        self.grammar = build_grammar(book, model.has_word, numbers)
        self.recognizer = model.recogniser(self.grammar)
        self._ring: deque[bytes] = deque()
        self._ring_samples = 0
        self._active = False  # an utterance is being fed to the recogniser
        self._quiet_from = 0  # sample index before which audio is ignored (holdover)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.ended = threading.Event()  # the audio source has ended
        self.error: BaseException | None = None

    # -- control from other threads ------------------------------------------------

    def start(self) -> threading.Thread:
        self._thread = threading.Thread(target=self._run_safely, name="snl-voice", daemon=True)
        self._thread.start()
        return self._thread

    def stop(self, timeout: float = 2.0) -> None:
        self._stop.set()
        self.source.close()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    # -- the loop ----------------------------------------------------------------

    def _run_safely(self) -> None:
        try:
            self.run()
        except BaseException as error:  # noqa: BLE001 (reported by the input that owns us)
            self.error = error
            self.ended.set()

    def run(self) -> None:
        """Listen until the source ends or stop() is called."""
        while not self._stop.is_set():
            block = self.source.read()
            if block is None:
                break
            self.process(block)
        if self._active and not self._stop.is_set():
            self._finish(self.endpointer.last_voiced_sample)
        self.ended.set()

    def process(self, block: bytes) -> Heard | None:
        """One block of 16 kHz mono int16 audio; the utterance it completed, if any."""
        if self._muted(block):
            return None
        events = self.endpointer.feed(block)
        heard = None
        fed = False
        for event, sample in events:
            if event is Event.START and not self._active:
                self._active = True
                for earlier in self._ring:
                    self._accept(earlier)
                self._ring.clear()
                self._ring_samples = 0
            elif event is Event.END and self._active:
                if not fed:
                    fed = True
                    self._accept(block)
                heard = self._finish(sample)
        if not fed:
            if self._active:
                self._accept(block)
            else:
                self._remember(block)
        return heard

    def _muted(self, block: bytes) -> bool:
        now = self.endpointer.samples
        if self.is_speaking():
            self._quiet_from = now + len(block) // 2 + int(HOLDOVER * SAMPLE_RATE)
        if now >= self._quiet_from:
            return False
        if self._active:
            self.recognizer.reset()  # drop the half-heard utterance: it may be our own voice
            self._active = False
        self._ring.clear()
        self._ring_samples = 0
        self.endpointer.skip(block)
        return True

    def _remember(self, block: bytes) -> None:
        self._ring.append(block)
        self._ring_samples += len(block) // 2
        while self._ring_samples - len(self._ring[0]) // 2 >= PRE_ROLL * SAMPLE_RATE:
            self._ring_samples -= len(self._ring.popleft()) // 2

    def _accept(self, block: bytes) -> None:
        early = self.recognizer.accept(block)
        if early is not None:  # the recogniser ended a long utterance itself: judge that part
            self._decide(early, self.endpointer.last_voiced_sample)

    def _finish(self, end_sample: int) -> Heard | None:
        self._active = False
        return self._decide(self.recognizer.finish(), end_sample)

    def _decide(self, result: Transcript, end_sample: int) -> Heard | None:
        if not result.raw:
            return None
        transcript = result.text
        command = understand(self.book, transcript, self.numbers) if transcript else None
        heard = Heard(transcript, result.raw, command, end_sample / SAMPLE_RATE,
                      time.monotonic())
        if command is not None and self.on_command is not None:
            self.on_command(command)
        if self.on_heard is not None:
            self.on_heard(heard)
        return heard
