"""The host's table: owns the game and its dice, seats the players who join, tells everyone.

The session (the same turn loop as ``snl play``) runs in the host's process with one
``NetworkSeat`` per human seat; the websocket server runs beside it, one thread per
connection. A client can act only for the seat it joined; everything it sends is checked.
"""

from __future__ import annotations

import contextlib
import functools
import secrets
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from websockets.exceptions import WebSocketException

from snl_edu.app.options import PlayOptions
from snl_edu.app.play import Terminal, prepare
from snl_edu.app.saving import (
    Prepared,
    resume_hint,
    resumed_messages,
    save_after_interrupt,
    with_kept_settings,
)
from snl_edu.engine import Game
from snl_edu.engine.events import Event
from snl_edu.inputs.commands import Action, CommandSource
from snl_edu.inputs.seat_inputs import SeatInputs
from snl_edu.language.localizer import Localizer, localizer_for
from snl_edu.outputs.console import ConsoleOutput, Outputs
from snl_edu.play import teams
from snl_edu.play.narration import Narrator, Verbosity
from snl_edu.play.session import Ending, Session, SessionSettings
from snl_edu.safe_text import clean_name, name_key
from snl_edu.table import codes, wire
from snl_edu.table.browser import serve_page
from snl_edu.table.notices import notice_text, warning_seconds
from snl_edu.table.seats import (
    QUESTION_CAP,
    WARNING_BEFORE,
    NetworkSeat,
    TableControl,
    TableEnded,
    TeamSeat,
)
from snl_edu.table.web import WebSide
from snl_edu.table.wire import Notice
from snl_edu.vocabulary import Message

DEFAULT_PORT = 8765
DEFAULT_TURN_CLOCK = 30.0
FIRST_MESSAGE_WAIT = 10.0
BAD_MESSAGES_BEFORE_CLOSE = 3
PAGES_FINISH = 2.0  # how long a closing table waits for the pages' seats to tell the end


@dataclass(frozen=True)
class TableOptions:
    play: PlayOptions
    bind: str = "127.0.0.1"
    port: int = DEFAULT_PORT  # 0: any free port (tests)
    turn_clock: float = DEFAULT_TURN_CLOCK  # 0: no clock
    warning_before: float = WARNING_BEFORE  # seconds before the clock rolls that it warns
    question_cap: float = QUESTION_CAP  # how long a child's open question holds their turn
    code: str | None = None  # None: a new random code
    show: bool = False  # the host's screen is the projector: the board after every turn
    web: bool = True  # serve the seat page and the projector page for browsers
    web_lessons: str | None = None  # browser seats' lessons (None: some, as at a keyboard)


@dataclass
class Chair:
    """One child's place at the table: a seat of their own, or their turns in a team's seat.
    One computer may hold several chairs (a whole team at one computer)."""

    seat: int
    name: str  # the child's name: a team member's, or the seat's
    in_team: bool
    source: NetworkSeat
    token: str = field(default_factory=lambda: secrets.token_urlsafe(18))
    connection: Any = None  # the child's live websocket connection, if any
    joined_before: bool = False

    def notice(self, notice: Notice, seconds: int | None = None) -> dict[str, Any]:
        """A notice about this child; in a team it names the child beside the seat. A warning
        carries the seconds it says are left (the host's warning time)."""
        message: dict[str, Any] = {"type": "notice", "kind": notice, "seat": self.seat}
        if self.in_team:
            message["member"] = self.name
        if seconds is not None:
            message["seconds"] = seconds
        return message


class Table:
    """One table: a game, its seats, its connections. ``run`` plays it to the end.

    Make, run and close it in one thread (the saved-games store belongs to the thread that
    opened it); ``end``, ``pause`` and ``resume`` may come from any thread.
    """

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
        # The session's thread alone asks it (the narrator and the team seats).
        self.rotation = teams.Rotation(self.game.seats)
        self.watchers: list[Any] = []
        # Guards the chairs' connections and watchers, and orders what is sent: a child's welcome
        # comes before anything else the table sends them, and holds the state of the last
        # update (the game is read only by the session's thread, right after each roll).
        self.lock = threading.RLock()
        self.state = self.game.to_data()
        self.everyone_here = threading.Event()
        self.narrator = Narrator(self.loc, self.game.board, self.game.seats,
                                 Verbosity(options.play.verbosity), options.play.count,
                                 lambda seat: self.rotation.due(self.game, seat))
        self.outputs = Outputs([ConsoleOutput(self.terminal.stdout)])
        self.server: Any = None
        self.address: tuple[str, int] | None = None
        self.web: WebSide | None = None
        # The pages' seats and views playing now: at the end they pass the table's last
        # words on to their pages before the server closes every connection.
        self.pages: set[threading.Thread] = set()
        if options.web:
            from snl_edu.views.board_svg import board_svg

            self.web = WebSide(lambda: board_svg(self.game.board, self.loc).encode())
        self._server_thread: threading.Thread | None = None

    def _chair(self, seat: int, name: str, in_team: bool) -> Chair:
        chair = Chair(seat, name, in_team, NetworkSeat(
            self.control, self.options.turn_clock, lambda notice: self._tell(chair, notice),
            self.options.warning_before, rolling_again=lambda: self.game.sixes_in_row > 0,
            question_cap=self.options.question_cap))
        return chair

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

    # -- the server -------------------------------------------------------------

    def open(self) -> tuple[str, int]:
        """Start listening; the table is joinable from now on."""
        from websockets.sync.server import serve

        self.server = serve(self._handle, self.options.bind, self.options.port,
                            max_size=wire.MAX_CLIENT_MESSAGE, compression=None,
                            open_timeout=FIRST_MESSAGE_WAIT, max_queue=4,
                            process_request=self.web, logger=codes.quiet_logger("server"))
        host, port = self.server.socket.getsockname()[:2]
        self.address = (host, port)
        self._server_thread = threading.Thread(target=self.server.serve_forever,
                                               name="snl-table-server", daemon=True)
        self._server_thread.start()
        self._check_everyone_here()
        # A resumed table says which game it is and where everyone stands.
        self.outputs.show_all(resumed_messages(self.prepared, self.narrator, self.loc))
        return self.address

    def close(self) -> None:
        self.control.end()
        for chair in self.chairs:
            chair.source.close()
        deadline = time.monotonic() + PAGES_FINISH
        for page in list(self.pages):
            page.join(max(0.0, deadline - time.monotonic()))
        if self.server is not None:
            self.server.shutdown()
            self.server = None
        if self._server_thread is not None:
            self._server_thread.join(timeout=5)
        self.prepared.close()

    def _handle(self, connection: Any) -> None:
        path = connection.request.path if connection.request is not None else "/"
        if path != "/":  # a browser's page (only served with the web side on)
            if self.web is not None:
                serve_page(connection, path, self)
            return
        address = str(connection.remote_address[0]) if connection.remote_address else "?"
        try:
            join = wire.read_join(wire.decode(connection.recv(timeout=FIRST_MESSAGE_WAIT),
                                              wire.MAX_CLIENT_MESSAGE))
        except (wire.WireError, TimeoutError):
            self._refuse(connection, "malformed")
            return
        except (WebSocketException, OSError):  # closed before a join: nothing to do
            return
        refusal = self.admit(address, join.code)
        if refusal is not None:
            self._refuse(connection, refusal)
            return
        if join.watch:
            self._watch(connection)
            return
        chairs = self._chairs_for(join)
        if not chairs:
            self._refuse(connection, "seated" if self._seated(join) else "no-seat")
            return
        self._play(connection, chairs)

    def admit(self, address: str, code: str) -> str | None:
        """Whether a computer may join with this code: None, or why not (a refusal's
        reason). Five wrong codes in a minute from one computer shut it out for a minute."""
        if self.limiter.blocked(address):
            return "tries"
        if not codes.same_code(code, self.code):
            self.limiter.wrong(address)
            return "code"
        return None

    def page_address(self, shown_host: str) -> str:
        """The address a browser opens: the seat page, the join code in its fragment (never
        sent to the server, so never in a request line or a log)."""
        assert self.address is not None
        return f"http://{shown_host}:{self.address[1]}/#{codes.shown(self.code)}"

    def _chairs_for(self, join: wire.Join) -> list[Chair]:
        """The chairs a join takes: those its token holds, else the child's own by name (a
        dropped child gets theirs back), else a whole team's free chairs by the team's name
        (the team at one computer). Nobody takes a chair another connection holds by name."""
        with self.lock:
            if join.token is not None:
                held = [c for c in self.chairs
                        if secrets.compare_digest(join.token.encode(), c.token.encode())]
                if held:
                    return held
            wanted = name_key(join.name)
            for chair in self.chairs:
                if name_key(chair.name) == wanted:
                    return [chair] if chair.connection is None else []
            team = self._team_key(join.name)
            return [chair for chair in self.chairs if chair.connection is None
                    and self._team_key(self.game.seats[chair.seat].name) == team]

    @staticmethod
    def _team_key(name: str) -> tuple[str, ...]:
        """A team's name as compared: "bikash + asha" is the team "Asha+Bikash"."""
        return tuple(sorted(name_key(part.strip()) for part in name.split(teams.SEPARATOR)))

    def _seated(self, join: wire.Join) -> bool:
        """Whether the child (or the team) this join names is already at another computer."""
        wanted, team = name_key(join.name), self._team_key(join.name)
        with self.lock:
            return any(chair.connection is not None and (
                name_key(chair.name) == wanted
                or self._team_key(self.game.seats[chair.seat].name) == team)
                for chair in self.chairs)

    def _play(self, connection: Any, chairs: list[Chair]) -> None:
        back = any(chair.joined_before for chair in chairs)
        seat = chairs[0].seat
        with self.lock:
            old = {c.connection for c in chairs if c.connection not in (None, connection)}
            token = secrets.token_urlsafe(18)  # one key for all this computer's chairs
            for chair in chairs:
                chair.connection, chair.joined_before, chair.token = connection, True, token
            self._send(connection, {
                "type": "welcome", "seat": seat, "token": token, "game": self.state,
                "back": back, "covered": sum(c.source.covered_rolls for c in chairs),
                "members": [c.name for c in chairs if c.in_team]})
            for chair in chairs:
                chair.source.covered_rolls = 0
                chair.source.arrived()
                if chair.source.waiting:  # back in the middle of their own turn: still theirs
                    self._send(connection, chair.notice(Notice.TURN))
        for other in old:  # the same child with its token, from a new connection
            with contextlib.suppress(WebSocketException, OSError):
                other.close()
        for chair in chairs:
            self._notice(chair, Notice.JOINED if not back else Notice.BACK)
        self._check_everyone_here()
        self._say_who_is_missing()
        try:
            self._take_commands(connection, chairs)
        finally:
            with self.lock:
                left = [c for c in chairs if c.connection is connection]
                for chair in left:
                    chair.connection = None
            for chair in left:
                chair.source.left()
                self._notice(chair, Notice.AWAY)
            if left:
                self._say_who_is_missing()

    def _take_commands(self, connection: Any, chairs: list[Chair]) -> None:
        """Until the connection drops (the chairs are kept for their children): checked
        commands for this connection's own chairs, and nothing else."""
        bad = 0
        with contextlib.suppress(WebSocketException, OSError):
            for text in connection:
                try:
                    data = wire.decode(text, wire.MAX_CLIENT_MESSAGE)
                    kind = data.get("type")
                    command = None if kind in ("said", "asking") else wire.read_command(data)
                except wire.WireError as error:
                    bad += 1
                    self._send(connection, {"type": "refused", "reason": "malformed",
                                            "detail": str(error)[:80]})
                    if bad >= BAD_MESSAGES_BEFORE_CLOSE:
                        return
                    continue
                mine = [c for c in chairs if c.connection is connection]
                if not mine:
                    continue
                due = next((c for c in mine if c.source.waiting), None)
                if command is None:  # the turn has been announced there: its clock starts,
                    if due is not None and kind == "asking":  # or waits for their question
                        due.source.asking()
                    elif due is not None:
                        due.source.said()
                    continue
                if due is None and command.action is Action.ROLL:
                    other = next((c for c in self.chairs if c.source.waiting), None)
                    if other is not None:  # another child's roll: say whose it is
                        self._send(connection, other.notice(Notice.OTHER_ROLL))
                        continue
                (due or mine[0]).source.put(command)

    def _watch(self, connection: Any) -> None:
        with self.lock:
            self.watchers.append(connection)
            self._send(connection, {"type": "welcome", "seat": None, "token": None,
                                    "game": self.state, "back": False, "covered": 0})
        with contextlib.suppress(WebSocketException, OSError), \
                contextlib.ExitStack() as leaving:
            leaving.callback(self._unwatch, connection)
            for _ in connection:  # a view sends nothing that counts
                pass

    def _unwatch(self, connection: Any) -> None:
        with self.lock:
            if connection in self.watchers:
                self.watchers.remove(connection)

    def _refuse(self, connection: Any, reason: str) -> None:
        self._send(connection, {"type": "refused", "reason": reason})
        with contextlib.suppress(WebSocketException, OSError):
            connection.close()

    @staticmethod
    def _send(connection: Any, message: dict[str, Any]) -> None:
        with contextlib.suppress(WebSocketException, OSError):  # a client gone mid-send keeps its seat
            connection.send(wire.encode(message))

    def _connections(self) -> list[Any]:
        with self.lock:
            return list({c.connection: None for c in self.chairs if c.connection is not None}) \
                + list(self.watchers)

    def _broadcast(self, message: dict[str, Any]) -> None:
        text = wire.encode(message)
        with self.lock:
            for connection in self._connections():
                with contextlib.suppress(WebSocketException, OSError):
                    connection.send(text)

    # -- what happens at the table ----------------------------------------------

    def _tell(self, chair: Chair, notice: Notice) -> None:
        if notice is Notice.TURN:  # only the child whose roll it is is asked to roll
            with self.lock:
                if chair.connection is not None:
                    self._send(chair.connection, chair.notice(notice))
            return
        if notice is Notice.TIME_UP:  # the host's session says it; every computer hears it
            self._broadcast(chair.notice(notice))
            return
        self._notice(chair, notice)

    def _notice(self, chair: Chair, notice: Notice) -> None:
        seconds = warning_seconds(self.options.warning_before)
        self._broadcast(chair.notice(notice, seconds if notice is Notice.WARNING else None))
        line = notice_text(self.loc, notice, chair.name, seconds)
        if line:
            self.outputs.show_all([Message(line)])

    def _on_events(self, events: Sequence[Event]) -> None:
        with self.lock:
            self.state = self.game.to_data()
            self._broadcast({"type": "update", "events": [wire.event_to_data(e)
                                                          for e in events],
                             "game": self.state})

    def _after_turn(self, game: Game) -> None:
        if self.prepared.autosave is not None:
            self.prepared.autosave(game)
        if self.options.show:
            from snl_edu.views.board_text import board_grid

            self.outputs.show_all([Message(line) for line in board_grid(game.board, self.loc)]
                                  + self.narrator.where(game))

    def start_now(self) -> None:
        """The teacher starts without waiting for every seat (an absent child's turns are
        rolled for them by the clock, and they can still join)."""
        self.everyone_here.set()

    def _check_everyone_here(self) -> None:
        with self.lock:
            if all(chair.connection is not None for chair in self.chairs):
                self.everyone_here.set()

    def _say_who_is_missing(self) -> None:
        """Before the start, the host says whom the table still waits for."""
        if self.everyone_here.is_set():
            return
        with self.lock:
            missing = [chair.name for chair in self.chairs if chair.connection is None]
        if missing:
            self.outputs.show_all([Message(self.loc.gettext("Still to join: {names}.").format(
                names=self.loc.join(missing)))])

    def pause(self) -> None:
        """The clock of a waiting turn stops with the game (it goes on after ``resume``)."""
        self.control.pause()
        self._told_everyone(Notice.PAUSED)

    def resume(self) -> None:
        self.control.resume()
        self._told_everyone(Notice.RESUMED)

    def _told_everyone(self, notice: Notice) -> None:
        for chair in self.chairs:
            chair.source.wake()
        self._broadcast({"type": "notice", "kind": notice, "seat": None})
        self.outputs.show_all([Message(notice_text(self.loc, notice, "") or "")])

    def end(self) -> None:
        self.control.end()
        self.everyone_here.set()  # stop waiting for seats to fill
        for chair in self.chairs:
            chair.source.close()  # wake a seat waiting for its child

    def run(self, wait_for_everyone: float | None = None) -> Ending:
        """Wait for the seats to fill (or ``wait_for_everyone`` seconds), then play."""
        self.everyone_here.wait(wait_for_everyone)
        if self.control.ended.is_set():
            self._broadcast({"type": "ended", "finished": False})
            return Ending.INTERRUPTED
        session = Session(self.game, self.narrator, self.outputs,
                          SeatInputs(None, self._sources()),
                          self.prepared.dice,
                          SessionSettings(pace=self.options.play.pace or 0.0, key_hint=False),
                          after_turn=self._after_turn, sleep=self.control.wait,
                          on_events=self._on_events)
        try:
            ending = session.run()
        except TableEnded:
            ending = Ending.INTERRUPTED
        except KeyboardInterrupt:
            ending = Ending.INTERRUPTED
        if ending is not Ending.FINISHED:
            save_after_interrupt(self.prepared)
            hint = resume_hint(self.prepared, self.loc, table=True)
            if hint:
                self.outputs.show_all([Message(hint)])
        self._broadcast({"type": "ended", "finished": ending is Ending.FINISHED})
        return ending
