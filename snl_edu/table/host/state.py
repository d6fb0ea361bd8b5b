"""What the host's table holds: its options, the game and its chairs, the connections and
the locks its threads share (``Table`` is made of the jobs on top of it)."""

from __future__ import annotations

import abc
import functools
import hashlib
import logging
import secrets
import threading
from dataclasses import dataclass, field, replace
from typing import Any

from snl_edu.app.opening import open_outputs
from snl_edu.app.options import PlayOptions
from snl_edu.app.play import Terminal, prepare
from snl_edu.app.saving import Prepared, with_kept_settings
from snl_edu.engine import Game
from snl_edu.inputs.commands import CommandSource
from snl_edu.language.localizer import Localizer, localizer_for
from snl_edu.outputs.console import ConsoleOutput
from snl_edu.play import teams
from snl_edu.play.narration import Narrator, Verbosity
from snl_edu.safe_text import clean_name
from snl_edu.store.table_doors import TableDoors
from snl_edu.table import codes, wire
from snl_edu.table.connection import Outbox, Watch
from snl_edu.table.gate import JOIN_DEADLINE, Gate
from snl_edu.table.seats import WARNING_BEFORE, NetworkSeat, TableControl, TeamSeat
from snl_edu.table.turn_clock import QUESTION_CAP, SAYING_GRACE
from snl_edu.table.web import WebSide
from snl_edu.table.wire import Notice
from snl_edu.vocabulary import Message

DEFAULT_PORT = 8765
DEFAULT_TURN_CLOCK = 30.0
# A computer on the same network upgrades to a websocket and sends its join in
# milliseconds; one that has not within these is not a child's.
HANDSHAKE_WAIT = 5.0
FIRST_MESSAGE_WAIT = 5.0
# A connection silent this long, with its ping unanswered this long after, is gone.
KEEPALIVE = 10.0
CLOSE_WAIT = 1.0  # a goodbye's answer; the table's end never waits longer on one client
BAD_MESSAGES_BEFORE_CLOSE = 3
# A child's keys, held down, repeat about 30 times a second: more than this is a flood,
# and the connection is dropped (the seat is kept, as for any drop).
MESSAGES_PER_SECOND = 60
ANSWERS_OWED_MOST = 3  # a child's answers not yet sent: a question after each roll of hers
# How long the table's end waits for its last words to reach everyone, in all.
GOODBYE_WAIT = 1.0
# The websocket library logs a dropped connection with a traceback; at the table that is
# an ordinary event (a child's computer went to sleep), never the teacher's concern. Never
# below INFO either (codes.quiet_logger: a join's frame carries the code).
QUIET = codes.quiet_logger("server")
QUIET.addHandler(logging.NullHandler())
QUIET.propagate = False


@dataclass(frozen=True)
class TableOptions:
    play: PlayOptions
    bind: str = "127.0.0.1"
    # 0: any free port (tests); None: a resumed table's own, else DEFAULT_PORT.
    port: int | None = DEFAULT_PORT
    turn_clock: float = DEFAULT_TURN_CLOCK  # 0: no clock
    warning_before: float = WARNING_BEFORE  # seconds before the clock rolls that it warns
    question_cap: float = QUESTION_CAP  # how long a child's open question holds their turn
    saying_grace: float = SAYING_GRACE  # how long a turn waits at most to be said
    code: str | None = None  # None: a new random code
    show: bool = False  # the host's screen is the projector: the board after every turn
    web: bool = True  # serve the seat page and the projector page for browsers
    web_lessons: str | None = None  # browser seats' lessons (None: some, as at a keyboard)
    join_deadline: float = JOIN_DEADLINE  # a connection not joined by then is shut
    # The teacher's --lessons, --level, --history: for every seat, terminal or page (None:
    # each seat's own choice).
    lessons: str | None = None
    level: int | None = None
    history: str | None = None

    @property
    def seat_lessons(self) -> wire.SeatLessons:
        return wire.SeatLessons(self.lessons, self.level, self.history)


@dataclass(eq=False)
class Peer:
    """One connection to the table and its outbox: what is sent to it never blocks the
    table (snl_edu.table.connection)."""

    connection: Any
    outbox: Outbox

    def send(self, message: wire.Message) -> None:
        self.outbox.put(wire.encode(message))


@dataclass
class Chair:
    """One child's place at the table: a seat of their own, or their turns in a team's seat.
    One computer may hold several chairs (a whole team at one computer)."""

    seat: int
    name: str  # the child's name: a team member's, or the seat's
    in_team: bool
    source: NetworkSeat
    token: str = field(default_factory=lambda: secrets.token_urlsafe(18))
    peer: Peer | None = None  # the child's live connection, if any
    joined_before: bool = False  # from now on the seat is taken back only with its key
    # Its key came back with a resumed table: her computer rejoins with it, welcomed back
    # (by name she may still sit down, as at any table started again).
    restored: bool = False
    # Lesson answers her computer may still send to be kept here: one for each roll of her
    # seat (host/answers.py); one to start with, for a question asked again after a restart.
    answers_owed: int = 1

    def notice(self, notice: Notice, seconds: int | None = None) -> wire.NoticeOf:
        """A notice about this child; in a team it names the child beside the seat. A warning
        carries the seconds it says are left (the host's warning time)."""
        return wire.NoticeOf(notice, self.seat, self.name if self.in_team else None, seconds,
                             self.source.turns_told if notice is Notice.TURN else None)


def _table_doors(data_dir: str | None) -> TableDoors | None:
    from snl_edu.store.database import data_dir as data_folder

    try:
        return TableDoors(data_folder(data_dir))
    except RuntimeError:  # "~nouser/x": nothing is kept, the table runs as before
        return None


class TableState(abc.ABC):
    """The table's state, shared by its broadcast, its seating and its lifecycle."""

    def __init__(self, options: TableOptions, terminal: Terminal | None = None) -> None:
        self.options = options
        self.terminal = terminal or Terminal()
        self.loc: Localizer = localizer_for(options.play.lang, options.play.digits)
        self.code = codes.normalise(options.code) if options.code else codes.new_code()
        self.limiter = codes.TryLimiter()
        self.control = TableControl()
        play = options.play
        if play.players is not None:  # names are shown on every child's screen
            play = replace(play, players=tuple(clean_name(name) for name in play.players))
        self.prepared: Prepared = prepare(play, self.loc, self.terminal)
        if self.prepared.resumed:  # the saved table's own language and digits
            kept = with_kept_settings(options.play, self.prepared)
            self.loc = localizer_for(kept.lang, kept.digits)
        self.game: Game = self.prepared.game
        self.chairs: list[Chair] = [
            self._chair(index, name, in_team=bool(teams.members(seat)))
            for index, seat in enumerate(self.game.seats) if not seat.computer
            for name in teams.members(seat) or (seat.name,)]
        self.doors = _table_doors(options.play.data_dir)
        self.port = DEFAULT_PORT if options.port is None else options.port  # to listen on
        self.door_lock = threading.Lock()
        self._restore_door()
        # The session's thread alone asks it (the narrator and the team seats).
        self.rotation = teams.Rotation(self.game.seats)
        self.watchers: list[Peer] = []
        self.gate = Gate(deadline=options.join_deadline)
        self.watch = Watch()
        # Children who asked to come back by name (their key lost): the teacher lets them.
        self.asking_back: dict[str, str] = {}
        self.let_back: set[str] = set()
        # Guards the chairs' connections and watchers, and orders what is queued to them (never
        # sent under it: each outbox sends): a child's welcome comes before anything else the
        # table tells them, and holds the state of the last update (the game is read only by
        # the session's thread, right after each roll).
        self.lock = threading.RLock()
        self.state = self.game.to_data()
        self.everyone_here = threading.Event()
        self.narrator = Narrator(self.loc, self.game.board, self.game.seats,
                                 Verbosity(options.play.verbosity), options.play.count,
                                 lambda seat: self.rotation.due(self.game, seat))
        self.outputs = open_outputs(ConsoleOutput(self.terminal.stdout))
        self.server: Any = None
        self.address: tuple[str, int] | None = None
        self.web: WebSide | None = None
        # The pages' seats and views playing now (each thread, its page's link): at the end
        # they pass the table's last words on to their pages before the server closes
        # every connection.
        self.pages: dict[threading.Thread, Any] = {}
        if options.web:
            from snl_edu.views.board_svg import screen_svg

            self.web = WebSide(lambda: screen_svg(self.game.board, self.loc).encode())
            game_id = self._game_id()
            if game_id is not None and self.doors is not None:
                # Resumed, the same table to its pages (the same game of the same store,
                # the same code): they keep their seats. Any other table is another.
                self.web.table = hashlib.sha256(
                    f"{self.doors.path}:{game_id}:{self.code}".encode()).hexdigest()[:12]
        self._server_thread: threading.Thread | None = None

    def _chair(self, seat: int, name: str, in_team: bool) -> Chair:
        chair = Chair(seat, name, in_team, NetworkSeat(
            self.control, self.options.turn_clock, lambda notice: self._tell(chair, notice),
            self.options.warning_before, rolling_again=lambda: self.game.sixes_in_row > 0,
            question_cap=self.options.question_cap, saying_grace=self.options.saying_grace))
        return chair

    def _game_id(self) -> int | None:
        autosave = self.prepared.autosave
        return autosave.game_id if autosave is not None else None

    def _restore_door(self) -> None:
        """A resumed game's table opens with the code and chair keys it had (unless the
        teacher gave a code), so every child's computer and page comes back by itself."""
        game_id = self._game_id()
        door = self.doors.door(game_id) if self.doors and game_id is not None \
            and self.prepared.resumed else None
        if door is None:
            return
        code, keys, port = door
        if self.options.port is None and port is not None:  # the address pages kept
            self.port = port
        if not self.options.code and 0 < len(code) <= wire.MAX_CODE:
            self.code = codes.normalise(code)
        if len(keys) == len(self.chairs) and codes.same_code(code, self.code):
            for chair, key in zip(self.chairs, keys, strict=True):
                if key is not None:
                    chair.token, chair.restored = key, True

    def _keep_door(self) -> None:
        """Keep the code and every chair's key with the saved game (a table that cannot
        write them opens with a new code after a restart, as before)."""
        game_id = self._game_id()
        if game_id is None:
            return
        # One write at a time, each of the chairs as they are when it starts: two children
        # seated moments apart, the first one's slower write would otherwise land last and
        # put back a door without the second one's key (she would come back as new).
        with self.door_lock:
            doors = self.doors
            if doors is None:
                return
            with self.lock:
                keys: list[str | None] = [
                    chair.token if chair.joined_before or chair.restored else None
                    for chair in self.chairs]
            try:
                doors.keep(game_id, self.code, keys,
                           self.address[1] if self.address is not None else None)
            except OSError:
                self.doors = None
            backup, doors.set_aside = doors.set_aside, None
        if backup is not None:  # found damaged (here, or as the table opened): said once
            self.outputs.show_all([Message(self.loc.gettext(
                "The file {path}, which keeps each table's join code and seat keys, was "
                "damaged, so it was kept as {backup} and a new one was started: a resumed "
                "table opens with a new join code, and the children join again with it."
            ).format(path=str(doors.path), backup=str(backup)))])

    def _sources(self) -> dict[int, CommandSource]:
        """Each human seat's source for the session: the child's, or the team's."""
        sources: dict[int, CommandSource] = {}
        for chair in self.chairs:
            if not chair.in_team:
                sources[chair.seat] = chair.source
            elif chair.seat not in sources:
                sources[chair.seat] = TeamSeat(
                    {c.name: c.source for c in self.chairs if c.seat == chair.seat},
                    functools.partial(self._due, chair.seat))
        return sources

    def _due(self, seat: int) -> str:
        return self.rotation.due(self.game, seat) or ""


    @abc.abstractmethod
    def _tell(self, chair: Chair, notice: Notice) -> None:
        """What a chair's seat tells its child and the room (``Broadcast``)."""
