"""Ctrl-C while a program starts: it ends the program at once with one line, raising
nothing (snl_edu.entry has why).

Imports only what Python has loaded before it (``_signal`` is built in: ``signal`` would
import ``enum``, a Ctrl-C's worth of time on a slow machine).
"""

import _signal  # type: ignore[import-not-found, unused-ignore]
import os
import sys

TYPE_CHECKING = False  # typing itself costs 15 ms to import
if TYPE_CHECKING:
    from types import FrameType
    from typing import Any

INTERRUPTED = 130  # the shell's code for "stopped by Ctrl-C"


def _stop_at_once(signum: int, frame: "FrameType | None") -> None:
    os.write(sys.stderr.fileno(), b"\n")
    os._exit(INTERRUPTED)


def quiet() -> "Any":
    """Ctrl-C ends the program at once from now on; the handler it had, to put back. Not
    where Ctrl-C is ignored (nohup), nor off the main thread (a test's)."""
    if _signal.getsignal(_signal.SIGINT) is _signal.SIG_IGN:
        return None
    try:
        return _signal.signal(_signal.SIGINT, _stop_at_once)
    except ValueError:  # not the main thread
        return None


def restore(previous: "Any") -> None:
    """Ctrl-C as it was before ``quiet`` (None: ``quiet`` changed nothing)."""
    if previous is not None:
        _signal.signal(_signal.SIGINT, previous)


class starting:  # used as a function: ``with starting():``
    """While a program starts (nothing to save yet), Ctrl-C ends it at once, quietly."""

    def __enter__(self) -> None:
        self.previous = quiet()

    def __exit__(self, *exception: object) -> None:
        restore(self.previous)

