"""The listener: audio blocks -> endpointer + recogniser -> Commands.

Only final results are acted on (partials flip); the final result is taken as
soon as the endpointer (Silero's voice-activity model, or the energy
threshold without it) hears about 0.2 s of quiet. Audio that arrives while
the game is speaking, and shortly after, is dropped so the game cannot hear
itself.

The recogniser hears the speech the endpointer found, 0.1 s before it and
0.15 s after, nothing more: measured on eSpeak NG commands, a longer run of
room noise before or after the words is what pocketsphinx misreads as a
fricative ("throw the dice" for "roll the dice", "skip it" for "help");
trimming it took commands from 89% to 95% recognised (benchmarks/bench_voice.py's
tuning set, grammar without distractors). Between utterances the recogniser
hears nothing, which keeps idle CPU low.
"""

from __future__ import annotations

import contextlib
import threading
import time
from array import array
from collections.abc import Callable
from dataclasses import dataclass

from snl_edu.inputs.commands import Action, Command
from snl_edu.inputs.voice.audio.endpoint import SAMPLE_RATE, Endpointer, SpeechEdge
from snl_edu.inputs.voice.audio.sources import AudioSource
from snl_edu.inputs.voice.audio.vad import SileroEndpointer, load_vad
from snl_edu.inputs.voice.phrasebook.grammar import build_grammar
from snl_edu.inputs.voice.phrasebook.phrases import PhraseBook
from snl_edu.inputs.voice.phrasebook.understand import understand
from snl_edu.inputs.voice.problems import VoiceError, VoiceProblem
from snl_edu.inputs.voice.recognisers.measured import (
    CLEAN,
    OFFERED_FROM,
    figures,
    poorly_heard,
    total,
)
from snl_edu.inputs.voice.recognisers.recognition import Backend, Selective, Transcript

LEAD = int(0.1 * SAMPLE_RATE)  # samples given before the start of speech (soft onsets)
TAIL = int(0.15 * SAMPLE_RATE)  # and after its end (Silero hears the end a little late)
# Kept while nobody speaks: the endpointer dates the start of speech back by up to its
# minimum speech (0.1 s) and a block, and the lead comes before that.
KEEP = int(0.5 * SAMPLE_RATE)
HOLDOVER = 0.3  # seconds still ignored after the game stops speaking (echo, output buffers)
# Utterances in a row the recogniser may fail on (an exception from its library) before
# voice stops: one odd utterance is unheard, a recogniser that keeps failing is broken.
MAX_FAILURES = 3


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
        measured = figures(book.language, model)
        self.unoffered = poorly_heard(measured, self.grammar.meaningful)
        numbers_heard = total(measured, self.grammar.numbers, CLEAN)
        self._numbers_offered = numbers_heard is None or \
            numbers_heard.right >= OFFERED_FROM * numbers_heard.clips
        self.recognizer = model.recogniser(self.grammar)
        self._pending = array("h")  # audio heard but not (yet) given to the recogniser
        self._pending_from = 0  # the stream sample index of its first sample
        self._active = False  # an utterance is being fed to the recogniser
        self._quiet_from = 0  # sample index before which audio is ignored (holdover)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.ended = threading.Event()  # the audio source has ended
        self.error: BaseException | None = None
        self._failures = 0  # utterances in a row the recogniser failed on

    # -- what this ear hears (commands.Ear) ------------------------------------------

    def phrase_for(self, action: Action) -> str | None:
        """What to say for ``action``; None: neither the model nor a taught example hears it."""
        if isinstance(self.model, Selective):
            return self.model.phrase_for(action, self.grammar)
        return self.grammar.phrase_for(action, self.unoffered)

    @property
    def hears_numbers(self) -> bool:
        if isinstance(self.model, Selective):
            return self.model.hears_numbers(self.grammar)
        return bool(self.grammar.numbers) and self._numbers_offered

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
            self._feed_until(self.endpointer.last_voiced_sample + TAIL)
            self._finish(self.endpointer.last_voiced_sample)
        self.ended.set()

    def process(self, block: bytes) -> Heard | None:
        """One block of 16 kHz mono int16 audio; the utterance it completed, if any."""
        if self._muted(block):
            return None
        events = self.endpointer.feed(block)
        self._pending.frombytes(block)
        heard = None
        for event, sample in events:
            if event is SpeechEdge.START and not self._active:
                self._active = True
                self._drop_before(sample - LEAD)
            elif event is SpeechEdge.END and self._active:
                self._feed_until(sample + TAIL)
                heard = self._finish(sample)
        if self._active:
            self._feed_until(self.endpointer.last_voiced_sample + TAIL)
        else:
            self._drop_before(self._pending_from + len(self._pending) - KEEP)
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
        self.endpointer.skip(block)
        self._pending = array("h")
        self._pending_from = self.endpointer.samples
        return True

    def _drop_before(self, sample: int) -> None:
        count = min(sample - self._pending_from, len(self._pending))
        if count > 0:
            del self._pending[:count]
            self._pending_from += count

    def _feed_until(self, sample: int) -> None:
        """Give the recogniser the pending audio before stream sample index ``sample``."""
        count = min(sample - self._pending_from, len(self._pending))
        if count <= 0:
            return
        audio = self._pending[:count].tobytes()
        self._drop_before(self._pending_from + count)
        early = self._recognised(lambda: self.recognizer.accept(audio))
        if early is not None:  # the recogniser ended a long utterance itself: judge that part
            self._decide(early, self.endpointer.last_voiced_sample)

    def _finish(self, end_sample: int) -> Heard | None:
        self._active = False
        result = self._recognised(self.recognizer.finish)
        return None if result is None else self._decide(result, end_sample)

    def _recognised(self, step: Callable[[], Transcript | None]) -> Transcript | None:
        """The recogniser's step; a failure of its library is an utterance unheard, until
        MAX_FAILURES in a row stop voice with a VoiceError that says so."""
        try:
            result = step()
        except VoiceError:
            raise
        except Exception as error:  # a library's bug must not end the game
            self._failures += 1
            with contextlib.suppress(Exception):
                self.recognizer.reset()
            self._active = False
            if self._failures >= MAX_FAILURES:
                raise VoiceError(VoiceProblem.RECOGNISER_FAILED, self.model.name) from error
            return None
        if result is not None:
            self._failures = 0
        return result

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
