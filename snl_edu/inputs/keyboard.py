"""Keyboard input: single keys on a terminal, one command per line otherwise.

On a terminal the game holds single-key mode (no echo, no line editing) from
start to end, entered without flushing, so keys typed while the game talks are
kept (type-ahead) instead of being thrown away by a mode switch around each
read. Everything that arrives is read into a queue of keys: a multi-byte
character, a pasted run of text or two keys in one write all arrive whole, one
key each. Speech asks ``key_pressed`` (a peek, nothing used up), so a key
pressed during a sentence cuts the sentence short and is then handled once.

Reads the file descriptor directly so a timeout (--auto-roll) can use select()
without Python's own buffering hiding input that has already arrived.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import select
import signal
import sys
import time
from collections import deque
from types import FrameType, TracebackType
from typing import Any, Self, TextIO

from snl_edu.inputs.commands import Action, Command, parse_key, parse_line

ESCAPE = "\x1b"  # the Escape key alone; it also starts the sequences of Home, arrows...
READ_SIZE = 4096
SIGNAL_CHECK = 0.2  # seconds: the longest a Ctrl-C can wait while the game waits for a key


def _split_keys(text: str) -> tuple[list[str], str]:
    """Keys in ``text`` and an unfinished escape sequence left over for the next read."""
    keys: list[str] = []
    index = 0
    while index < len(text):
        char = text[index]
        if char != ESCAPE or index + 1 == len(text):
            keys.append(char)  # a lone Escape at the end of a read is the Escape key
            index += 1
            continue
        follower = text[index + 1]
        if follower == "O":  # SS3: one more character
            if index + 2 >= len(text):
                return keys, text[index:]
            end = index + 3
        elif follower == "[":  # CSI: parameters, then one final character in @..~
            end = index + 2
            while end < len(text) and not "@" <= text[end] <= "~":
                end += 1
            if end >= len(text):
                return keys, text[index:]
            end += 1
        else:  # Escape then an ordinary key (Alt+key): two keys
            keys.append(char)
            index += 1
            continue
        keys.append(text[index:end])
        index = end
    return keys, ""
# No command is longer; a longer line (a pasted file, no newline at all) is cut here.
MAX_LINE = 1000


class KeyboardInput:
    """Commands from the keyboard; use as a context manager around the whole game.

    Inside ``with keyboard:`` a terminal is in single-key mode; it is restored on
    every way out (the end of the game, Ctrl-C, an exception, SIGTERM), and keys
    still unread then are dropped so they do not land at the shell prompt.
    """

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stdin
        try:
            self.fd: int | None = self.stream.fileno()
        except (AttributeError, OSError, ValueError):
            self.fd = None
        self.interactive = self.fd is not None and os.isatty(self.fd)
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._keys: deque[str] = deque()
        self._partial = ""  # an escape sequence split across reads
        self._pending = ""  # piped text not yet a whole line
        self._ended = False
        self._saved: list[Any] | None = None
        self._previous_sigterm: Any = None

    # -- single-key mode for the whole game ---------------------------------------

    def __enter__(self) -> Self:
        if not self.interactive or self.fd is None or self._saved is not None:
            return self
        import termios

        self._saved = termios.tcgetattr(self.fd)
        mode = termios.tcgetattr(self.fd)
        mode[3] &= ~(termios.ECHO | termios.ICANON)  # lflags; ISIG stays: Ctrl-C still works
        mode[6][termios.VMIN] = 1
        mode[6][termios.VTIME] = 0
        termios.tcsetattr(self.fd, termios.TCSANOW, mode)  # TCSANOW: keep what was typed
        self._catch_sigterm()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.restore()

    def restore(self) -> None:
        """The terminal as it was; keys not yet read are dropped, not left for the shell."""
        if self._saved is None or self.fd is None:
            return
        import termios

        # The terminal may have gone (a closed window): nothing left to restore then.
        with contextlib.suppress(termios.error):
            termios.tcsetattr(self.fd, termios.TCSAFLUSH, self._saved)
        self._saved = None
        self._release_sigterm()

    def _catch_sigterm(self) -> None:
        """SIGTERM ends the game like an exception, so the terminal is restored on the way out."""
        def terminate(number: int, frame: FrameType | None) -> None:
            raise SystemExit(128 + number)

        try:
            self._previous_sigterm = signal.signal(signal.SIGTERM, terminate)
        except ValueError:  # not the main thread: the caller's own handling stands
            self._previous_sigterm = None

    def _release_sigterm(self) -> None:
        if self._previous_sigterm is not None:
            with contextlib.suppress(ValueError):
                signal.signal(signal.SIGTERM, self._previous_sigterm)
            self._previous_sigterm = None

    # -- reading -------------------------------------------------------------------

    def _ready(self, timeout: float | None) -> bool:
        """Whether input arrived within ``timeout`` seconds (None: wait for it).

        The wait wakes every SIGNAL_CHECK seconds: Python runs a signal's handler only
        between its own instructions, so a Ctrl-C that landed just before a blocking wait
        began would be handled only at the next key (the game seemed to ignore it; one
        Ctrl-C test in about 40 runs)."""
        if self.fd is None:
            return True
        end = None if timeout is None else time.monotonic() + max(0.0, timeout)
        while True:
            left = SIGNAL_CHECK if end is None else min(SIGNAL_CHECK, end - time.monotonic())
            readable, _, _ = select.select([self.fd], [], [], max(0.0, left))
            if readable:
                return True
            if end is not None and time.monotonic() >= end:
                return False

    def _read(self) -> bool:
        """Read what has arrived into the queue of keys; False at the end of input."""
        assert self.fd is not None
        try:
            data = os.read(self.fd, READ_SIZE)
        except OSError:  # the terminal hung up
            data = b""
        if not data:
            self._ended = True
            return False
        keys, self._partial = _split_keys(self._partial + self._decoder.decode(data))
        self._keys.extend(keys)
        return True

    def _take_waiting(self) -> None:
        """Everything already typed, without waiting."""
        while not self._ended and self._ready(0) and self._read():
            pass

    def key_pressed(self) -> bool:
        """Whether a key is waiting; it is not used up, so it is handled after the skip.

        Speech polls this to cut a sentence short. Only on a terminal: a piped
        script's lines are commands and never skip speech.
        """
        if not self.interactive or self.fd is None:
            return False
        self._take_waiting()
        return bool(self._keys)

    def drop_rolls(self) -> None:
        """Forget roll keys already waiting: pressed during an announcement, they rolled
        once already or cut the announcement short, and must not roll for the next turn."""
        if not self.interactive or self.fd is None:
            return
        self._take_waiting()
        self._keys = deque(key for key in self._keys if parse_key(key).action is not Action.ROLL)

    def next_command(self, timeout: float | None = None) -> Command | None:
        """The next command, or None if ``timeout`` seconds pass with no input."""
        if self.interactive:
            return self._next_key(timeout)
        return self._next_line(timeout)

    def _next_key(self, timeout: float | None) -> Command | None:
        if not self._keys:
            if self._ended:
                return Command(Action.END)
            if not self._ready(timeout):
                return None
            if not self._read():
                return Command(Action.END)
            self._take_waiting()
            if not self._keys:  # half a character so far: wait for the rest
                return self._next_key(timeout)
        return parse_key(self._keys.popleft())

    def _next_line(self, timeout: float | None) -> Command | None:
        while "\n" not in self._pending:
            if self._ended:
                if self._pending:
                    line, self._pending = self._pending, ""
                    return parse_line(line[:MAX_LINE])
                return Command(Action.END)
            if not self._ready(timeout):
                return None
            chunk = self._read_chunk()
            if chunk is None or "\0" in chunk:  # a NUL: binary data (/dev/zero), not typing
                self._ended = True
            elif len(self._pending) < MAX_LINE:
                self._pending += chunk
            elif "\n" in chunk:  # the end of an over-long line: what follows is kept
                self._pending += chunk[chunk.index("\n"):]
            # else: more of an over-long line, dropped: memory stays bounded, time linear
        line, self._pending = self._pending.split("\n", 1)
        return parse_line(line[:MAX_LINE])

    def _read_chunk(self) -> str | None:
        if self.fd is None:
            return self.stream.readline() or None
        data = os.read(self.fd, READ_SIZE)
        return self._decoder.decode(data) if data else None
