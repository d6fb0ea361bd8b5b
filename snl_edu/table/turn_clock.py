"""One turn's time for a seat's owner, and the signals that move it.

The owner's computer tells the seat when it has said the turn (``Signal.SAID``), or that
the owner's own question is open below it (``Signal.ASKING``); the seat itself is woken
when the owner leaves or the teacher pauses, resumes or ends (``Signal.WAKE``). The clock
turns each into a deadline; ``NetworkSeat`` waits on it.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import assert_never

# A child's clock runs from the turn's notice, for every kind of seat. A computer still
# saying the moves before "your turn" (Nepali sentences take seconds each) gets this much
# grace at most; one that has said it has the clock alone.
SAYING_GRACE = 5.0
# How long a page's seat waits for the page to say a line before going on (its flush).
SAYING_CAP = 30.0
# The turn was announced while the owner's own question is open: their clock stands still
# until they have answered it or put it aside (then SAID), but a child who walks away from
# a question does not hold the whole table longer than this.
QUESTION_CAP = 120.0


class Signal(enum.Enum):
    """What reaches a waiting turn beside the owner's commands."""

    SAID = enum.auto()  # the owner's computer has announced the turn
    ASKING = enum.auto()  # ... while the owner's own question is open
    WAKE = enum.auto()  # the owner left, or the teacher paused, resumed or ended: look again
    WENT = enum.auto()  # the owner's go after her roll is over (``NetworkSeat.wait_for_go``)


@dataclass
class TurnClock:
    """The deadline of one turn: its clock (None: none), plus, until the turn is heard at
    the owner's computer, the grace it waits for that."""

    monotonic: Callable[[], float]
    clock: float | None  # seconds the turn waits for its owner now; None: for ever
    heard: bool  # the clock runs from the announcement (or never waited for one)
    grace: float  # how long it waits at most for the announcement
    deadline: float | None
    started: float = 0.0  # when the turn's notice went out
    warned: bool = False
    asked: bool = False  # the owner's question held the turn: the clock runs from its end

    @classmethod
    def start(cls, clock: float | None, heard: bool, monotonic: Callable[[], float],
              saying_grace: float = SAYING_GRACE) -> TurnClock:
        grace = 0.0 if heard else saying_grace
        started = 0.0 if clock is None else monotonic()  # no clock: nothing to time
        deadline = None if clock is None else started + clock + grace
        return cls(monotonic, clock, heard, grace, deadline, started)

    def restart(self) -> None:
        """After a pause: the class was listening to the teacher, so the child whose turn
        it is has their whole time again."""
        if self.deadline is not None and self.clock is not None:
            self.deadline = self.monotonic() + self.clock + self.grace
            self.warned = False

    def change(self, clock: float | None) -> None:
        """The owner came or went, with the turn clock off: the turn waits ``clock`` now."""
        self.clock, self.heard, self.grace = clock, True, 0.0
        self.started = self.monotonic() if clock is not None else self.started
        self.deadline = None if clock is None else self.started + clock

    def left(self) -> float | None:
        """Seconds left of the turn (None: it waits for ever)."""
        return None if self.deadline is None else self.deadline - self.monotonic()

    def warns(self, present: bool, warning_before: float) -> bool:
        """The owner, here, is still to be warned before the clock runs out."""
        return not self.warned and present and self.clock is not None \
            and self.clock > warning_before

    def hear(self, signal: Signal, present: bool, question_cap: float) -> None:
        """A signal for the waiting turn: an announcement starts the clock, an open
        question holds it (at most ``question_cap``), and an owner gone before hearing the
        turn leaves nothing to wait for."""
        if self.heard or self.deadline is None or self.clock is None:
            return
        match signal:
            case Signal.ASKING:
                self.grace, self.asked = question_cap, True
                self.deadline = self.monotonic() + self.clock + self.grace
            case Signal.SAID:
                self._heard()
            case Signal.WAKE:
                if not present:  # gone before hearing it: nothing to wait for
                    self._heard()
            case Signal.WENT:
                pass  # of a go, not of a turn
            case _:
                assert_never(signal)

    def _heard(self) -> None:
        """The turn is said: the clock from its notice (from now, after a question)."""
        assert self.deadline is not None and self.clock is not None
        self.heard, self.grace = True, 0.0
        start = self.monotonic() if self.asked else self.started
        self.deadline = min(self.deadline, start + self.clock)
