"""The real `snl` program on a pseudo-terminal, typed at as a person would.

Every wait is for output with a deadline, never a sleep: a test passes as soon
as the program has said what it should, and fails at the deadline if it never does.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import termios
import time
from typing import Self

# The terminal becomes the program's controlling terminal, so Ctrl-C typed on it
# interrupts the program as it would in a shell.
PROGRAM = ("import fcntl, os, termios; os.setsid(); fcntl.ioctl(0, termios.TIOCSCTTY, 0); "
           "from snl_edu.cli import main; main()")
DEADLINE = 30.0  # seconds; generous for a loaded machine, never reached when all is well


class Terminal:
    def __init__(self, *args: str, env: dict[str, str] | None = None) -> None:
        self.master, self.slave = os.openpty()
        self.before = termios.tcgetattr(self.slave)
        # A terminal that can redraw and colour, whatever the one running the tests is.
        environment = {**os.environ, "SNL_AUDIO": "off", "NO_COLOR": "1", "TERM": "xterm"}
        for name in ("SNL_LANG", "SNL_SCREEN_READER"):  # the tester's own settings
            environment.pop(name, None)
        environment.update(env or {})

        self.process = subprocess.Popen(
            [sys.executable, "-c", PROGRAM, *args],
            stdin=self.slave, stdout=self.slave, stderr=self.slave, env=environment,
            close_fds=True)
        self.output = ""
        self._seen = 0  # how much of the output expect() has consumed

    def type(self, text: str) -> None:
        """Keys in one write, as fast typing, a paste or an input method sends them."""
        os.write(self.master, text.encode())

    def _read(self, timeout: float) -> bool:
        readable, _, _ = select.select([self.master], [], [], max(0.0, timeout))
        if not readable:
            return False
        try:
            data = os.read(self.master, 65536)
        except OSError:  # the program has exited and closed its side
            return False
        self.output += data.decode("utf-8", "replace").replace("\r\n", "\n")
        return bool(data)

    def expect(self, text: str, deadline: float = DEADLINE) -> str:
        """Wait until ``text`` appears after what was already expected; returns what came."""
        end = time.monotonic() + deadline
        while text not in self.output[self._seen:]:
            left = end - time.monotonic()
            if left <= 0 or (not self._read(min(left, 0.5)) and self.process.poll() is not None
                             and not self._read(0)):
                raise AssertionError(f"{text!r} did not appear; the terminal shows:\n"
                                     f"{self.output[self._seen:]}")
        start = self._seen
        self._seen = self.output.index(text, self._seen) + len(text)
        return self.output[start:self._seen]

    def wait(self, deadline: float = DEADLINE) -> int:
        end = time.monotonic() + deadline
        while self.process.poll() is None:
            if time.monotonic() > end:
                raise AssertionError("the program did not end; it shows:\n" + self.output)
            self._read(0.2)
        while self._read(0):
            pass
        return self.process.returncode

    def interrupt(self) -> None:
        self.type("\x03")  # Ctrl-C, as the terminal driver sends it: SIGINT to the game

    def terminate(self) -> None:
        self.process.send_signal(signal.SIGTERM)

    def mode(self) -> list[object]:
        return termios.tcgetattr(self.slave)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        os.close(self.master)
        os.close(self.slave)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
