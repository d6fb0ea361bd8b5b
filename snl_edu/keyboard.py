"""Keyboard input: single keys on a terminal, one command per line otherwise.

Reads the file descriptor directly so a timeout (--auto-roll) can use select()
without Python's own buffering hiding lines that have already arrived.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import select
import sys
from collections.abc import Iterator
from typing import TextIO

from snl_edu.commands import Action, Command, parse_key, parse_line


class KeyboardInput:
    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stdin
        try:
            self.fd: int | None = self.stream.fileno()
        except (AttributeError, OSError, ValueError):
            self.fd = None
        self.interactive = self.fd is not None and os.isatty(self.fd)
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._pending = ""
        self._ended = False

    @contextlib.contextmanager
    def _single_keys(self) -> Iterator[None]:
        if not self.interactive or self.fd is None:
            yield
            return
        import termios
        import tty

        saved = termios.tcgetattr(self.fd)
        try:
            tty.setcbreak(self.fd)
            yield
        finally:
            termios.tcsetattr(self.fd, termios.TCSADRAIN, saved)

    def _ready(self, timeout: float | None) -> bool:
        if self.fd is None or timeout is None:
            return True
        readable, _, _ = select.select([self.fd], [], [], timeout)
        return bool(readable)

    def _read_chunk(self) -> str | None:
        """Text read, possibly empty while a character is incomplete; None at end of input."""
        if self.fd is None:
            return self.stream.readline() or None
        data = os.read(self.fd, 1 if self.interactive else 4096)
        return self._decoder.decode(data) if data else None

    def key_pressed(self) -> bool:
        """Whether a key was pressed while the game was talking; the key is used up.

        Speech polls this to skip to the next sentence. Only on a terminal: a
        piped script's lines are commands and must never be eaten as skips.
        """
        if not self.interactive or self.fd is None:
            return False
        with self._single_keys():
            if not self._ready(0):
                return False
            return self._read_chunk() is not None

    def next_command(self, timeout: float | None = None) -> Command | None:
        """The next command, or None if ``timeout`` seconds pass with no input."""
        if self.interactive:
            with self._single_keys():
                if not self._ready(timeout):
                    return None
                key = self._read_chunk()
                while key == "":  # the rest of a multi-byte character
                    key = self._read_chunk()
                return Command(Action.END) if key is None else parse_key(key)
        while "\n" not in self._pending:
            if self._ended:
                if self._pending:
                    line, self._pending = self._pending, ""
                    return parse_line(line)
                return Command(Action.END)
            if not self._ready(timeout):
                return None
            chunk = self._read_chunk()
            if chunk is None:
                self._ended = True
            else:
                self._pending += chunk
        line, self._pending = self._pending.split("\n", 1)
        return parse_line(line)
