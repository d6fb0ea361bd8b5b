"""What a child's computer at the table holds: its options, its copy of the game, the
events and locks its threads share (``TableClient`` is made of the jobs on top of it)."""

from __future__ import annotations

import collections
import contextlib
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from snl_edu.app.opening import open_outputs
from snl_edu.app.options import SoundOptions
from snl_edu.app.play import Terminal
from snl_edu.engine import Game
from snl_edu.engine.events import Event
from snl_edu.inputs.commands import CommandSource
from snl_edu.language.localizer import Localizer
from snl_edu.outputs.console import ConsoleOutput
from snl_edu.play.listener import Listener
from snl_edu.play.narration import Narrator
from snl_edu.table import wire
from snl_edu.vocabulary import Message

# A lost table is tried again, each wait twice the last up to the longest, for as long as a
# restart of the teacher's computer (and snl table host --resume) may take.
RECONNECT_FOR = 900.0
RECONNECT_LONGEST = 5.0

if TYPE_CHECKING:
    from snl_edu.inputs.gestures import Gestures
    from snl_edu.lessons.teacher import Teacher
    from snl_edu.store.seat_keys import SeatKeys


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


@dataclass
class HerGo:
    """Her go after her roll, at this computer (client/goes.py)."""

    asked: bool = False  # her roll asked that she count its move herself
    # The moves that wait for her go on the keyboard's thread.
    due: collections.deque[tuple[Game | None, list[Event]]] = field(
        default_factory=collections.deque)
    over: threading.Event = field(default_factory=threading.Event)  # the table's time ran out
    keys: CommandSource | None = None  # her keys (None: a script's, replayed as written)


class ClientState:
    """The client's state, shared by its link to the table, the seat's lessons and the turn
    loop (``TableClient``)."""

    # Runs on the teacher's computer (a page's seat), its lessons kept in the table's own
    # store; a child's terminal sends each answer there too (host/answers.py).
    at_host: ClassVar[bool] = False

    def __init__(self, options: ClientOptions, loc: Localizer,
                 terminal: Terminal | None = None, seat_keys: SeatKeys | None = None) -> None:
        self.options = options
        self.loc = loc
        # How a page's seat, run at the host, reaches the table's door (snl_edu.table.gate:
        # counted as its page's computer); None: a socket of its own, as any computer's.
        self.relay: Callable[[], socket.socket] | None = None
        self._ = loc.gettext
        self.terminal = terminal or Terminal()
        self.console = ConsoleOutput(self.terminal.stdout)
        self.outputs = open_outputs(self.console)
        # What this child hears and the keys answered here; its game is this computer's copy.
        self.listener = Listener(self._, self.outputs)
        self.shown = threading.Lock()  # guards what is held behind a lesson
        self.ended = threading.Event()
        self.my_turn = threading.Event()  # the table waits for this seat's roll
        self.turn_said = threading.Event()  # ... and "your turn" has been said here
        self.prompting = threading.Event()  # "your turn" is being said now
        self.sending = threading.Lock()  # "said" and a roll leave in the order they happen
        self.turns_called = 0  # how many times the table has asked for this seat's roll
        # Lessons run here: the network thread hands each turn's events to the keys' thread.
        self.teacher: Teacher | None = None
        self.turns: collections.deque[tuple[Game, list[Event]]] = collections.deque()
        # The question open here when this computer's program last quit (kept with the
        # seat's key): asked again first when the child is back.
        self.kept_question: object = None
        # What the table says while a move's lesson is due, in order, said after it (None:
        # at once); once her question is said, lines come as they come, the question below.
        self.held: list[Callable[[], None]] | None = None
        self.told_game: Game | None = None  # the game as of the last update said
        self.releasing = threading.Lock()
        self.in_lesson = False  # the keyboard's thread is in a lesson (a card or a question)
        # The child's turn came while their question was open: their clock waits for it.
        self.clock_held = False
        # The turn their open question held has run out: the question is put aside, and
        # what the table says after waits until the lesson has said so.
        self.dropped = threading.Event()
        self.go = HerGo()  # her go after her roll (client/goes.py)
        self.finished = False
        self.table_lessons = wire.SeatLessons()  # the teacher's, for every seat (Welcome)
        self.table_stopped = False  # the teacher's computer stopped the table: it comes back
        self.reconnect_for = RECONNECT_FOR  # how long a lost table is tried again
        self.untrusted = False  # the table sent what no table sends: we left it
        self.connection: Any = None
        self._connections = contextlib.ExitStack()  # every connection made, closed at the end
        # A reconnection may be under way when the client ends: the stack is closed once,
        # and a connection made after that is closed at once, not kept (the table would
        # think the child still there).
        self._connecting = threading.Lock()
        self._closed = False
        self.token: str | None = None
        # Where her seat's key is kept on her computer, so joining again needs no teacher
        # (None: only in memory, as a page's seat; a watcher has no seat, so no key).
        self.seat_keys = None if options.watch else seat_keys
        self.key_kept = False  # the latest key is kept there
        self.seat: int | None = None
        self.members: tuple[str, ...] = ()  # in a team: the children at this computer
        # How this child rolls, answers and skips on her device (None: a terminal's keys).
        self.gestures: Gestures | None = None

    def _send(self, message: wire.Message | dict[str, Any]) -> None:
        """To the table, if it is there (``TableLink``)."""
        raise NotImplementedError

    @property
    def game(self) -> Game | None:
        return self.listener.game

    @property
    def narrator(self) -> Narrator | None:
        return self.listener.narrator

    def _show_board(self) -> None:
        from snl_edu.views.board_text import board_grid

        assert self.game is not None and self.narrator is not None
        tokens = [(self.narrator.name(seat), square)
                  for seat, square in enumerate(self.game.positions)]
        lines = [Message(line) for line in board_grid(self.game.board, self.loc, tokens=tokens)]
        self.listener.say(lines + self.narrator.where(self.game), remember=False)
