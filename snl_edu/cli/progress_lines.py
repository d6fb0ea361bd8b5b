"""Progress of a long job: a bar on a terminal, or plain lines now and then.

A redrawn bar hides the cursor and rewrites one line many times a second. Where
lines must be plain (snl_edu.outputs.plain_text: off a terminal, on a dumb one, for a
screen reader), progress is a short plain line at each quarter.
"""

from __future__ import annotations

import sys
from types import TracebackType
from typing import Any, Self, TextIO

import click

from snl_edu.cli.common import screen_reader_option
from snl_edu.language.localizer import Localizer
from snl_edu.outputs.plain_text import plain_lines

STEPS = 4  # plain lines at 25, 50, 75 and 100 percent
UNKNOWN_STEP = 10 * 1024 * 1024  # with no total: a line every 10 MB


class JobProgress:
    """``update(amount)`` as a job advances; use as a context manager around the job."""

    def __init__(self, label: str, total: int | None, loc: Localizer, screen_reader: bool,
                 stream: TextIO | None = None, unit_bytes: bool = False) -> None:
        self.label = label
        self.total = total
        self.loc = loc
        self.stream = stream or sys.stderr
        self.unit_bytes = unit_bytes
        self.plain = plain_lines(self.stream, screen_reader)
        self.done = 0
        self._told = 0  # quarters (or 10 MB steps) already told
        self._bar: Any = None

    def __enter__(self) -> Self:
        if not self.plain:
            self._bar = click.progressbar(length=self.total or 0, label=self.label,
                                          file=self.stream, show_pos=self.total is None)
            self._bar.__enter__()
        return self

    def update(self, amount: int) -> None:
        self.done += amount
        if self._bar is not None:
            self._bar.update(amount)
            return
        if self.total:
            # Every quarter passed is told, also when one update passes several: a
            # listener counts on hearing 25, 50, 75 and 100 percent.
            step = min(STEPS, self.done * STEPS // self.total)
            for told in range(self._told + 1, step + 1):
                percent = self.loc.number(told * 100 // STEPS) + "%"
                self._line(self.loc.gettext("{label}: {percent} done.").format(
                    label=self.label, percent=percent))
            self._told = max(self._told, step)
        elif self.unit_bytes and self.done // UNKNOWN_STEP > self._told:
            self._told = self.done // UNKNOWN_STEP
            self._line(self.loc.gettext("{label}: {size} MB so far.").format(
                label=self.label, size=self.loc.number(self.done // (1024 * 1024))))

    def _line(self, text: str) -> None:
        self.stream.write(text + "\n")
        self.stream.flush()

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self._bar is not None:
            self._bar.__exit__(kind, error, trace)


# ``--screen-reader`` for commands that show progress: plain lines, no redrawn bar.
progress_screen_reader = screen_reader_option("For NVDA, JAWS or Orca: progress as plain "
                                              "lines, no redrawn bar (also SNL_SCREEN_READER=1).")
