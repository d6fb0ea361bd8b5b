"""The client's turn loop: the network thread tells what the table says, the keyboard's
thread sends this seat's roll and takes up the lessons between the child's keys."""

from __future__ import annotations

import contextlib
import functools
import threading
from collections.abc import Callable

from websockets.exceptions import WebSocketException

from snl_edu.app.opening import open_outputs, open_sound
from snl_edu.engine import Game
from snl_edu.engine.events import Event
from snl_edu.inputs.commands import Action, Command, CommandSource
from snl_edu.inputs.gestures import keyboard, your_turn
from snl_edu.inputs.seat_inputs import SeatInputs
from snl_edu.play import teams
from snl_edu.play.listener import QuestionInput
from snl_edu.table import wire, wire_requests
from snl_edu.table.client.goes import SeatGoes
from snl_edu.table.client.lessons import QuestionKeys, SeatLessons
from snl_edu.table.client.link import UNTRUSTED, TableError, TableLink, Untrusted, checked_update
from snl_edu.table.codes import normalise
from snl_edu.table.notices import MAX_WARNING, ended_by_teacher, notice_text
from snl_edu.table.wire import Notice
from snl_edu.vocabulary import Message

# How soon the keyboard's thread takes up a move's lesson (what the table says next waits
# for it), between the child's keys.
LESSON_POLL = 0.05
PROMPT_WAIT = 10.0  # "your turn", said to the end, takes a second or two


class TableClient(TableLink, SeatLessons, SeatGoes):
    """A child's computer, or a projector's view, at the table: ``run`` plays to the end."""

    def run(self, keys: CommandSource | None, stack: contextlib.ExitStack | None = None
            ) -> bool:
        """Join, then play until the table ends or the keys end; True if the game finished."""
        with contextlib.ExitStack() as own:
            stack = stack or own
            if self.token is None:
                self.token = self._kept_key()
            welcome = self._connect()
            self._welcome(welcome)
            stack.callback(self._close)
            asking: QuestionKeys | None = None
            if keys is not None:
                audio = open_sound(self.options.sound, self.loc, self.terminal.notify, stack,
                                   SeatInputs(keys).key_pressed)
                self.outputs = self.listener.sink = open_outputs(self.console, audio)
                if not self.options.watch:
                    self.go.keys = keys if keys.interactive else None
                    asking = QuestionKeys(QuestionInput(keys, self.listener, self._leave), self.my_turn,
                                          self.ended, self._thinking, self.dropped)
                    self.teacher = self._open_lessons(
                        asking, audio.speaks or self.options.sound.screen_reader, stack)
                    if welcome.back and self.teacher is not None:
                        self._take_up_kept_question()
            receiver = threading.Thread(target=self._receive, name="snl-table-client",
                                        daemon=True)
            receiver.start()
            while not self.ended.is_set():
                if keys is None:
                    self.ended.wait(0.5)
                    continue
                self._teach(asking)
                command = keys.next_command(LESSON_POLL)
                if command is None:
                    continue
                if command.action is Action.ROLL and not keys.interactive:
                    # A script's line is meant: it waits for this seat's turn (at a
                    # keyboard, a press before the turn is an impatient key, dropped).
                    # Meanwhile the table's moves and their lessons are said in order.
                    while not (self.turn_said.wait(LESSON_POLL) or self.ended.is_set()):
                        self._teach(asking)
                self._act(command, keys)
            receiver.join(timeout=2)
            if self.untrusted:
                raise TableError(UNTRUSTED)
            self._release_the_rest()
        return self.finished

    def _receive(self) -> None:
        """The network thread: every message from the table, in order, until it ends."""
        while not self.ended.is_set():
            try:
                text = self.connection.recv()
            except (OSError, WebSocketException):
                if self.ended.is_set() or not self._reconnect():
                    self.ended.set()
                    return
                continue
            try:
                self._handle(wire.read_fact(wire.decode(text, wire.MAX_TABLE_MESSAGE)))
            except (wire.WireError, Untrusted):
                # Not what a table sends: nothing more it says is shown or said.
                self.untrusted = True
                self.ended.set()
                return

    def _handle(self, fact: wire.Fact) -> None:
        if isinstance(fact, wire.Update) and self.narrator is not None:
            assert self.game is not None
            self.listener.game = game = checked_update(self.game, fact)
            events = list(fact.events)
            self._tell(lambda: self._tell_update(game, events))
        elif isinstance(fact, wire.NoticeOf):
            self._on_notice(fact)
        elif isinstance(fact, wire.Ended) and fact.stopped:
            # The teacher's computer stopped: the seat and its key are kept, and this
            # computer comes back by itself when the table is resumed.
            self.table_stopped = True
            self._tell(lambda: self.listener.news([Message(self._(
                "The teacher has stopped the table. It can go on: stay here, and this "
                "computer comes back to it by itself."))]))
        elif isinstance(fact, wire.Ended):
            self.finished = fact.finished
            if self.seat_keys is not None:
                with contextlib.suppress(OSError):  # the table is gone: so is its key
                    self.seat_keys.drop(self.options.name, normalise(self.options.code))
            self._tell(lambda: self._last_words(fact))
            self.ended.set()
        elif isinstance(fact, (wire.Welcome, wire.Refused)):
            raise Untrusted("a second welcome")

    def _last_words(self, ended: wire.Ended) -> None:
        """The table's last words. An open question ends with it: it is not asked again
        below them."""
        lines = [] if ended.finished else self._ended_early(ended.saved)
        self.listener.answered()
        self.listener.news(lines + [Message(self._("The table has closed."))])

    def _ended_early(self, saved: bool) -> list[Message]:
        """The teacher ended the game: the places as it stands, and whether it is kept."""
        assert self.game is not None and self.narrator is not None
        lines = []
        if self.listener.question_open:
            lines.append(Message(self._("The game has ended, so we leave this question for "
                                        "another time.")))
        lines += ended_by_teacher(self.loc, self.narrator, self.game)
        if saved:
            lines.append(Message(self._("The game is saved: the class can play on with it "
                                        "another day.")))
        return lines

    def _tell_update(self, game: Game | None, events: list[Event]) -> None:
        """A move, narrated; then its lessons (a card, or a question for this child) at the
        keyboard, before the next turn is called and anything else the table says."""
        if self._her_move(game, events):
            return  # counted by her first, at the keyboard (client/goes.py)
        self.told_game = game
        announce = self.listener.roll(events)
        if self.options.watch:
            announce()
            self._show_board()
        elif self.teacher is not None and game is not None:
            with self.shown:
                self.turns.append((game, events))
                self.held = [announce, *(self.held or [])]
        else:
            announce()

    def _turn_came(self, called: int) -> None:
        """The table waits for this child's roll: said in its place among what the table
        said."""
        self._tell(lambda: self._prompt(called))

    def _on_notice(self, notice: wire.NoticeOf) -> None:
        if self.game is None:
            return
        seat = notice.seat
        if seat is not None and seat >= len(self.game.seats):
            raise Untrusted("a notice about a seat that is not there")
        if notice.kind is Notice.TURN:
            if seat == self.seat:  # numbered by the table (one that does not: counted)
                self.turns_called = notice.turn if notice.turn is not None \
                    else self.turns_called + 1
                self.my_turn.set()
                self._turn_came(self.turns_called)
            return
        name = ""
        if seat is not None:
            name = self.narrator.name(seat) if self.narrator else ""
            # One child of a team: named as the table has them.
            if notice.member is not None and notice.member in teams.members(
                    self.game.seats[seat]):
                name = notice.member
        seconds = notice.seconds
        if notice.kind is Notice.WARNING and seconds is not None and 0 < seconds <= MAX_WARNING:
            line = notice_text(self.loc, notice.kind, name, seconds)
        else:  # a host that did not say (or said nonsense): the default warning time
            line = notice_text(self.loc, notice.kind, name)
        if notice.kind is Notice.COUNTED and seat == self.seat:
            self.go.over.set()  # her go's time is up: the game counts the rest for her
        if notice.kind is Notice.TIME_UP and seat == self.seat:
            self.go.asked = False  # the table rolled, not she: no go is waited for
            self.my_turn.clear()  # the table rolls for this child: the turn is no longer theirs
            self.turn_said.clear()
            self._tell(lambda: self._time_up(line))
        elif line and not (notice.kind is Notice.WARNING and seat != self.seat):
            self._tell(lambda: self.listener.news([Message(line)]))

    def turn_line(self) -> str:
        """The child's turn as this computer tells it: a terminal rolls with Enter."""
        return your_turn(self.loc, self.gestures or keyboard(self.loc, self.listener.ear))

    def _prompt(self, called: int | None = None) -> None:
        """The turn (``called``: the how-manyth; None: the latest), said to the end; then
        the table starts the child's clock, unless their own question is open: then it
        stands still until the question is over. A turn said late, behind a lesson, that
        has passed (the child rolled, or the table rolled for them) is not said at all: it
        is no longer true, and the table waits in a later one."""
        turn = self.turns_called if called is None else called  # the one said here
        if not self._turn_is(turn):
            return
        self.prompting.set()
        try:
            self.listener.news([Message(self.turn_line(), "turn")])
            with self.shown:  # against the question closing meanwhile on the keys' thread
                if not self._turn_is(turn):
                    return
                self.clock_held = self.listener.question_open
                with self.sending:  # the table hears it before any roll pressed after it
                    self.turn_said.set()
                    # Named: said late (the table's words read after a long wait), it is
                    # of a turn gone, and the table takes it for no later one.
                    self._send(wire_requests.Asking(turn) if self.clock_held else wire_requests.Said(turn))
        finally:
            self.prompting.clear()

    def _turn_is(self, called: int | None) -> bool:
        """The table still waits for this child's roll in that call (None: the latest); a
        table that has closed waits for nothing."""
        return self.my_turn.is_set() and called in (None, self.turns_called) \
            and not self.ended.is_set()

    def _teach(self, keys: QuestionKeys | None) -> None:
        """Lessons on the turns played, between the child's keys; an Enter that put a
        question aside in the child's own turn rolls. Her go on her move comes first."""
        self._take_goes()
        while self.teacher is not None and not self.ended.is_set():
            lesson: Callable[[], object]
            if self.kept_question is not None:
                assert self.game is not None
                lesson = functools.partial(self.teacher.ask_again, self.game,
                                           self.kept_question)
                self.kept_question = None
            elif self.turns:
                lesson = functools.partial(self.teacher, *self.turns.popleft())
            else:
                return
            self.in_lesson = True
            try:
                lesson()
            finally:
                self.in_lesson = False
                with self.shown:
                    self.listener.answered()
                    turn_waits, self.clock_held = self.clock_held, False
                    self.dropped.clear()
            self._release()
            if keys is not None and keys.roll.is_set():
                keys.roll.clear()
                self._act(Command(Action.ROLL), keys)
            elif turn_waits:
                self._prompt()  # the question is over: the turn again, and its clock starts

    def _leave(self, keys: CommandSource) -> bool:
        """q at a child's computer: this child leaves (after a yes), the table plays on."""
        if not self.listener.confirm(self._("Leave the table? Press y for yes or n for no."),
                                     keys, until=self.ended):
            return False
        self.listener.say([Message(self.come_back())], remember=False)
        self.ended.set()
        return True

    def _act(self, command: Command, keys: CommandSource | None = None) -> None:
        action = command.action
        if action is Action.QUIT:
            if self.options.watch:
                self.ended.set()  # a view holds no seat: nothing to ask
            elif keys is not None:  # the answer comes from the same keys
                self._leave(keys)
            return
        if action in wire_requests.NETWORK_ACTIONS:
            if self.options.watch:
                return
            if self.my_turn.is_set() and self.prompting.is_set():
                # Pressed while "your turn" is being said: a press of this turn, once it is.
                self.turn_said.wait(PROMPT_WAIT)
            with self.sending:
                if self.my_turn.is_set() and not self.turn_said.is_set():
                    return  # pressed before "your turn" was said: it belongs to no turn
                # Our roll, once; in another's turn the table says whose roll it is.
                self.my_turn.clear()
                self.turn_said.clear()
                self._send(wire_requests.command_data(self._counted(command)))
            return
        if action is Action.END:
            self.ended.set()
        elif self.narrator is not None and self.game is not None:
            self.listener.handle(command)  # answered here, from this computer's copy
