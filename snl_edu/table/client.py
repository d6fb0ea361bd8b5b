"""A child's computer at the classroom table: sends requests for its own seat, narrates the
table's events in its own language, digits, verbosity and sound, answers review keys itself.

A projector's read-only view (``watch``) is the same client without a seat: after every
turn it shows the board, where everyone is and the last moves, as plain lines.
"""

from __future__ import annotations

import collections
import contextlib
import functools
import random
import shlex
import socket
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from websockets.exceptions import WebSocketException

from snl_edu.app.options import SoundOptions
from snl_edu.app.play import Terminal, open_sound
from snl_edu.engine import Game, Seat
from snl_edu.engine.events import Event, Rolled
from snl_edu.inputs.commands import Action, Command, CommandSource
from snl_edu.inputs.seat_inputs import SeatInputs
from snl_edu.language.localizer import Localizer
from snl_edu.lessons.answers import ANSWERED_BY_GAME
from snl_edu.outputs.console import ConsoleOutput, Outputs
from snl_edu.play import teams
from snl_edu.play.listener import Listener, QuestionInput
from snl_edu.play.narration import Narrator, Verbosity, computer_name
from snl_edu.safe_text import clean_name
from snl_edu.table import wire
from snl_edu.table.codes import normalise, quiet_logger
from snl_edu.table.notices import MAX_WARNING, ended_by_teacher, notice_text
from snl_edu.table.wire import Notice, Refusal
from snl_edu.vocabulary import N_, Message, SnlError

if TYPE_CHECKING:
    from snl_edu.lessons.teacher import Teacher
    from snl_edu.store.seat_keys import SeatKeys

CONNECT_WAIT = 5.0
# How soon the keyboard's thread takes up a move's lesson (what the table says next waits
# for it), between the child's keys.
LESSON_POLL = 0.05
QUESTION_POLL = 0.2  # how soon, during a question, what the table said is said
RECONNECT_TRIES = 5
PROMPT_WAIT = 10.0  # "your turn", said to the end, takes a second or two


class TableError(SnlError):
    """The table could not be reached or refused us; one sentence for the child or teacher."""


REFUSALS = {
    Refusal.CODE: N_("That join code is not right. Check the code the host shows."),
    Refusal.TRIES: N_("Too many wrong codes from this computer: wait a minute, then try "
                      "again."),
    Refusal.NO_SEAT: N_("There is no free seat for {name} at this table. Use the name the "
                        "teacher gave you."),
    Refusal.SEATED: N_("{name} is already at the table on another computer. If that is not "
                       "you, ask the teacher."),
    Refusal.KEPT: N_("The seat of {name} is kept for {name}. If it is yours, ask the teacher "
                     "to let you back in, then join again."),
    Refusal.MALFORMED: N_("The table did not understand this computer."),
}
FREE_SEATS = N_("There is no free seat for {name} at this table. The free seats are: "
                "{names}. Use the name the teacher gave you.")
# A host that sends what no table sends (a seat that is not there, a move the rolls do not
# make): this computer leaves rather than show or say it.
UNTRUSTED = N_("The table sent something that cannot be right, so this computer has left "
               "it. Ask the teacher to check the table.")


class Untrusted(Exception):
    """A fact from the table that does not fit the game this computer holds."""


def game_from(data: object) -> Game:
    """The game as the table sent it (its texts already made visible by ``wire``)."""
    try:
        return Game.from_data(data)
    except (SnlError, TypeError, ValueError, KeyError, AttributeError) as error:
        raise Untrusted("not a game") from error


def checked_update(held: Game, update: wire.Update) -> Game:
    """The game after an update, if the update is one this game can make: the same board,
    rules and seats, the rolls so far and new ones, and exactly the events those rolls make
    (so every seat and square an event names is right)."""
    game = game_from(update.game)
    if (game.board, game.rules, list(game.seats)) != (held.board, held.rules, list(held.seats)) \
            or list(game.rolls[:len(held.rolls)]) != list(held.rolls):
        raise Untrusted("not this game")
    replay = Game.replay(held.board, held.rules, held.seats, held.rolls)
    new = game.rolls[len(held.rolls):]
    expected = [event for roll in new for event in replay.play(roll)] if new \
        else replay.opening()
    if list(update.events) != expected:
        raise Untrusted("events the rolls do not make")
    return game


def unreachable(error: Exception) -> str:
    """Why a table could not be reached, as one whole sentence a child or teacher can act on."""
    if isinstance(error, ConnectionRefusedError):
        return N_("Cannot reach a table at {address}: nothing is listening there. Is the table "
                  "open, and is the number after the colon right?")
    if isinstance(error, socket.gaierror):
        return N_("Cannot reach a table at {address}: this computer does not know that name. "
                  "Type the address the host shows.")
    if isinstance(error, TimeoutError):
        return N_("Cannot reach a table at {address}: it did not answer in time. Is this "
                  "computer on the same network as the host?")
    if isinstance(error, WebSocketException):
        return N_("Cannot reach a table at {address}: something answered there, but it is not "
                  "a table.")
    return N_("Cannot reach a table at {address}: the network does not let this computer "
              "through to it.")


@dataclass(frozen=True)
class ClientOptions:
    host: str
    port: int
    code: str
    name: str = ""
    watch: bool = False
    verbosity: str = "normal"
    count: bool = False
    sound: SoundOptions = field(default_factory=SoundOptions)
    lessons: str | None = None  # None: some at a keyboard, off for a script
    level: int | None = None  # None: each learner's suggested level, from their record
    history: str | None = None
    data_dir: str | None = None  # where this child's progress is kept (on their computer)
    learner: str | None = None  # the name progress is kept under (default: the seat's)


def local_names(seats: Sequence[Seat], loc: Localizer) -> list[Seat]:
    """Children's names as the table has them; computer players named in our own language."""
    named, computers = [], 0
    for seat in seats:
        if seat.computer:
            computers += 1
            seat = Seat(computer_name(loc, computers), computer=True)
        named.append(seat)
    return named


def find_table(options: ClientOptions, via: str | None = None) -> ClientOptions:
    """The table on the network that takes this join code (multicast may be blocked:
    then the child types the address the host shows)."""
    from snl_edu.table.discovery import look_for_tables

    found = look_for_tables(via)
    if not found:
        raise TableError(N_("No table found on this network. Type the address the host "
                            "shows: snl table join HOST:PORT CODE --name NAME"))
    if len(found) == 1:
        return replace(options, host=found[0].host, port=found[0].port)
    for table in found:  # several tables: the one whose code this is welcomes us
        candidate = replace(options, host=table.host, port=table.port)
        if _accepts(candidate):
            return candidate
    raise TableError(REFUSALS[Refusal.CODE])


def _accepts(options: ClientOptions) -> bool:
    from websockets.sync.client import connect

    try:
        with connect(f"ws://{options.host}:{options.port}", compression=None, proxy=None,
                     logger=quiet_logger("client"),
                     open_timeout=CONNECT_WAIT, max_size=wire.MAX_TABLE_MESSAGE) as probe:
            probe.send(wire.encode(wire.Join(options.code, "", watch=True)))
            reply = wire.read_fact(wire.decode(probe.recv(timeout=CONNECT_WAIT),
                                               wire.MAX_TABLE_MESSAGE))
    except (OSError, TimeoutError, WebSocketException, wire.WireError):
        return False
    return isinstance(reply, wire.Welcome)


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


class TableClient:
    def __init__(self, options: ClientOptions, loc: Localizer,
                 terminal: Terminal | None = None, seat_keys: SeatKeys | None = None) -> None:
        self.options = options
        self.loc = loc
        self._ = loc.gettext
        self.terminal = terminal or Terminal()
        self.console = ConsoleOutput(self.terminal.stdout)
        self.outputs = Outputs([self.console])
        # What this child hears and the keys answered here; its game is this computer's copy.
        self.listener = Listener(self._, self.outputs)
        self.shown = threading.Lock()  # guards what is held behind a lesson
        self.ended = threading.Event()
        self.my_turn = threading.Event()  # the table waits for this seat's roll
        self.turn_said = threading.Event()  # ... and "your turn" has been said here
        self.prompting = threading.Event()  # "your turn" is being said now
        self.sending = threading.Lock()  # "said" and a roll leave in the order they happen
        self.turns_called = 0  # how many times the table has asked for this seat's roll
        # Lessons run on this computer, between the child's own keys: the network thread
        # hands each turn's events over and the keyboard's thread asks the question.
        self.teacher: Teacher | None = None
        self.turns: collections.deque[tuple[Game, list[Event]]] = collections.deque()
        # The question open here when this computer's program last quit (kept with the
        # seat's key): asked again first when the child is back.
        self.kept_question: object = None
        # While a move's lesson is due, what the table says meanwhile waits here, in order,
        # and is said after it (None: said at once), so a card or a question comes right
        # after its move. Once the child's question has been said, the table's lines are
        # said as they come (at the keys' next poll), each time with the question below.
        self.held: list[Callable[[], None]] | None = None
        self.told_game: Game | None = None  # the game as of the last update said
        self.releasing = threading.Lock()
        self.in_lesson = False  # the keyboard's thread is in a lesson (a card or a question)
        # The child's turn came while their question was open: their clock waits for it.
        self.clock_held = False
        # The turn their open question held has run out: the question is put aside, and
        # what the table says after waits until the lesson has said so.
        self.dropped = threading.Event()
        self.finished = False
        self.untrusted = False  # the table sent what no table sends: we left it
        self.connection: Any = None
        self._connections = contextlib.ExitStack()  # every connection made, closed at the end
        # A reconnection may be under way when the client ends: the stack is closed once,
        # and a connection made after that is closed at once, not kept (the table would
        # think the child still there).
        self._connecting = threading.Lock()
        self._closed = False
        self.token: str | None = None
        # Where this child's key to their seat is kept on their computer, so joining again
        # after the program quit needs no teacher (None: only in memory, as a page's seat;
        # a watcher has no seat, so no key).
        self.seat_keys = None if options.watch else seat_keys
        self.key_kept = False  # the latest key is kept there
        self.seat: int | None = None
        self.members: tuple[str, ...] = ()  # in a team: the children at this computer

    @property
    def game(self) -> Game | None:
        return self.listener.game

    @property
    def narrator(self) -> Narrator | None:
        return self.listener.narrator

    # -- connecting -------------------------------------------------------------

    def _connect(self) -> wire.Welcome:
        from websockets.sync.client import connect

        uri = f"ws://{self.options.host}:{self.options.port}"
        address = f"{self.options.host}:{self.options.port}"
        try:
            made = connect(uri, max_size=wire.MAX_TABLE_MESSAGE, compression=None,
                           open_timeout=CONNECT_WAIT, proxy=None, logger=quiet_logger("client"))
        except (OSError, TimeoutError, WebSocketException) as error:  # refused, unreachable
            raise TableError(unreachable(error), address=address) from None
        with self._connecting:
            if self._closed:  # the client ended while this one was connecting: let it go
                made.close()
                raise TableError(N_("The connection to the table is lost."),
                                 address=address)
            self.connection = self._connections.enter_context(made)
        try:
            self.connection.send(wire.encode(wire.Join(
                self.options.code, self.options.name, self.token, self.options.watch)))
            first = wire.read_fact(wire.decode(self.connection.recv(timeout=CONNECT_WAIT),
                                               wire.MAX_TABLE_MESSAGE))
        except (OSError, TimeoutError, WebSocketException, wire.WireError):
            raise TableError(N_("The table at {address} did not answer."),
                             address=address) from None
        if isinstance(first, wire.Refused):
            if first.reason is Refusal.NO_SEAT and first.free:
                raise TableError(FREE_SEATS, name=self.options.name,
                                 names=self.loc.join(list(first.free)))
            raise TableError(REFUSALS[first.reason], name=self.options.name)
        if not isinstance(first, wire.Welcome):
            raise TableError(REFUSALS[Refusal.MALFORMED])
        return first

    def _welcome(self, welcome: wire.Welcome) -> None:
        try:
            game = game_from(welcome.game)
        except Untrusted:
            raise TableError(UNTRUSTED) from None
        seat = welcome.seat
        if (seat is None) != self.options.watch or (
                seat is not None and (seat >= len(game.seats) or game.seats[seat].computer)):
            raise TableError(UNTRUSTED)  # a seat that is not there, or not a child's
        self.seat = self.listener.seat = seat
        self.token = welcome.token
        self._keep_key()
        team = teams.members(game.seats[self.seat]) if self.seat is not None else ()
        self.members = tuple(name for name in team if name in welcome.members)
        first_time = self.narrator is None
        self.listener.game = game
        rotation = teams.Rotation(game.seats)  # used by whichever thread is telling
        self.told_game = game
        self.listener.narrator = narrator = Narrator(
            self.loc, game.board, local_names(game.seats, self.loc),
            Verbosity(self.options.verbosity), self.options.count,
            lambda seat: rotation.due(self.told_game or game, seat),
            lambda seat: self._counts_on(self.told_game or game, seat))
        if self.options.watch:
            self.listener.say([Message(self._("Watching the table: {board}.").format(
                board=game.board.title(self.loc.language)))])
            self._show_board()
            return
        name = narrator.name(self.seat) if self.seat is not None else ""
        if len(self.members) == 1:
            name = self.members[0]  # one child of a team: greeted by their own name
        if welcome.back or not first_time:
            lines = [Message(self._("Welcome back, {name}.").format(name=name))]
            if welcome.covered:
                lines.append(Message(self.loc.ngettext(
                    "While you were away, the table rolled for you {count} time.",
                    "While you were away, the table rolled for you {count} times.",
                    welcome.covered).format(count=self.loc.number(welcome.covered))))
            self.listener.say(lines + narrator.where(game))
        elif len(self.members) == 1:
            team_name = narrator.name(self.seat) if self.seat is not None else ""
            self.listener.say([Message(self._("You sit at the table as {name}, in the team {team}. "
                                      "Wait for your roll.").format(name=name, team=team_name))])
        else:
            self.listener.say([Message(self._("You sit at the table as {name}. Wait for your "
                                      "turn.").format(name=name))])
        if first_time and not welcome.back and game.rolls:  # a resumed game
            self.listener.say(narrator.where(game), remember=False)

    def _keep_key(self) -> None:
        """Keep the seat's newest key in the child's data; a folder that cannot be written
        keeps it in memory only (joining again then needs the teacher, as before)."""
        if self.seat_keys is None or self.token is None:
            return
        try:
            self.seat_keys.keep(self.options.name, normalise(self.options.code), self.token)
            self.key_kept = True
        except OSError:
            self.key_kept = False

    def _kept_key(self) -> str | None:
        """The key this child was given at this table before (the program quit, the computer
        restarted), if it is kept."""
        return self.seat_keys.key(self.options.name, normalise(self.options.code)) \
            if self.seat_keys is not None else None

    def _counts_on(self, game: Game, seat: int) -> bool:
        """Whether a move is tapped and counted on aloud: this computer's child at level 1
        (decided where their progress is kept, ``_open_lessons``)."""
        teacher = self.teacher
        return teacher is not None and teacher.counts_on(game, seat)

    # -- what the table says ----------------------------------------------------

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
                    if self.held is None or self.turns or self.dropped.is_set():
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

    def _handle(self, fact: wire.Fact) -> None:
        if isinstance(fact, wire.Update) and self.narrator is not None:
            assert self.game is not None
            self.listener.game = game = checked_update(self.game, fact)
            events = list(fact.events)
            self._tell(lambda: self._tell_update(game, events))
        elif isinstance(fact, wire.NoticeOf):
            self._on_notice(fact)
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

    def _on_notice(self, notice: wire.NoticeOf) -> None:
        if self.game is None:
            return
        seat = notice.seat
        if seat is not None and seat >= len(self.game.seats):
            raise Untrusted("a notice about a seat that is not there")
        if notice.kind is Notice.TURN:
            if seat == self.seat:
                self.turns_called += 1
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
        if notice.kind is Notice.TIME_UP and seat == self.seat:
            self.my_turn.clear()  # the table rolls for this child: the turn is no longer theirs
            self.turn_said.clear()
            self._tell(lambda: self._time_up(line))
        elif line and not (notice.kind is Notice.WARNING and seat != self.seat):
            self._tell(lambda: self.listener.news([Message(line)]))

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

    # -- lessons on this computer -----------------------------------------------

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

        frequency = choose_frequency(self.options.lessons, keys.interactive)
        history = history_wanted(self.options.history, frequency)
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
            recorder = Recorder(ProgressStore(store), "table", self.options.level,
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

        teacher = Teacher(self.loc, self.listener, keys, frequency, self.options.level,
                          random.Random(), history, by_ear, recorder,
                          {own: learner} if learner and len(members) <= 1 else {}, child=child,
                          # The table waits for her answer only in a roll at this computer.
                          others_move=True,
                          token_moves=len(members) < len(teams.members(self.narrator.seats[own])))
        # On this thread, where the store lives: the narration (on whichever thread tells
        # the table's moves) then knows whose moves are counted on without the store.
        teacher.decide_levels([*teacher.learners.values(),
                               *(members or (self.narrator.seats[own].name,))])
        if self.seat_keys is not None:
            teacher.on_open = functools.partial(self._keep_question, self.seat_keys)
        return teacher

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

    def _prompt(self, called: int | None = None) -> None:
        """The turn (``called``: the how-manyth; None: the latest), said to the end; then
        the table starts the child's clock, unless their own question is open: then it
        stands still until the question is over. A turn said late, behind a lesson, that
        has passed (the child rolled, or the table rolled for them) is not said at all: it
        is no longer true, and the table waits in a later one."""
        if not self._turn_is(called):
            return
        self.prompting.set()
        try:
            self.listener.news([Message(self._("Your turn: press Enter to roll the pasa."),
                                        "turn")])
            with self.shown:  # against the question closing meanwhile on the keys' thread
                if not self._turn_is(called):
                    return
                self.clock_held = self.listener.question_open
                with self.sending:  # the table hears it before any roll pressed after it
                    self.turn_said.set()
                    self._send(wire.Asking() if self.clock_held else wire.Said())
        finally:
            self.prompting.clear()

    def _send(self, message: wire.Message | dict[str, Any]) -> None:
        with contextlib.suppress(WebSocketException, OSError):
            self.connection.send(wire.encode(message))

    def _turn_is(self, called: int | None) -> bool:
        """The table still waits for this child's roll in that call (None: the latest); a
        table that has closed waits for nothing."""
        return self.my_turn.is_set() and called in (None, self.turns_called) \
            and not self.ended.is_set()

    def _teach(self, keys: QuestionKeys | None) -> None:
        """Lessons on the turns played, between the child's keys; an Enter that put a
        question aside in the child's own turn rolls."""
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

    def _show_board(self) -> None:
        from snl_edu.views.board_text import board_grid

        assert self.game is not None and self.narrator is not None
        tokens = [(self.narrator.name(seat), square)
                  for seat, square in enumerate(self.game.positions)]
        lines = [Message(line) for line in board_grid(self.game.board, self.loc, tokens=tokens)]
        self.listener.say(lines + self.narrator.where(self.game), remember=False)

    def _reconnect(self) -> bool:
        """The network dropped: come back to the same seat with our token."""
        delay = 0.5
        for _ in range(RECONNECT_TRIES):
            if self.ended.wait(delay):
                return False
            try:
                self._welcome(self._connect())
                return True
            except TableError:
                delay = min(delay * 2, 4.0)
        self.listener.say([Message(self._("The connection to the table is lost."))], remember=False)
        return False

    # -- the child's keys -------------------------------------------------------

    def come_back(self) -> str:
        """How this child gets their seat back: the join line, as they typed it."""
        from snl_edu.table.joining import join_command

        command = join_command(f"{self.options.host}:{self.options.port}",
                               normalise(self.options.code))
        if self.key_kept:  # this computer has the seat's key: no teacher is needed
            text = self._("You have left the table; your seat is kept for you. To come back, "
                          "type: {command}")
        else:
            text = self._("You have left the table; your seat is kept for you. To come back, "
                          "ask the teacher to let you back in, then type: {command}")
        return text.format(command=f"{command} --name {shlex.quote(self.options.name)}")

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
        if action in wire.NETWORK_ACTIONS:
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
                self._send(wire.command_data(command))
            return
        if action is Action.END:
            self.ended.set()
        elif self.narrator is not None and self.game is not None:
            self.listener.handle(command)  # answered here, from this computer's copy

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
                audio = open_sound(self.options.sound, self.loc, SeatInputs(keys),
                                   self.terminal, stack)
                self.outputs = self.listener.sink = Outputs([self.console, *audio.outputs])
                if not self.options.watch:
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

    def _release_the_rest(self) -> None:
        """The client ends: what the table said during the last lesson is said, and no
        lesson is begun."""
        self.teacher = None
        self.turns.clear()
        self._release()

    def _close(self) -> None:
        self.ended.set()
        with self._connecting, contextlib.suppress(WebSocketException, OSError):
            self._closed = True
            self._connections.close()
