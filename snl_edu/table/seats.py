"""A seat at the table played from another computer: its commands, its turn clock, its cover.

The table's session asks this source for the seat's roll exactly as it asks a keyboard.
The source keeps the seat for its owner: while the owner is away or does not answer, the
turn clock rolls for them; after two missed turns in a row (a chhakka's extra roll is part
of its turn) a computer player rolls at once until the owner is back.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from snl_edu.inputs.commands import Action, Command
from snl_edu.table.turn_clock import QUESTION_CAP, SAYING_GRACE, Signal, TurnClock
from snl_edu.table.wire import Notice
from snl_edu.table.wire_requests import CountedRoll

MISSED_BEFORE_COVER = 2
WARNING_BEFORE = 5.0
AWAY_CLOCK = 30.0  # with the turn clock off, how long an absent owner's turn still waits


class TableEnded(Exception):
    """The teacher ended the table: the session stops where it is (the game is saved)."""


@dataclass
class TableControl:
    """The teacher's hand on the table: pause, resume, end. Every wait at the table obeys it."""

    running: threading.Event = field(default_factory=threading.Event)
    ended: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        self.running.set()

    def pause(self) -> None:
        self.running.clear()

    def resume(self) -> None:
        self.running.set()

    def end(self) -> None:
        self.ended.set()
        self.running.set()  # wake whatever waits on a pause

    def wait(self, seconds: float) -> None:
        """A computer player's pause before rolling: longer while paused, cut by an end."""
        self.running.wait()
        if self.ended.wait(seconds):
            raise TableEnded
        self.running.wait()
        if self.ended.is_set():
            raise TableEnded


class NetworkSeat:
    """The ``CommandSource`` of one child on another computer: a seat of their own, or their
    turns in a team's seat (``TeamSeat``)."""

    interactive = True

    def __init__(self, control: TableControl, clock: float | None,
                 tell: Callable[[Notice], None], warning_before: float = WARNING_BEFORE,
                 monotonic: Callable[[], float] = time.monotonic,
                 rolling_again: Callable[[], bool] = lambda: False,
                 question_cap: float = QUESTION_CAP,
                 saying_grace: float = SAYING_GRACE) -> None:
        self.control = control
        self.clock = clock or None  # seconds a turn waits; None or 0: no clock
        self.tell = tell  # tells the owner's computer (and the room) what happens to the seat
        self.warning_before = warning_before
        self.monotonic = monotonic
        # The roll asked for is a chhakka's extra roll: the same turn, so missing it too is
        # not a second missed turn.
        self.rolling_again = rolling_again
        self.question_cap = question_cap  # how long an open question holds the turn at most
        self.saying_grace = saying_grace  # how long a turn waits at most to be said
        # The owner's commands, and the signals that move the waiting turn's clock.
        self.commands: queue.Queue[Command | Signal] = queue.Queue()
        self.present = False
        self.missed = 0
        # Turns run out in a row without the owner's computer even saying them: a page
        # whose script froze, a terminal that stopped reading. Covered as if away.
        self.unheard = 0
        self.covered_rolls = 0  # rolls the computer made while the owner was away
        # The room is told once that the computer covers the seat, when it begins; at every
        # covered turn after it, the turn's own narration says enough.
        self.cover_told = False
        self.waiting = False  # the session is waiting for this seat's command
        self.announced = False  # ... and the owner's computer has said the turn
        self.rolled = False  # ... and the owner has pressed roll (once is all it takes)
        # The turns told to the owner's computer: each turn's notice names its number, and
        # the computer's "said" names the turn it said (a late one is of no turn now).
        self.turns_told = 0
        # Her roll asked that she count its move herself (CountedRoll); the table
        # waits for her go now (``wait_for_go``).
        self.go_asked = False
        self.counting = False

    # The owner's connection calls these.

    def arrived(self) -> None:
        self.present = True
        self.missed = self.unheard = 0
        self.cover_told = False

    def left(self) -> None:
        self.present = False
        self.wake()  # a turn waiting for them re-reads its clock

    def said(self, turn: int | None = None) -> None:
        """The owner's computer has announced this turn (``turn``, None: the one waiting):
        their time starts now."""
        if self._now(turn):
            self.announced = True
            self.unheard = 0
            self.commands.put(Signal.SAID)

    def asking(self, turn: int | None = None) -> None:
        """The turn is announced, but the owner is answering their own question: their time
        starts when it is over."""
        if self._now(turn):
            self.announced = True  # said, the question below it: a roll counts from now
            self.unheard = 0
            self.commands.put(Signal.ASKING)

    def _now(self, turn: int | None) -> bool:
        """A turn waits, and it is the one named (None: whichever it is)."""
        return self.waiting and turn in (None, self.turns_told)

    def put(self, command: Command) -> None:
        """A command from the owner. A roll counts only in the owner's turn, after their
        computer has said it, and once: a press made before, during another's turn or
        again in the same turn is dropped, so it never rolls a turn of theirs to come."""
        self.missed = self.unheard = 0
        self.cover_told = False
        if command.action is Action.ROLL:
            if not (self.waiting and self.announced) or self.rolled:
                return
            self.rolled = True
            self.go_asked = isinstance(command, CountedRoll)
        self.commands.put(command)

    def went(self) -> None:
        """Her computer says her go is over."""
        if self.counting:
            self.commands.put(Signal.WENT)

    @property
    def covered(self) -> bool:
        """The computer rolls at once: the owner is away after missed turns, or here but
        with a computer that has not said the last turns (it does not read)."""
        return (self.missed >= MISSED_BEFORE_COVER and not self.present) \
            or self.unheard >= MISSED_BEFORE_COVER

    # The session calls this.

    def next_command(self, timeout: float | None = None) -> Command | None:
        while True:  # whatever is left from the last turn belongs to it
            try:
                self.commands.get_nowait()
            except queue.Empty:
                break
        self.announced = self.rolled = self.go_asked = False
        self.waiting = True
        try:
            return self._next_command()
        finally:
            self.waiting = False

    def _cover(self) -> None:
        """The computer rolls this turn for the away owner."""
        if not self.cover_told:
            self.cover_told = True
            self.tell(Notice.COVERED)
        self.covered_rolls += 1

    def _clock(self) -> float | None:
        """How long the turn waits for its owner now: the table's turn clock while they are
        here (None, the clock off: for ever, never warned); an absent owner's turn waits
        AWAY_CLOCK even with the clock off, so the table plays on without them."""
        return self.clock if self.present else self.clock or AWAY_CLOCK

    def _next_command(self) -> Command | None:
        """The owner's next command; None when the turn clock has run out (the table rolls);
        with the clock off, the roll the table makes for an owner away past AWAY_CLOCK.

        ``timeout`` is ignored: a table seat keeps its own turn clock, and a confirmation
        (``None`` from the session) still waits for the owner, never for ever if away.
        """
        if self.control.ended.is_set():
            return Command(Action.END)
        if self.covered:
            self._cover()
            self.control.wait(0.0)
            return Command(Action.ROLL, "covered")
        self.turns_told += 1
        self.tell(Notice.TURN)
        # The clock waits for the announcement.
        turn = TurnClock.start(self._clock(), not (self.present and self.clock), self.monotonic,
                               self.saying_grace)
        while True:
            if not self.control.running.is_set():
                # A pause stops the clock; the whole time again after it.
                self.control.running.wait()
                turn.restart()
            if self.control.ended.is_set():
                return Command(Action.END)
            if self._clock() != turn.clock:  # the owner came or went, with the turn clock off
                turn.change(self._clock())
            if turn.deadline is not None and self.covered:
                self._cover()
                return Command(Action.ROLL, "covered")
            wait = turn.left()
            if wait is not None and wait <= 0:
                return self._time_up(turn.heard)
            if wait is not None and turn.warns(self.present, self.warning_before):
                if wait <= self.warning_before:
                    turn.warned = True
                    self.tell(Notice.WARNING)
                    continue
                wait -= self.warning_before
            try:
                item = self.commands.get(timeout=wait if wait is None else max(wait, 0.0))
            except queue.Empty:
                continue
            if isinstance(item, Signal):
                turn.hear(item, self.present, self.question_cap)
                continue
            if self.control.ended.is_set():
                return Command(Action.END)
            if not self.control.running.is_set():  # a key pressed during a pause waits
                self.control.running.wait()
            return item

    def _time_up(self, heard: bool = True) -> Command | None:
        """The turn's time has run out: None (the table rolls), or with the clock off the
        roll the table makes for an owner away. ``heard``: the owner's computer said it."""
        self.missed += not self.rolling_again()
        if self.present and not heard:
            self.unheard += not self.rolling_again()
        if not self.present:
            self.covered_rolls += 1
        if self.clock is None:  # no clock ran out: the owner is away
            self.tell(Notice.AWAY_ROLL)
            return Command(Action.ROLL, "away")
        self.tell(Notice.TIME_UP)
        return None

    def wait_for_go(self) -> bool:
        """She counts her move at her computer: the table waits for her ``went``, at most
        her turn clock (stopped by a pause, whole again after it; AWAY_CLOCK once she has
        left, as for a roll). False: the time ran out, the table plays on for her."""
        self.go_asked = False
        self.counting = True
        turn = TurnClock.start(self._clock(), True, self.monotonic)
        try:
            while not self.control.ended.is_set():
                if not self.control.running.is_set():
                    self.control.running.wait()
                    turn.restart()
                    continue
                if self._clock() != turn.clock:  # she came or went, with the clock off
                    turn.change(self._clock())
                wait = turn.left()
                if wait is not None and wait <= 0:
                    return False
                try:
                    item = self.commands.get(timeout=wait)
                except queue.Empty:
                    continue
                if item is Signal.WENT:
                    return True
            return True
        finally:
            self.counting = False

    def wake(self) -> None:
        """The owner left, or the table paused, resumed or ended: a waiting turn re-reads its
        clock at once."""
        self.commands.put(Signal.WAKE)

    close = wake


class TeamSeat:
    """A team's seat at the table: each turn it is the source of the child whose roll it is
    (``due``: snl_edu.play.teams.Rotation), so the clock, the cover and the rejoin are each
    child's own, as for a seat of their own."""

    interactive = True

    def __init__(self, children: Mapping[str, NetworkSeat], due: Callable[[], str]) -> None:
        self.children = dict(children)
        self.due = due

    def next_command(self, timeout: float | None = None) -> Command | None:
        return self.children[self.due()].next_command(timeout)
