"""The seat's lessons on the child's computer: opened where their progress is kept, taken
up between the child's keys, and what the table says held behind an open lesson."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import random
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from snl_edu.engine import Game
from snl_edu.engine.events import Event, Rolled
from snl_edu.inputs.commands import Action, Command, CommandSource
from snl_edu.lessons.answers import ANSWERED_BY_GAME
from snl_edu.play import teams
from snl_edu.play.listener import QuestionInput
from snl_edu.safe_text import clean_name
from snl_edu.table import wire, wire_requests
from snl_edu.table.client.state import ClientState
from snl_edu.table.codes import normalise
from snl_edu.vocabulary import Message

if TYPE_CHECKING:
    from snl_edu.lessons.answers import Outcome
    from snl_edu.lessons.teacher import Teacher
    from snl_edu.store.seat_keys import SeatKeys

QUESTION_POLL = 0.2  # how soon, during a question, what the table said is said


class QuestionKeys:
    """The child's keys while a question is open at their computer, the game's keys working
    as in ``snl play`` (``QuestionInput``). The table does not wait for answers: in the
    child's own turn (or a team-mate's at this computer) Enter with nothing typed puts the
    question aside and rolls, while a number still answers it; the table closing ends the
    question."""

    def __init__(self, keys: QuestionInput, turn: threading.Event, ended: threading.Event,
                 thinking: Callable[[], None] = lambda: None,
                 dropped: threading.Event | None = None) -> None:
        self.keys = keys
        self.handle = keys.handle  # w, a, h: where everyone is, what is ahead, the help
        self.interactive = keys.interactive
        self.turn = turn
        self.ended = ended
        # The table rolled for the child while their question was open: it is put aside.
        self.dropped = dropped or threading.Event()
        # Told while the keys are wanted (a question has been said), at least every
        # QUESTION_POLL: what the table says meanwhile is said then, the question below it.
        self.thinking = thinking
        self.typed = False  # keys of an answer since the last Enter
        self.roll = threading.Event()  # the Enter that put a question aside: a roll

    def next_command(self, timeout: float | None = None) -> Command | None:
        while True:
            self.thinking()
            if self.ended.is_set():
                return Command(Action.END)
            if self.dropped.is_set():
                return Command(Action.SKIP)
            command = self.keys.next_command(
                QUESTION_POLL if timeout is None else min(timeout, QUESTION_POLL))
            if command is None:
                if timeout is not None:
                    return None
                continue
            if command.action is Action.ROLL and command.text.strip() == "":
                if self.turn.is_set() and not self.typed:
                    self.roll.set()
                    return Command(Action.SKIP)
                self.typed = False
            elif len(command.text) == 1 and command.text.isprintable() and (
                    self.typed or command.action not in ANSWERED_BY_GAME):
                self.typed = True  # (w, a or h first is the game's key, not an answer's)
            return command


class SeatLessons(ClientState):
    """The lessons of this computer's seat, and what waits behind them."""

    def _open_lessons(self, keys: CommandSource, by_ear: bool,
                      stack: contextlib.ExitStack) -> Teacher | None:
        from snl_edu.app.storage import open_store_telling
        from snl_edu.lessons.teacher import (
            Frequency,
            Recorder,
            Teacher,
            choose_frequency,
            history_wanted,
        )
        from snl_edu.store import StoreError
        from snl_edu.store.progress import ProgressStore

        table = self.table_lessons  # the teacher's choice for every seat, where given
        frequency = choose_frequency(table.lessons or self.options.lessons, keys.interactive)
        history = history_wanted(table.history or self.options.history, frequency)
        level = table.level or self.options.level
        if self.seat is None or self.narrator is None or (
                frequency is Frequency.OFF and not history):
            return None
        recorder = None
        try:
            store = open_store_telling(self.options.data_dir, self.loc, self.terminal.notify)
        except StoreError:
            store = None  # the lessons go on; only their record is missing
        if store is not None:
            stack.callback(store.close)
            recorder = Recorder(ProgressStore(store), "table", level,
                                self.loc.language)
        learner = clean_name(self.options.learner or "")
        own, members, rotation = self.seat, self.members, teams.Rotation(self.narrator.seats)

        def child(game: Game, seat: int) -> str | None:
            """Only this computer's child answers: after their own roll, on their own seat."""
            if seat != own:
                return None
            if not members:
                return game.seats[seat].name
            roller = rotation.roller(game, seat)
            return roller if roller in members else None

        teacher = Teacher(self.loc, self.listener, keys, frequency, level,
                          random.Random(), history, by_ear, recorder,
                          {own: learner} if learner and len(members) <= 1 else {}, child=child,
                          # The table waits for her answer only in a roll at this computer.
                          others_move=True,
                          token_moves=len(members) < len(teams.members(self.narrator.seats[own])))
        # On this thread, where the store lives: the narration (on whichever thread tells
        # the table's moves) then knows whose moves are counted on without the store.
        self.listener.goes = teacher  # her go after her roll (client/goes.py)
        teacher.decide_levels([*teacher.learners.values(),
                               *(members or (self.narrator.seats[own].name,))])
        if self.seat_keys is not None:
            teacher.on_open = functools.partial(self._keep_question, self.seat_keys)
        if not self.at_host:
            teacher.on_answer = self._answer_to_table
        return teacher

    def _answer_to_table(self, name: str, outcome: Outcome) -> None:
        """Send an answer to the teacher's computer, which keeps the whole class's practice
        (``snl progress --class``). Checked as the host checks it: one it would refuse is
        not sent (a refusal counts against the connection)."""
        record = outcome.record()
        given = None if record.given is None else \
            min(max(record.given, 0), wire_requests.MAX_ANSWER_NUMBER)
        answer = wire_requests.Answered(name, self.loc.language, dataclasses.replace(
            record, question=record.question[:wire_requests.MAX_QUESTION], given=given,
            seconds=min(max(record.seconds, 0.0), wire_requests.MAX_ANSWER_SECONDS)))
        try:
            wire_requests.read_answered(answer.data())
        except wire.WireError:
            return
        self._send(answer)

    def _keep_question(self, seat_keys: SeatKeys, question: dict[str, Any] | None) -> None:
        """Keep the question now open (None: none is) with the seat's key, so a child whose
        program quits before she answers is asked it again when she is back. A folder that
        cannot be written loses only that."""
        with contextlib.suppress(OSError):
            seat_keys.keep_question(self.options.name, normalise(self.options.code), question)

    def _take_up_kept_question(self) -> None:
        """Back at the table after the program quit during a question: it is asked again
        before anything else, and what the table says meanwhile waits until it has been
        (as behind a move's lesson)."""
        if self.seat_keys is None:
            return
        kept = self.seat_keys.question(self.options.name, normalise(self.options.code))
        if kept is not None:
            with self.shown:
                self.kept_question = kept
                if self.held is None:
                    self.held = []

    def _tell(self, action: Callable[[], None]) -> None:
        """Say something from the table now, or after the lesson that is open."""
        with self.shown:
            if self.held is not None:
                self.held.append(action)
                return
        action()

    def _release(self) -> None:
        """Say what the table said during a lesson, in order, until a move brings the next
        lesson (the rest waits for that one)."""
        with self.releasing:  # one thread at a time says them, so their order is kept
            while True:
                with self.shown:
                    if self.held is None or self.turns or self.go.due \
                            or self.dropped.is_set():
                        return
                    if not self.held:
                        # While a lesson is open, what the table says next waits for the
                        # keys' next poll too, so a move comes with its card and the question
                        # is asked again once, below both (said at once on the network's
                        # thread, it came between them, as the network and the keys raced).
                        self.held = [] if self.in_lesson else None
                        return
                    action = self.held.pop(0)
                action()

    def _thinking(self) -> None:
        """A lesson waits for the child's answer. The first time, its question is kept to
        be said again below what comes; every time, what the table said since is said,
        each move with its own lesson (a card: one question at a time), the question
        last."""
        if not self.in_lesson or self.teacher is None or self.dropped.is_set():
            return
        asker = self.teacher.asker
        with self.shown:
            if not self.listener.question_open and asker is not None \
                    and asker.asking is not None:
                self.listener.asking([Message(asker.asking.prompt)])
        if not self.listener.question_open:
            return
        with self.listener.meanwhile():
            self._release()
            # Other children's moves have cards, never a question here; a move of this
            # seat's (a team-mate's roll) waits with its question, and all after it.
            while self.turns and not self._ours(self.turns[0][1]):
                self.teacher(*self.turns.popleft())
                self._release()

    def _ours(self, events: list[Event]) -> bool:
        """A move of this computer's seat (its lesson may be a question)."""
        first = events[0] if events else None
        return isinstance(first, Rolled) and first.seat == self.seat

    def _time_up(self, line: str | None) -> None:
        """The table rolled for this child. A question of theirs still open held the turn
        as long as the table waits: it is put aside (the lesson says so, once), and what the
        table says next comes after that, in order, never behind the old question."""
        with self.shown:
            if self.in_lesson and self.listener.question_open:
                self.listener.answered()  # not asked again below: it is over
                self.clock_held = False
                self.dropped.set()
                if self.held is None:
                    self.held = []
        if line:
            self.listener.news([Message(line)])

    def _release_the_rest(self) -> None:
        """The client ends: what the table said during the last lesson is said, and no
        lesson is begun."""
        self.teacher = None
        self.turns.clear()
        with self.shown:
            while self.go.due:  # a go never begun: her move told as it was
                _, events = self.go.due.popleft()
                self.held = [self.listener.roll(events), *(self.held or [])]
        self._release()
