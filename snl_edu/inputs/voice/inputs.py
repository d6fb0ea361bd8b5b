"""Keyboard and voice as one CommandSource, so the game goes on by keyboard when voice fails."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable

from snl_edu.inputs.commands import Action, Command, CommandSource
from snl_edu.inputs.voice.loading import Loading
from snl_edu.inputs.voice.recognisers.recognition import FollowsLearner
from snl_edu.inputs.voice.voice_listener import VoiceListener

POLL = 0.1  # seconds between checks of the keyboard and of the listener's health


class CombinedInput:
    """Commands from whichever comes first; ends only when every input has ended.

    The keyboard is read by a background thread in short polls; the listener's
    thread puts what it hears into the same queue. A listener still ``loading`` joins
    when it is ready (``on_loaded`` is then told, on the thread that reads commands);
    until then nothing is offered to be said.
    """

    def __init__(self, keyboard: CommandSource, listener: VoiceListener | None,
                 on_voice_error: Callable[[BaseException], None] | None = None,
                 is_speaking: Callable[[], bool] | None = None,
                 loading: Loading | None = None,
                 on_loaded: Callable[[Loading], None] | None = None) -> None:
        self.keyboard = keyboard
        self.is_speaking = is_speaking
        self.listener: VoiceListener | None = None
        self.interactive = keyboard.interactive
        self.on_voice_error = on_voice_error
        self.on_loaded = on_loaded
        self.loading = loading
        self._learner: str | None = None  # whose taught commands come first
        self._queue: queue.Queue[Command] = queue.Queue()
        self._stop = threading.Event()
        self._keyboard_ended = threading.Event()
        self._error_reported = False
        if listener is not None:
            self._attach(listener)
        self._thread = threading.Thread(target=self._read_keyboard, name="snl-keys", daemon=True)
        self._thread.start()

    def _read_keyboard(self) -> None:
        while not self._stop.is_set():
            command = self.keyboard.next_command(POLL)
            if command is None:
                continue
            if command.action is Action.END:
                self._keyboard_ended.set()
                return
            self._queue.put(command)

    def _attach(self, listener: VoiceListener) -> None:
        self.listener = listener
        listener.on_command = self._queue.put
        self.listen_to(self._learner)
        listener.start()

    def _take_loaded(self) -> None:
        """The listener, once its model has loaded (or why it could not be)."""
        loading = self.loading
        if loading is None or not loading.done.is_set():
            return
        self.loading = None
        if loading.listener is not None:
            self._attach(loading.listener)
        if self.on_loaded is not None:
            self.on_loaded(loading)

    def listen_to(self, learner: str | None) -> None:
        """Whose taught commands are heard first (each child's turn), now and once loaded."""
        self._learner = learner
        model = self.listener.model if self.listener is not None else None
        if learner is not None and isinstance(model, FollowsLearner):
            model.listen_to(learner)

    def phrase_for(self, action: Action) -> str | None:
        """What to say for ``action`` (commands.Ear); None: the ear cannot hear it."""
        listener = self.listener
        return listener.phrase_for(action) if listener is not None and self._hearing() else None

    @property
    def hears_numbers(self) -> bool:
        return self._hearing() and self.listener is not None and self.listener.hears_numbers

    def _hearing(self) -> bool:
        """Voice still hears: a listener that stopped on an error is not offered."""
        return self.listener is not None and self.listener.error is None

    def key_pressed(self) -> bool:
        """Whether a command is waiting (speech polls this to skip); it is handled after."""
        return self.interactive and not self._queue.empty()

    def drop_rolls(self) -> None:
        """As KeyboardInput.drop_rolls: rolls asked for during an announcement do not roll.

        Only at a terminal: a script's lines are commands, each one meant."""
        if not self.interactive:
            return
        kept: list[Command] = []
        while True:
            try:
                command = self._queue.get_nowait()
            except queue.Empty:
                break
            if command.action is not Action.ROLL:
                kept.append(command)
        for command in kept:
            self._queue.put(command)

    def _voice_ended(self) -> bool:
        self._take_loaded()
        listener = self.listener
        if listener is None:
            return self.loading is None
        if listener.error is not None and not self._error_reported:
            self._error_reported = True
            if self.on_voice_error is not None:
                self.on_voice_error(listener.error)
        return listener.ended.is_set()

    def next_command(self, timeout: float | None = None) -> Command | None:
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            wait = POLL if deadline is None else min(POLL, deadline - time.monotonic())
            try:
                return self._queue.get(timeout=max(0.0, wait))
            except queue.Empty:
                pass
            if self._voice_ended() and self._keyboard_ended.is_set() and self._queue.empty():
                return Command(Action.END)
            if deadline is not None and time.monotonic() >= deadline:
                return None

    def close(self) -> None:
        self._stop.set()
        if self.loading is not None:
            self.loading.cancel()
        if self.listener is not None:
            self.listener.stop()
        self._thread.join(2 * POLL + 1)
