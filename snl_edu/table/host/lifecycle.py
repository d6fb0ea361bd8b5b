"""The host's table from open to close: the server, the session played, pause, resume
and the end."""

from __future__ import annotations

import socket
import threading
import time
from typing import TYPE_CHECKING, Any

from snl_edu.app.saving import resume_hint, resumed_messages, save_after_interrupt
from snl_edu.engine import Game
from snl_edu.inputs.seat_inputs import SeatInputs
from snl_edu.play.session import Ending, Session, SessionSettings
from snl_edu.table import wire
from snl_edu.table.host.seating import Seating
from snl_edu.table.host.state import (
    CLOSE_WAIT,
    DEFAULT_PORT,
    GOODBYE_WAIT,
    HANDSHAKE_WAIT,
    KEEPALIVE,
    QUIET,
)
from snl_edu.table.page_link import END_SPEECH_WAIT

SHUTDOWN_WAIT = 5.0  # the server's own closing, at most (every socket is shut meanwhile)
from snl_edu.table.notices import ended_by_teacher, notice_text
from snl_edu.table.seats import TableEnded
from snl_edu.table.wire import Notice
from snl_edu.vocabulary import Message

if TYPE_CHECKING:
    from websockets.http11 import Request, Response


class Table(Seating):
    """One table: a game, its seats, its connections. ``run`` plays it to the end.

    Make, run and close it in one thread (the saved-games store belongs to the thread that
    opened it); ``end``, ``pause`` and ``resume`` may come from any thread.
    """

    def open(self) -> tuple[str, int]:
        """Start listening; the table is joinable from now on."""
        from websockets.sync.server import serve

        # An IPv6 address (::1, ::) listens as IPv6, and :: for IPv4 computers too; the
        # server names itself, with no version.
        family = socket.AF_INET6 if ":" in self.options.bind else socket.AF_INET
        both = self.options.bind == "::" and socket.has_dualstack_ipv6()
        self.server = serve(self._handle, self.options.bind, self.port,
                            max_size=wire.MAX_CLIENT_MESSAGE, compression=None,
                            open_timeout=HANDSHAKE_WAIT, ping_interval=KEEPALIVE,
                            ping_timeout=KEEPALIVE, close_timeout=CLOSE_WAIT, max_queue=4,
                            process_request=self._request if self.web is not None else None,
                            logger=QUIET, server_header="snl",
                            family=family, dualstack_ipv6=both)
        # Over its caps a connection is shut before it costs a handshake (snl_edu.table.gate).
        # The server's handler forgets its own thread when it ends, and its shutdown waits
        # until every thread is forgotten: a refused socket's thread must be forgotten too.
        server = self.server

        def forget_thread() -> None:
            with server.lock:
                server.handler_threads.discard(threading.current_thread())

        self.server.handler = self.gate.guard(self.server.handler, forget_thread)
        self.gate.start()
        host, port = self.server.socket.getsockname()[:2]
        self.address = (host, port)
        self._server_thread = threading.Thread(target=self.server.serve_forever,
                                               name="snl-table-server", daemon=True)
        self._server_thread.start()
        self._check_everyone_here()
        self._keep_door()
        # A resumed table says which game it is and where everyone stands.
        self.outputs.show_all(resumed_messages(self.prepared, self.narrator, self.loc))
        return self.address

    def _request(self, connection: Any, request: Request) -> Response | None:
        """A request has arrived whole: a plain one is answered by the web side however
        long that takes (the first board is drawn on asking), no longer on the door's
        clock; an upgrade still has its join to come."""
        assert self.web is not None
        if request.headers.get("Upgrade", "").lower() != "websocket":
            self.gate.joined(connection.socket)
        return self.web(connection, request)

    def close(self) -> None:
        """The pages' seats pass the end on, and the last words reach whoever reads, all
        within GOODBYE_WAIT; then every socket is shut (snl_edu.table.gate), so that the
        server's own closing never waits on a send to a computer that does not read."""
        self.control.end()
        for chair in self.chairs:
            chair.source.close()
        # A page's seat ends once its page has said the last words, from the sound this
        # host serves until then (snl_edu.table.browser: END_SPEECH_WAIT at most); a seat
        # still waiting for its page to say a turn's line waits no more.
        # A stopped table's pages keep their seats (they try the door again): not waited.
        for link in list(self.pages.values()):
            link.release()
        deadline = time.monotonic() + GOODBYE_WAIT
        for page in list(self.pages):
            page.join(max(0.0, deadline - time.monotonic()))
        deadline = time.monotonic() + END_SPEECH_WAIT
        for page, link in list(self.pages.items()):
            if link.saying_end.is_set():
                page.join(max(0.0, deadline - time.monotonic()))
        self._goodbye(time.monotonic() + GOODBYE_WAIT)
        if self.server is not None:
            self._shut_down(self.server)
            self.server = None
        self.gate.stop()
        if self._server_thread is not None:
            self._server_thread.join(timeout=5)
        self.watch.stop()
        self.prepared.close()

    def _shut_down(self, server: Any) -> None:
        """The server stops accepting and waits for its connections' threads; meanwhile
        every socket at the door is shut, again and again, so none it closes (one that came
        in just now, say) waits on a send to a computer that does not read."""
        stopping = threading.Thread(target=server.shutdown, name="snl-table-shutdown",
                                    daemon=True)
        stopping.start()
        end = time.monotonic() + SHUTDOWN_WAIT
        while stopping.is_alive() and time.monotonic() < end:
            self.gate.cut_all()
            stopping.join(0.05)

    def start_now(self) -> None:
        """The teacher starts without waiting for every seat (an absent child's turns are
        rolled for them by the clock, and they can still join)."""
        self.everyone_here.set()

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
        try:
            self.everyone_here.wait(wait_for_everyone)
        except KeyboardInterrupt:
            self.stop()
            return Ending.INTERRUPTED
        if self.control.ended.is_set():
            self._ended(finished=False)
            return Ending.INTERRUPTED
        session = Session(self.game, self.narrator, self.outputs,
                          SeatInputs(None, self._sources()),
                          self.prepared.dice,
                          SessionSettings(pace=self.options.play.pace or 0.0, key_hint=False),
                          after_turn=self._after_turn, sleep=self.control.wait,
                          on_events=self._on_events)
        stopped = False
        try:
            ending = session.run()
        except TableEnded:
            ending = Ending.INTERRUPTED
        except KeyboardInterrupt:  # Ctrl-C, a closed terminal: the table stops, the game waits
            ending, stopped = Ending.INTERRUPTED, True
        if ending is not Ending.FINISHED:
            save_after_interrupt(self.prepared)
        self._ended(ending is Ending.FINISHED, stopped=stopped and self._saved())
        return ending

    def stop(self) -> None:
        """Ctrl-C before the game is under way (the table waits for its children, or is
        still opening): stopped as during play, its game kept to go on (once only)."""
        if self.control.ended.is_set():
            return
        save_after_interrupt(self.prepared)
        self._ended(finished=False, stopped=self._saved())

    def _ended(self, finished: bool, stopped: bool = False) -> None:
        """The table's end: everyone is told, and the host, as its children are, hears the
        places where the teacher ended it (a finished game's were said with its end). A
        stopped table (Ctrl-C) ends no game: its children keep their seats and come back
        by themselves when it is resumed; only the teacher's e ends the game."""
        self.control.end()  # from now on a connection that closes is no child leaving
        hint = None if finished else resume_hint(self.prepared, self.loc, table=True,
                                                 port=self._own_port())
        if stopped:
            self.outputs.show_all([Message(self.loc.gettext(
                "The table is stopped; the children keep their seats."))]
                + ([Message(hint)] if hint else []))
        elif not finished:
            self.outputs.show_all(ended_by_teacher(self.loc, self.narrator, self.game)
                                  + ([Message(hint)] if hint else []))
        self._broadcast(wire.Ended(finished, self._saved(), stopped))

    def _own_port(self) -> int | None:
        """The port to name again on --resume: none when it is the one every table uses."""
        port = self.address[1] if self.address is not None else None
        return None if port == DEFAULT_PORT else port

    def _saved(self) -> bool:
        """Whether every turn played is on disk, to be played on later."""
        autosave = self.prepared.autosave
        return autosave is not None and not autosave.behind and not self.game.over

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
