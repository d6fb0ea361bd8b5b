"""Whether a stream takes only plain lines: no colour and no line redrawn in place.

Decided here once for every command. Colour and redrawing are for a sighted user at
a terminal that shows them; a screen reader reads escape codes and each redraw out
as noise, a dumb terminal (TERM=dumb: an editor's shell, a braille console) prints
them as text, and a pipe or a log file stores them as garbage.
"""

from __future__ import annotations

import os
import sys
from typing import TextIO

SCREEN_READER_ENV = "SNL_SCREEN_READER"


def screen_reader_wanted(flag: bool = False) -> bool:
    """--screen-reader, or SNL_SCREEN_READER=1 set once for every command."""
    return flag or os.environ.get(SCREEN_READER_ENV, "").strip().lower() in ("1", "yes", "on")


def plain_lines(stream: TextIO, screen_reader: bool = False) -> bool:
    """Only plain lines on ``stream``: off a terminal, on a dumb one, for a screen reader."""
    return (screen_reader_wanted(screen_reader) or not stream.isatty()
            or os.environ.get("TERM", "").strip().lower() == "dumb")


def colour_wanted() -> bool:
    """Colour on standard output where lines need not be plain, and never when NO_COLOR
    is set to any text (no-color.org: an empty NO_COLOR does not count)."""
    return not os.environ.get("NO_COLOR") and not plain_lines(sys.stdout)
