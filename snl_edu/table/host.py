"""The host's table: owns the game and its dice, seats the players who join, tells everyone.

The session (the same turn loop as ``snl play``) runs in the host's process with one
``NetworkSeat`` per human seat; the websocket server runs beside it, one thread per
connection. A client can act only for the seat it joined; everything it sends is checked.
"""

from __future__ import annotations

import functools
import logging
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
from snl_edu.table.connection import Outbox, Watch
from snl_edu.table.gate import Gate, network_of
from snl_edu.table.notices import ended_by_teacher, notice_text, warning_seconds
from snl_edu.table.seats import (
    QUESTION_CAP,
    WARNING_BEFORE,
    NetworkSeat,
    TableControl,
    TableEnded,
    TeamSeat,
)
from snl_edu.table.web import WebSide
from snl_edu.table.wire import Notice, Refusal
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
PAGES_FINISH = 2.0  # how long a closing table waits for the pages' seats to tell the end
# A child's keys, held down, repeat about 30 times a second: more than this is a flood,
# and the connection is dropped (the seat is kept, as for any drop).
MESSAGES_PER_SECOND = 60
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
    port: int = DEFAULT_PORT  # 0: any free port (tests)
    turn_clock: float = DEFAULT_TURN_CLOCK  # 0: no clock
    warning_before: float = WARNING_BEFORE  # seconds before the clock rolls that it warns
    question_cap: float = QUESTION_CAP  # how long a child's open question holds their turn
    code: str | None = None  # None: a new random code
    show: bool = False  # the host's screen is the projector: the board after every turn
    web: bool = True  # serve the seat page and the projector page for browsers
    web_lessons: str | None = None  # browser seats' lessons (None: some, as at a keyboard)


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

    def notice(self, notice: Notice, seconds: int | None = None) -> wire.NoticeOf:
        """A notice about this child; in a team it names the child beside the seat. A warning
        carries the seconds it says are left (the host's warning time)."""
        return wire.NoticeOf(notice, self.seat, self.name if self.in_team else None, seconds)


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
        self.watchers: list[Peer] = []
        self.gate = Gate()
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
        self.outputs = Outputs([ConsoleOutput(self.terminal.stdout)])
        self.server: Any = None
        self.address: tuple[str, int] | None = None
        self.web: WebSide | None = None
        # The pages' seats and views playing now: at the end they pass the table's last
        # words on to their pages before the server closes every connection.
        self.pages: set[threading.Thread] = set()
        if options.web:
            from snl_edu.views.board_svg import screen_svg

            self.web = WebSide(lambda: screen_svg(self.game.board, self.loc).encode())
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
                            open_timeout=HANDSHAKE_WAIT, ping_interval=KEEPALIVE,
                            ping_timeout=KEEPALIVE, close_timeout=CLOSE_WAIT, max_queue=4,
                            process_request=self.web, logger=QUIET)
        # Over its caps a connection is shut before it costs a handshake (snl_edu.table.gate).
        # The server's handler forgets its own thread when it ends, and its shutdown waits
        # until every thread is forgotten: a refused socket's thread must be forgotten too.
        server = self.server

        def forget_thread() -> None:
            with server.lock:
                server.handler_threads.discard(threading.current_thread())

        self.server.handler = self.gate.guard(self.server.handler, forget_thread)
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
        self._goodbye()
        if self.server is not None:
            self.server.shutdown()
            self.server = None
        if self._server_thread is not None:
            self._server_thread.join(timeout=5)
        self.watch.stop()
        self.prepared.close()

    def _goodbye(self) -> None:
        """The last words reach whoever reads within GOODBYE_WAIT; whoever does not is cut
        off, so the server's goodbyes never wait on them."""
        end = time.monotonic() + GOODBYE_WAIT
        for peer in self._peers():
            if not peer.outbox.flush(max(0.0, end - time.monotonic())):
                peer.outbox.cut()

    def _handle(self, connection: Any) -> None:
        """One connection, from its join to its end. Whatever the network does meanwhile
        (a reset, a timeout, a close), the connection just ends: one line at most."""
        try:
            path = connection.request.path if connection.request is not None else "/"
            if path != "/":  # a browser's page (only served with the web side on)
                if self.web is not None:
                    serve_page(connection, path, self)
                return
        except (WebSocketException, OSError):
            return
        peer = Peer(connection, Outbox.for_websocket(connection))
        self.watch.add(peer.outbox)
        try:
            self._serve(peer)
        except (WebSocketException, OSError):
            pass  # the connection went: a seated child's seat is kept (see _play)
        finally:
            if not peer.outbox.flush(CLOSE_WAIT):  # a last refusal reaches one that reads
                peer.outbox.cut()  # one that does not is not waited for in its goodbye
            self.watch.remove(peer.outbox)
            peer.outbox.close()

    def _serve(self, peer: Peer) -> None:
        connection = peer.connection
        address = str(connection.remote_address[0])
        try:
            join = wire.read_join(wire.decode(connection.recv(timeout=FIRST_MESSAGE_WAIT),
                                              wire.MAX_CLIENT_MESSAGE))
        except (wire.WireError, TimeoutError):
            self._refuse(peer, wire.Refused(Refusal.MALFORMED))
            return
        refusal = self.admit(address, join.code)
        if refusal is not None:
            self._refuse(peer, wire.Refused(refusal))
            return
        if join.watch:
            self._watch(peer)
            return
        chairs = self._seating(join)
        if isinstance(chairs, wire.Refused):
            self._refuse(peer, chairs)
            return
        self._play(peer, chairs)

    def admit(self, address: str, code: str) -> Refusal | None:
        """Whether a computer may join with this code: None, or why not. Five wrong codes
        in a minute from one network (an address; for IPv6 its /64) shut it out for a
        minute."""
        network = network_of(address)
        if self.limiter.blocked(network):
            return Refusal.TRIES
        if not codes.same_code(code, self.code):
            self.limiter.wrong(network)
            return Refusal.CODE
        return None

    def page_address(self, shown_host: str) -> str:
        """The address a browser opens: the seat page, the join code in its fragment (never
        sent to the server, so never in a request line or a log)."""
        assert self.address is not None
        return f"http://{shown_host}:{self.address[1]}/#{codes.shown(self.code)}"

    def _seating(self, join: wire.Join) -> list[Chair] | wire.Refused:
        """The chairs a join takes: those its token holds, else the child's own by name,
        else a whole team's free chairs by the team's name (the team at one computer).
        A chair once taken is taken back by name only after the teacher lets them
        (``let_back_in``): nobody sits in a classmate's seat while the classmate is away."""
        with self.lock:
            if join.token is not None:
                held = [c for c in self.chairs
                        if secrets.compare_digest(join.token.encode(), c.token.encode())]
                if held:
                    return held
            wanted = name_key(join.name)
            own = [c for c in self.chairs if name_key(c.name) == wanted]
            if not own:
                team = self._team_key(join.name)
                own = [c for c in self.chairs
                       if self._team_key(self.game.seats[c.seat].name) == team]
            if not own:
                return wire.Refused(Refusal.NO_SEAT, free=tuple(
                    c.name for c in self.chairs if c.peer is None and not c.joined_before))
            if any(c.peer is not None for c in own):
                return wire.Refused(Refusal.SEATED)
            kept = [c for c in own if c.joined_before and name_key(c.name) not in self.let_back]
            if kept:
                for chair in kept:
                    self.asking_back[name_key(chair.name)] = chair.name
            else:
                for chair in own:
                    self.let_back.discard(name_key(chair.name))
                return own
        self.outputs.show_all([Message(self.loc.gettext(
            "{names} asked to come back without their key: press b to let them back "
            "in.").format(names=self.loc.join([c.name for c in kept])))])
        return wire.Refused(Refusal.KEPT)

    def let_back_in(self) -> list[str]:
        """The teacher's yes: each child who asked to come back by name may, once."""
        with self.lock:
            names = list(self.asking_back.values())
            self.let_back.update(self.asking_back)
            self.asking_back.clear()
        if names:
            self.outputs.show_all([Message(self.loc.gettext(
                "{names} may join again with their name.").format(names=self.loc.join(names)))])
        else:
            self.outputs.show_all([Message(self.loc.gettext(
                "Nobody is waiting to come back."))])
        return names

    @staticmethod
    def _team_key(name: str) -> tuple[str, ...]:
        """A team's name as compared: "bikash + asha" is the team "Asha+Bikash"."""
        return tuple(sorted(name_key(part.strip()) for part in name.split(teams.SEPARATOR)))

    def _play(self, peer: Peer, chairs: list[Chair]) -> None:
        back = any(chair.joined_before for chair in chairs)
        seat = chairs[0].seat
        with self.lock:
            old = {c.peer for c in chairs if c.peer not in (None, peer)}
            token = secrets.token_urlsafe(18)  # one key for all this computer's chairs
            for chair in chairs:
                chair.peer, chair.joined_before, chair.token = peer, True, token
            peer.send(wire.Welcome(self.state, seat, token, back,
                                   sum(c.source.covered_rolls for c in chairs),
                                   tuple(c.name for c in chairs if c.in_team)))
            for chair in chairs:
                chair.source.covered_rolls = 0
                chair.source.arrived()
                if chair.source.waiting:  # back in the middle of their own turn: still theirs
                    peer.send(chair.notice(Notice.TURN))
        for other in old:  # the same child with its token, from a new connection
            if other is not None:
                other.outbox.cut()
        for chair in chairs:  # her own computer's welcome has said it to her
            self._notice(chair, Notice.JOINED if not back else Notice.BACK, besides=peer)
        self._check_everyone_here()
        self._say_who_is_missing()
        try:
            self._take_commands(peer, chairs)
        finally:
            with self.lock:
                left = [c for c in chairs if c.peer is peer]
                for chair in left:
                    chair.peer = None
            for chair in left:
                chair.source.left()
            # A connection that closes with the table (the teacher ended it, the game is
            # over) is no child leaving: nobody is told so.
            if left and not self.control.ended.is_set():
                for chair in left:
                    self._notice(chair, Notice.AWAY)
                self._say_who_is_missing()

    def _take_commands(self, peer: Peer, chairs: list[Chair]) -> None:
        """Until the connection drops (the chairs are kept for their children): checked
        commands for this connection's own chairs, and nothing else."""
        bad = 0
        second, in_second = time.monotonic(), 0
        for text in peer.connection:
            now = time.monotonic()
            if now - second >= 1.0:
                second, in_second = now, 0
            in_second += 1
            if in_second > MESSAGES_PER_SECOND or peer.outbox.closed:
                return  # a flood, or a client too slow to read: dropped, its seat kept
            try:
                request = wire.read_request(wire.decode(text, wire.MAX_CLIENT_MESSAGE))
            except wire.WireError as error:
                bad += 1
                peer.send(wire.Refused(Refusal.MALFORMED, str(error)[:wire.MAX_DETAIL]))
                if bad >= BAD_MESSAGES_BEFORE_CLOSE:
                    return
                continue
            mine = [c for c in chairs if c.peer is peer]
            if not mine:
                continue
            due = next((c for c in mine if c.source.waiting), None)
            if isinstance(request, wire.Said):  # the turn was announced: its clock starts
                if due is not None:
                    due.source.said()
                continue
            if isinstance(request, wire.Asking):  # ... and their question is open: it waits
                if due is not None:
                    due.source.asking()
                continue
            if due is None and request.action is Action.ROLL:
                other = next((c for c in self.chairs if c.source.waiting), None)
                if other is not None:  # another child's roll: say whose it is
                    peer.send(other.notice(Notice.OTHER_ROLL))
                    continue
            (due or mine[0]).source.put(request)

    def _watch(self, peer: Peer) -> None:
        with self.lock:
            self.watchers.append(peer)
            peer.send(wire.Welcome(self.state))
        try:
            for _ in peer.connection:  # a view sends nothing that counts
                if peer.outbox.closed:
                    return
        finally:
            with self.lock:
                self.watchers.remove(peer)

    @staticmethod
    def _refuse(peer: Peer, refusal: wire.Refused) -> None:
        peer.send(refusal)  # sent before the connection closes (see _handle)

    def _peers(self) -> list[Peer]:
        with self.lock:
            return list({c.peer: None for c in self.chairs if c.peer is not None}) \
                + list(self.watchers)

    def _broadcast(self, message: wire.Message, besides: Peer | None = None) -> None:
        """Everyone (but ``besides``) is told, in the order the table tells them (each outbox
        keeps it); no connection's slowness reaches the table (``put`` never blocks)."""
        text = wire.encode(message)
        with self.lock:
            for peer in self._peers():
                if peer is not besides:
                    peer.outbox.put(text)

    # -- what happens at the table ----------------------------------------------

    def _tell(self, chair: Chair, notice: Notice) -> None:
        if notice is Notice.TURN:  # only the child whose roll it is is asked to roll
            with self.lock:
                if chair.peer is not None:
                    chair.peer.send(chair.notice(notice))
            return
        if notice is Notice.TIME_UP:  # the host's session says it; every computer hears it
            self._broadcast(chair.notice(notice))
            return
        self._notice(chair, notice)

    def _notice(self, chair: Chair, notice: Notice, besides: Peer | None = None) -> None:
        seconds = warning_seconds(self.options.warning_before)
        self._broadcast(chair.notice(notice, seconds if notice is Notice.WARNING else None),
                        besides)
        line = notice_text(self.loc, notice, chair.name, seconds)
        if line:
            self.outputs.show_all([Message(line)])

    def _on_events(self, events: Sequence[Event]) -> None:
        with self.lock:
            self.state = self.game.to_data()
            self._broadcast(wire.Update(tuple(events), self.state))

    def _after_turn(self, game: Game) -> None:
        if self.prepared.autosave is not None:
            self.prepared.autosave(game)
        if self.options.show:
            from snl_edu.views.board_text import board_grid

            tokens = [(self.narrator.name(seat), square)
                      for seat, square in enumerate(game.positions)]
            self.outputs.show_all([Message(line) for line in board_grid(game.board, self.loc,
                                                                        tokens=tokens)]
                                  + self.narrator.where(game))

    def start_now(self) -> None:
        """The teacher starts without waiting for every seat (an absent child's turns are
        rolled for them by the clock, and they can still join)."""
        self.everyone_here.set()

    def _check_everyone_here(self) -> None:
        with self.lock:
            if all(chair.peer is not None for chair in self.chairs):
                self.everyone_here.set()

    def _say_who_is_missing(self) -> None:
        """Before the start, the host says whom the table still waits for."""
        if self.everyone_here.is_set():
            return
        with self.lock:
            missing = [chair.name for chair in self.chairs if chair.peer is None]
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
        self._broadcast(wire.NoticeOf(notice))
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
            self._ended(finished=False)
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
        self._ended(ending is Ending.FINISHED)
        return ending

    def _ended(self, finished: bool) -> None:
        """The table's end: everyone is told, and the host, as its children are, hears the
        places where the teacher ended it (a finished game's were said with its end)."""
        self.control.end()  # from now on a connection that closes is no child leaving
        if not finished:
            hint = resume_hint(self.prepared, self.loc, table=True)
            self.outputs.show_all(ended_by_teacher(self.loc, self.narrator, self.game)
                                  + ([Message(hint)] if hint else []))
        self._broadcast(wire.Ended(finished, self._saved()))

    def _saved(self) -> bool:
        """Whether every turn played is on disk, to be played on later."""
        autosave = self.prepared.autosave
        return autosave is not None and not autosave.behind and not self.game.over

