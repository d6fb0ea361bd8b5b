"""A seat (or the projector) in a browser: one more front end over the table's session.

The host runs, for each page, the same client a child's terminal runs (``TableClient``:
its own narrator in the child's language, review keys, lessons and rejoin), joined to the
table through the table's own door on loopback, so the page's seat obeys every code, seat
and size rule of a terminal seat. Only its ends differ: its keys come from the page and its
sentences go to the page, whole, with their earcon names.
"""

from __future__ import annotations

import contextlib
import functools
import io
import threading
import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from websockets.exceptions import WebSocketException

from snl_edu.app.opening import open_outputs
from snl_edu.app.options import SoundOptions
from snl_edu.app.play import Terminal
from snl_edu.engine import Game
from snl_edu.engine.events import Event, Rolled
from snl_edu.error_text import describe
from snl_edu.inputs import gestures
from snl_edu.inputs.commands import Action, Command, CommandSource
from snl_edu.language.localizer import Localizer
from snl_edu.table import page_wire, seat_board, wire
from snl_edu.table.client import REFUSALS, ClientOptions, TableClient, TableError
from snl_edu.table.client.link import CONNECT_WAIT
from snl_edu.table.client.turns import LESSON_POLL, PROMPT_WAIT
from snl_edu.table.page_keys import PageKeys, ShownRoll
from snl_edu.table.page_link import PageLink
from snl_edu.table.page_listener import PageListener, asking_now
from snl_edu.table.wire import Refusal, WireError
from snl_edu.views.board_svg import square_centres
from snl_edu.vocabulary import Message

if TYPE_CHECKING:
    from snl_edu.lessons.teacher import Teacher

QUIET = SoundOptions(speech=False, sound=False)  # the page speaks, not the host's speakers
BAD_MESSAGES_BEFORE_CLOSE = 3
PAGE_BUTTONS = ("roll", "repeat", "where", "ahead", "help")  # the game's, as the page names them
PAGE_SEAT_RECONNECT = 12.0  # a page's seat tries its own host's door again this long
HELLOS_BEFORE_JOIN = 8  # a child trying the page's languages; more is a flood, let go


class PageOutput:
    """An ``Output`` that shows each sentence on the page (which speaks it)."""

    def __init__(self, link: PageLink) -> None:
        self.link = link

    def show(self, message: Message) -> None:
        self.link.line(message)

    def flush(self) -> None:
        self.link.wait_said()


class BrowserSeat(TableClient):
    """A child's seat on a page: a table client whose screen and keys are the page's."""

    at_host = True  # its lessons' store is the teacher's: no answer is sent there again

    def __init__(self, options: ClientOptions, loc: Localizer, link: PageLink,
                 keys: PageKeys, table_loc: Localizer, touch: bool = False) -> None:
        super().__init__(options, loc, Terminal(io.StringIO(), io.StringIO()))
        labels = page_wire.seat_labels(loc)
        self.gestures = gestures.touch(loc, labels) if touch else gestures.page_keys(loc)
        self.link = link
        self.keys = keys
        self.console = PageOutput(link)  # type: ignore[assignment]
        self.outputs = open_outputs(self.console)
        self.listener = self.page_listener = PageListener(self._, self.outputs, link)
        self.page_listener.page_help = [Message(self._("The buttons on this page: {buttons}.")
                                                .format(buttons=loc.join(labels[name] for name in
                                                                         PAGE_BUTTONS)))]
        self.reader: threading.Thread | None = None
        self.table_loc = table_loc  # the printed board's language and digits
        self._centres: dict[int, tuple[float, float]] | None = None
        # Her go: the square her next tap moves her token to, as the page was last shown.
        self._go_shown: int | None = None
        self._go_move: list[Event] | None = None  # the move that waits for her go
        self.listener.step_gesture = self.gestures.step
        self.listener.types_landing = not touch  # a phone's page has no keys in her go
        # Its table is this host: a door lost is the host closing. The page itself comes
        # back with its key when the host is there again (seat.js).
        self.reconnect_for = PAGE_SEAT_RECONNECT

    def _welcome(self, welcome: wire.Welcome) -> None:
        super()._welcome(welcome)
        if self.narrator is not None:  # her page tells her own moves to her: "You rolled 4"
            self.narrator.you = self.seat
        self.link.send({"type": "joined", "token": self.token})
        self._send_board([])
        if self.game is not None:  # whose turn it is, from the first (or back mid-game)
            self.page_listener.whose_turn(self.game.opening())
        if self.reader is None:  # seated: from now on the page's messages are its keys
            self.reader = threading.Thread(target=_read_keys,
                                           args=(self.link.connection, self.keys, self.link),
                                           daemon=True, name="snl-seat-page")
            self.reader.start()

    def _send_board(self, events: list[Event], going: tuple[int, int] | None = None) -> None:
        """Her board as the game now stands, the move just told drawn on it step by step
        (``going``: her token where her go has moved it so far)."""
        if self.game is None or self.narrator is None:
            return
        if self._centres is None:
            self._centres = square_centres(self.game.board, self.table_loc)
        self.link.send(seat_board.board_message(self.game, self.narrator, self._centres,
                                                self.seat, events, going))

    def _her_move(self, game: Game | None, events: list[Event]) -> bool:
        waits = super()._her_move(game, events)
        if waits:
            self._go_move = events  # her board shows it once she has counted it
        return waits

    def _go_waiting(self) -> None:
        """Her go wants a tap: her token where she has moved it, and the square to tap."""
        go = self.listener.go
        square = go.next_square if go is not None else None
        if go is None or square == self._go_shown or self.game is None:
            return
        self._go_shown = square
        self._send_board([], (go.walk.seat, go.at))
        assert self._centres is not None
        self.link.send(seat_board.go_message(self.game, self._centres, square))

    def _go_done(self, game: Game | None, events: list[Event]) -> None:
        self._go_shown = None
        self.link.send({"type": "go", "open": False})
        self._send_board(events)

    def _prompt(self, called: int | None = None) -> None:
        """The turn, said to the end on the page (its voice may still be speaking the moves
        before it: the page says when it is done), and then the table starts the clock."""
        # Expected before the page sees its turn: a tap on Roll then tells the host "said"
        # before the line has reached the page, and that must count for this turn.
        turn = self.turns_called if called is None else called
        self.link.expect_said(turn)
        if self._turn_is(turn):  # numbered: her tap names the turn she saw
            self.link.send({"type": "turn", "mine": True, "turn": turn})
        super()._prompt(turn)

    def _tell_update(self, game: Game | None, events: list[Event]) -> None:
        """A roll for her seat (hers, or the table's when her clock ran out) takes her
        "Your turn" down at once: it never stays up through the others' turns."""
        if any(isinstance(event, Rolled) and event.seat == self.seat for event in events):
            self.link.send({"type": "turn", "mine": False})
        super()._tell_update(game, events)
        if self._go_move is events:
            self._go_move = None  # drawn as she moves it (``_go_waiting``)
        else:
            self._send_board(events)

    def _act(self, command: Command, keys: CommandSource | None = None) -> None:
        if command.action is Action.ROLL and self.my_turn.is_set():
            if isinstance(command, ShownRoll):
                self._wait_for_shown_turn(command.turn)
            self.link.send({"type": "turn", "mine": False})
        super()._act(command, keys)

    def _wait_for_shown_turn(self, turn: int) -> None:
        """Her tap on the turn the page shows counts, however soon it comes: the page was
        shown it from within ``_prompt`` (on the table's thread), which has her tap's
        "said" and is about to tell the table the turn is said; the roll waits for that
        (a tap on a turn gone, or on none, is as any key pressed before her turn)."""
        deadline = time.monotonic() + PROMPT_WAIT
        while self._turn_is(turn) and not self.turn_said.wait(LESSON_POLL) \
                and time.monotonic() < deadline:
            pass

    def _open_lessons(self, keys: CommandSource, by_ear: bool,
                      stack: contextlib.ExitStack) -> Teacher | None:
        teacher = super()._open_lessons(keys, by_ear, stack)
        if teacher is not None:
            self.page_listener.asked = functools.partial(asking_now, teacher)
            if teacher.asker is not None:
                teacher.asker.gestures = self.gestures
        return teacher

    def come_back(self) -> str:
        return self._("You have left the table; your seat is kept for you. To come back, "
                      "open this page again.")


def serve_page(connection: Any, path: str, table: Any) -> None:
    """One page's websocket, from its first message to its closing: a seat or the projector."""
    link = PageLink(connection, table.web.spoken)
    try:
        _serve(connection, path, table, link)
    finally:
        link.finish()


@functools.lru_cache(maxsize=64)
def _labels(watch: bool, language: str, host_language: str, table: str) -> dict[str, Any]:
    """The labels message of a page in a language, made once (a hello costs a lookup)."""
    loc = Localizer.create(host_language if watch else language)
    labels = page_wire.projector_labels(loc) if watch else page_wire.seat_labels(loc)
    return page_wire.labels_message(loc, labels, table)


def _serve(connection: Any, path: str, table: Any, link: PageLink) -> None:
    bad = hellos = 0
    while True:
        try:  # the door shuts a page that has not joined by its deadline, whatever it sends
            text = connection.recv(timeout=table.gate.deadline)
        except (TimeoutError, WebSocketException, OSError):
            return
        try:
            data = wire.decode(text, wire.MAX_CLIENT_MESSAGE)
            kind = data.get("type")
            if kind == "hello":  # the page's labels, in the language picked (or the host's)
                hellos += 1
                if hellos > HELLOS_BEFORE_JOIN:  # a flood, not a child picking a language
                    return
                try:
                    link.language = page_wire.read_language(data)
                except WireError:
                    link.language = table.loc.language
                link.send(_labels(path == "/watch", link.language, table.loc.language,
                                  table.web.table))
                continue
            if kind == "seats":  # the free seats' names, for the right code only
                hellos += 1
                if hellos > HELLOS_BEFORE_JOIN:
                    return
                _free_seats(link, table, connection, page_wire.read_code(data))
                continue
            if kind != "join":
                raise WireError("not a join")
            join = page_wire.read_join(data, watch=path == "/watch")
        except WireError:
            bad += 1
            if bad >= BAD_MESSAGES_BEFORE_CLOSE:
                return
            continue
        address = str(connection.remote_address[0]) if connection.remote_address else "?"
        refusal = table.admit(address, join.code)
        if refusal is not None:
            link.send({"type": "refused", "text": _refusal_text(refusal, join, table)})
            continue
        table.gate.joined(connection.socket)
        table.pages[threading.current_thread()] = link
        try:
            if path == "/watch":
                _run_projector(connection, link, table, join.code)
                return
            if _run_seat(connection, link, table, join):
                return
        finally:
            table.pages.pop(threading.current_thread(), None)


def _free_seats(link: PageLink, table: Any, connection: Any, code: str) -> None:
    """The names of the seats nobody has taken, each a button on the join screen (a child
    who cannot type taps hers); a wrong code is refused, and counted, as a join's is."""
    address = str(connection.remote_address[0]) if connection.remote_address else "?"
    refusal = table.admit(address, code)
    if refusal is None:
        link.send({"type": "seats", "free": list(table.free_seats())})
    else:
        link.send({"type": "refused", "text": describe(TableError(REFUSALS[refusal]),
                                                       Localizer.create(link.language))})


def _refusal_text(reason: Refusal, join: page_wire.PageJoin, table: Any) -> str:
    loc = Localizer.create(join.language)
    return describe(TableError(REFUSALS[reason], name=join.name), loc)


def _options(table: Any, code: str, **more: Any) -> ClientOptions:
    host, port = table.address
    if host in ("0.0.0.0", ""):  # the table's door seen from the host itself
        host = "127.0.0.1"
    elif host == "::":
        host = "::1"
    return replace(ClientOptions(host, port, code, sound=QUIET), **more)


def _relayed(client: TableClient, connection: Any, table: Any) -> None:
    """The page's client reaches the door as the page's own computer (snl_edu.table.gate)."""
    page = str(connection.remote_address[0]) if connection.remote_address else "?"
    door = (client.options.host, client.options.port)
    client.relay = lambda: table.gate.relay(page, door, CONNECT_WAIT)


def _read_keys(connection: Any, keys: PageKeys, link: PageLink) -> None:
    """The page's keys until it closes; then the seat's client ends (the seat is kept)."""
    bad = 0
    try:
        for text in connection:
            try:
                data = wire.decode(text, wire.MAX_CLIENT_MESSAGE)
                kind = data.get("type")
                if kind == "key":
                    keys.key(page_wire.read_key(data), page_wire.read_turn(data))
                elif kind == "answer":
                    keys.answer(page_wire.read_answer(data))
                elif kind == "step":  # her go: a tap on the next square, or Next square
                    keys.step()
                elif kind == "said":
                    link.said(page_wire.read_said(data), page_wire.read_turn(data))
                else:
                    raise WireError("not a key or an answer")
            except WireError:
                bad += 1
                if bad >= BAD_MESSAGES_BEFORE_CLOSE:
                    return
    except (WebSocketException, OSError):
        pass
    finally:
        link.leave()
        keys.end()


def _run_seat(connection: Any, link: PageLink, table: Any, join: page_wire.PageJoin) -> bool:
    """Play the child's seat until the page closes; False if the table refused the seat."""
    loc = Localizer.create(join.language)
    link.language = join.language
    options = _options(table, join.code, name=join.name,
                       lessons=table.options.lessons or table.options.web_lessons,
                       level=table.options.level, history=table.options.history,
                       data_dir=table.options.play.data_dir)
    keys = PageKeys()
    seat = BrowserSeat(options, loc, link, keys, table.loc, join.touch)
    _relayed(seat, connection, table)
    seat.token = join.token
    try:
        seat.run(keys)
    except TableError as error:
        seat._close()  # the refused connection to the table's door
        link.send({"type": "refused", "text": describe(error, loc)})
        return False
    if not seat.table_stopped:  # a stopped table goes on: the page keeps its seat and key
        link.send({"type": "ended"})
        link.wait_end_said()
    return True


def _run_projector(connection: Any, link: PageLink, table: Any, code: str) -> None:
    from snl_edu.table.projector import ProjectorView

    link.language = table.loc.language
    view = ProjectorView(_options(table, code, watch=True), table.loc, link,
                         table.web.board_address)
    _relayed(view, connection, table)
    keys = PageKeys()
    reader = threading.Thread(target=_read_keys, args=(connection, keys, link),
                              daemon=True, name="snl-projector-page")
    reader.start()
    with contextlib.suppress(TableError):
        view.run(keys)
