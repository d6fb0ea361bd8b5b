"""The `snl` program's entry point: Ctrl-C at any moment, start-up included, is a quiet stop.

Click turns Ctrl-C inside a command into "Aborted!"; before that, while Python is still
importing the program (a second or more on a slow machine), Ctrl-C would be a traceback.
"""

from __future__ import annotations

import sys

INTERRUPTED = 130  # the shell's code for "stopped by Ctrl-C"


def run() -> None:
    try:
        from snl_edu.cli import main

        main()
    except KeyboardInterrupt:
        sys.stderr.write("\n")
        raise SystemExit(INTERRUPTED) from None
