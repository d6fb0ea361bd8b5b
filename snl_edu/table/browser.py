"""A seat (or the projector) in a browser: one more front end over the table's session.

The host runs, for each page, the same client a child's terminal runs (``TableClient``:
its own narrator in the child's language, review keys, lessons and rejoin), joined to the
table through the table's own door on loopback, so the page's seat obeys every code, seat
and size rule of a terminal seat. Only its ends differ: its keys come from the page and its
sentences go to the page, whole, with their earcon names.
"""

from __future__ import annotations

import contextlib
import io
import queue
import threading
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from websockets.exceptions import WebSocketException

from snl_edu.app.opening import open_outputs
from snl_edu.app.options import SoundOptions
from snl_edu.app.play import Terminal
from snl_edu.engine.events import TurnStarted
from snl_edu.error_text import describe
from snl_edu.inputs.commands import Action, Command, CommandSource, parse_key
from snl_edu.language.localizer import Localizer
from snl_edu.play.listener import LineSink, Listener
from snl_edu.table import page_wire, wire
from snl_edu.table.client import ClientOptions, TableClient, TableError
from snl_edu.table.client.link import CONNECT_WAIT
from snl_edu.table.connection import Outbox
from snl_edu.table.gate import shut
from snl_edu.table.turn_clock import SAYING_CAP
from snl_edu.table.wire import Refusal, WireError
from snl_edu.views.board_svg import square_centres
from snl_edu.vocabulary import Message

if TYPE_CHECKING:
    from snl_edu.table.web import SpokenLines

QUIET = SoundOptions(speech=False, sound=False)  # the page speaks, not the host's speakers
SEND_QUEUE = 2000  # messages a page may fall behind by (a long game's worth of lines)
SEND_WAIT = 5.0  # for the last messages to reach a page as its connection closes
BAD_MESSAGES_BEFORE_CLOSE = 3


class PageLink:
    """The websocket to one page, written by a thread of its own through a bounded queue: a
    page that stops reading is let go (its seat is kept) and never holds up its seat's
    client, nor through it the table."""

    def __init__(self, connection: Any, spoken: SpokenLines) -> None:
        self.connection = connection
        self.spoken = spoken
        self.language = "en"
        self.heard = threading.Event()  # the page has said the line it was asked to
        self.gone = threading.Event()
        self._ask_said = False  # the next line is to be said to its end, and the page to say so
        self._waiting = False
        # The table's own outbox: a page that stops reading (its queue full, or a send
        # overdue) is cut off and let go; its seat stays.
        self.outbox = Outbox(connection.send, self.close, name="snl-page-send",
                             limit=SEND_QUEUE)

    def send(self, message: dict[str, Any]) -> None:
        self.outbox.put(wire.encode(message))

    def line(self, message: Message) -> None:
        said, self._ask_said = self._ask_said, False
        self._waiting = self._waiting or said
        self.send({"type": "line", "text": message.text, "earcon": message.earcon,
                   "id": self.spoken.add(message.text, self.language), "said": said})

    def expect_said(self) -> None:
        if not self.gone.is_set():
            self.heard.clear()
            self._ask_said = True

    def leave(self) -> None:
        """The page has gone: nothing waits for it from now on."""
        self.gone.set()
        self.heard.set()

    def said(self) -> None:
        self.heard.set()

    def wait_said(self) -> None:
        """As a terminal's speech does, hold the seat until the page has said the line; a
        page that never says so holds it no longer than the table's own cap."""
        if self._waiting:
            self._waiting = False
            self.heard.wait(SAYING_CAP)

    def finish(self) -> None:
        """Everything queued is sent (or the page is gone) before the connection closes."""
        self.leave()
        self.outbox.flush(SEND_WAIT)
        self.outbox.close()
        self.outbox.join(SEND_WAIT)

    def close(self) -> None:
        """Let the page go as the table lets any connection go: its socket shut, never a
        close that waits on a send stuck behind a page that does not read."""
        self.leave()
        shut(self.connection.socket)


class PageOutput:
    """An ``Output`` that shows each sentence on the page (which speaks it)."""

    def __init__(self, link: PageLink) -> None:
        self.link = link

    def show(self, message: Message) -> None:
        self.link.line(message)

    def flush(self) -> None:
        self.link.wait_said()


class PageKeys:
    """The page's keys and answers as the keyboard's ``Command``s."""

    interactive = True

    def __init__(self) -> None:
        self.commands: queue.Queue[Command] = queue.Queue()

    def key(self, key: str) -> None:
        self.commands.put(parse_key(key))

    def answer(self, text: str) -> None:
        """An answer typed in the page's field: its keys, then Enter, as at a terminal."""
        for key in text:
            self.commands.put(Command(None, key))
        self.commands.put(parse_key("\r"))

    def end(self) -> None:
        self.commands.put(Command(Action.END))

    def next_command(self, timeout: float | None = None) -> Command | None:
        try:
            return self.commands.get(timeout=timeout)
        except queue.Empty:
            return None


class BrowserSeat(TableClient):
    """A child's seat on a page: a table client whose screen and keys are the page's."""

    def __init__(self, options: ClientOptions, loc: Localizer, link: PageLink,
                 keys: PageKeys) -> None:
        super().__init__(options, loc, Terminal(io.StringIO(), io.StringIO()))
        self.link = link
        self.keys = keys
        self.console = PageOutput(link)  # type: ignore[assignment]
        self.outputs = open_outputs(self.console)
        self.listener = PageListener(self._, self.outputs, link)
        self.reader: threading.Thread | None = None

    def _welcome(self, welcome: wire.Welcome) -> None:
        super()._welcome(welcome)
        self.link.send({"type": "joined", "token": self.token})
        if self.reader is None:  # seated: from now on the page's messages are its keys
            self.reader = threading.Thread(target=_read_keys,
                                           args=(self.link.connection, self.keys, self.link),
                                           daemon=True, name="snl-seat-page")
            self.reader.start()

    def _prompt(self, called: int | None = None) -> None:
        """The turn, said to the end on the page (its voice may still be speaking the moves
        before it: the page says when it is done), and then the table starts the clock."""
        if self._turn_is(called):
            self.link.send({"type": "turn", "mine": True})
        self.link.expect_said()
        super()._prompt(called)

    def _act(self, command: Command, keys: CommandSource | None = None) -> None:
        if command.action is Action.ROLL and self.my_turn.is_set():
            self.link.send({"type": "turn", "mine": False})
        super()._act(command, keys)

    def come_back(self) -> str:
        return self._("You have left the table; your seat is kept for you. To come back, "
                      "open this page again.")


class PageListener(Listener):
    """The seat's listener, telling the page when the child's question is open (its answer
    field shows, and has the focus) and when it is over (answered, skipped or put aside)."""

    def __init__(self, gettext: Callable[[str], str], sink: LineSink, link: PageLink) -> None:
        super().__init__(gettext, sink)
        self.link = link

    def asking(self, lines: list[Message]) -> None:
        super().asking(lines)
        # Its words too: the answer field's description, heard by a screen reader in it.
        self.link.send({"type": "ask", "open": True,
                        "text": " ".join(line.text for line in lines)})

    def answered(self) -> None:
        was_open = self.question_open
        super().answered()
        if was_open:
            self.link.send({"type": "ask", "open": False})


class ProjectorView(TableClient):
    """The projector page: the table watched in the teacher's language; after every turn
    the tokens' places on the printed board, whose turn it is and where everyone is."""

    def __init__(self, options: ClientOptions, loc: Localizer, link: PageLink) -> None:
        super().__init__(options, loc, Terminal(io.StringIO(), io.StringIO()))
        self.link = link
        self.console = PageOutput(link)  # type: ignore[assignment]
        self.outputs = self.listener.sink = open_outputs(self.console)
        self._centres: dict[int, tuple[float, float]] | None = None

    def _show_board(self) -> None:
        game, narrator = self.game, self.narrator
        assert game is not None and narrator is not None
        if self._centres is None:
            self._centres = square_centres(game.board, self.loc)
        turn = [] if game.over else narrator.narrate(TurnStarted(game.current))
        where = [line.text for line in narrator.where(game)]  # as the w key says it, by seat
        self.link.send({
            "type": "board",
            # Each token with its number and its line in "where everyone is": the key to
            # which circle is whose, in words.
            "tokens": [{"seat": seat + 1, "name": narrator.name(seat), "square": square,
                        "place": self.loc.number(seat + 1), "where": where[seat],
                        "at": self._centres.get(square)}
                       for seat, square in enumerate(game.positions)],
            "turn": turn[0].text if turn else "",
            # The printed board's text alternative: whose token is on which square.
            "alt": self._("The board, {title}: {where}").format(
                title=game.board.title(self.loc.language), where=" ".join(where))})


def serve_page(connection: Any, path: str, table: Any) -> None:
    """One page's websocket, from its first message to its closing: a seat or the projector."""
    link = PageLink(connection, table.web.spoken)
    try:
        _serve(connection, path, table, link)
    finally:
        link.finish()


def _serve(connection: Any, path: str, table: Any, link: PageLink) -> None:
    bad = 0
    while True:
        try:  # the door shuts a page that has not joined by its deadline, whatever it sends
            text = connection.recv(timeout=table.gate.deadline)
        except (TimeoutError, WebSocketException, OSError):
            return
        try:
            data = wire.decode(text, wire.MAX_CLIENT_MESSAGE)
            kind = data.get("type")
            if kind == "hello":  # the page's labels, in the language picked (or the host's)
                try:
                    link.language = page_wire.read_language(data)
                except WireError:
                    link.language = table.loc.language
                loc = Localizer.create(link.language)
                labels = (page_wire.projector_labels(table.loc) if path == "/watch"
                          else page_wire.seat_labels(loc))
                link.send(page_wire.labels_message(
                    table.loc if path == "/watch" else loc, labels, table.web.table))
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
        table.pages.add(threading.current_thread())
        try:
            if path == "/watch":
                _run_projector(connection, link, table, join.code)
                return
            if _run_seat(connection, link, table, join):
                return
        finally:
            table.pages.discard(threading.current_thread())


def _refusal_text(reason: Refusal, join: page_wire.PageJoin, table: Any) -> str:
    from snl_edu.table.client import REFUSALS

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
                    keys.key(page_wire.read_key(data))
                elif kind == "answer":
                    keys.answer(page_wire.read_answer(data))
                elif kind == "said":
                    link.said()
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
    options = _options(table, join.code, name=join.name, lessons=table.options.web_lessons,
                       data_dir=table.options.play.data_dir)
    keys = PageKeys()
    seat = BrowserSeat(options, loc, link, keys)
    _relayed(seat, connection, table)
    seat.token = join.token
    try:
        seat.run(keys)
    except TableError as error:
        seat._close()  # the refused connection to the table's door
        link.send({"type": "refused", "text": describe(error, loc)})
        return False
    link.send({"type": "ended"})
    return True


def _run_projector(connection: Any, link: PageLink, table: Any, code: str) -> None:
    link.language = table.loc.language
    view = ProjectorView(_options(table, code, watch=True), table.loc, link)
    _relayed(view, connection, table)
    keys = PageKeys()
    reader = threading.Thread(target=_read_keys, args=(connection, keys, link),
                              daemon=True, name="snl-projector-page")
    reader.start()
    with contextlib.suppress(TableError):
        view.run(keys)
