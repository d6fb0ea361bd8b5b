"""The `snl` program's entry point: Ctrl-C at any moment, start-up included, is a quiet stop.

Click turns Ctrl-C inside a command into "Aborted!"; before that, while Python is still
importing the program (a second or more on a slow machine), Ctrl-C would be a traceback,
or, landing in the import machinery's own clean-up, be printed as "Exception ignored" and
lost (the program went on). While the program starts, Ctrl-C therefore ends it at once
with one line, raising nothing (snl_edu.interrupt); once a command is under way it is
Python's KeyboardInterrupt again (a game saves itself on the way out). What Python does
before it runs this file is Python's own.
"""

import sys

from snl_edu.interrupt import INTERRUPTED, quiet, restore


def run() -> None:
    previous = quiet()
    try:
        from snl_edu.cli import main

        restore(previous)
        main()
    except KeyboardInterrupt:
        sys.stderr.write("\n")
        raise SystemExit(INTERRUPTED) from None
