"""The `snl` program's entry point: Ctrl-C at any moment, start-up included, is a quiet stop.

Click turns Ctrl-C inside a command into "Aborted!"; before that, while Python is still
importing the program (a second or more on a slow machine), Ctrl-C would be a traceback,
or, landing in the import machinery's own clean-up, be printed as "Exception ignored" and
lost (the program went on). While the program starts, Ctrl-C therefore ends it at once
with one line, raising nothing; once a command is under way it is Python's KeyboardInterrupt
again (a game saves itself on the way out). This file imports only what Python has loaded
before it (``_signal`` is built in: ``signal`` would import ``enum``, a Ctrl-C's worth of
time on a slow machine); what Python does before it runs this file is Python's own.
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


def _quiet() -> "Any":
    """Ctrl-C ends the program at once from now on; the handler it had, to put back. Not
    where Ctrl-C is ignored (nohup), nor off the main thread (a test's)."""
    if _signal.getsignal(_signal.SIGINT) is _signal.SIG_IGN:
        return None
    try:
        return _signal.signal(_signal.SIGINT, _stop_at_once)
    except ValueError:  # not the main thread
        return None


class starting:  # used as a function: ``with starting():``
    """While a program starts (nothing to save yet), Ctrl-C ends it at once, quietly."""

    def __enter__(self) -> None:
        self.previous = _quiet()

    def __exit__(self, *exception: object) -> None:
        if self.previous is not None:
            _signal.signal(_signal.SIGINT, self.previous)


def run() -> None:
    previous = _quiet()
    try:
        from snl_edu.cli import main

        if previous is not None:
            _signal.signal(_signal.SIGINT, previous)
        main()
    except KeyboardInterrupt:
        sys.stderr.write("\n")
        raise SystemExit(INTERRUPTED) from None
