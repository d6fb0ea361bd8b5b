"""The host's seating: a connection's join checked, its chairs found (by key, by name,
by team), a child let back in by the teacher, and the commands each chair may send."""

from __future__ import annotations

import secrets
import time
from typing import Any

from websockets.exceptions import WebSocketException

from snl_edu.inputs.commands import Action
from snl_edu.play import teams
from snl_edu.safe_text import name_key
from snl_edu.table import codes, wire, wire_requests
from snl_edu.table.browser import serve_page
from snl_edu.table.connection import Outbox
from snl_edu.table.gate import network_of
from snl_edu.table.host.answers import ClassAnswers
from snl_edu.table.host.broadcast import Broadcast
from snl_edu.table.host.state import (
    BAD_MESSAGES_BEFORE_CLOSE,
    CLOSE_WAIT,
    FIRST_MESSAGE_WAIT,
    MESSAGES_PER_SECOND,
    Chair,
    Peer,
)
from snl_edu.table.wire import Notice, Refusal
from snl_edu.vocabulary import Message


class Seating(Broadcast):
    """Admits, seats and lets back in; takes each connection's commands for its own chairs."""

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
        address = self.gate.speaks_for(connection.remote_address)  # a page's, for its relay
        try:
            join = wire_requests.read_join(wire.decode(connection.recv(timeout=FIRST_MESSAGE_WAIT),
                                              wire.MAX_CLIENT_MESSAGE))
        except (wire.WireError, TimeoutError):
            self._refuse(peer, wire.Refused(Refusal.MALFORMED))
            return
        refusal = self.admit(address, join.code)
        if refusal is not None:
            self._refuse(peer, wire.Refused(refusal))
            return
        self.gate.joined(connection.socket)
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
        """The address a browser opens for this table (``joining.page_address``)."""
        from snl_edu.table.joining import page_address

        assert self.address is not None
        return page_address(shown_host, self.address[1], self.code)

    def free_seats(self) -> tuple[str, ...]:
        """The names of the chairs nobody has sat in yet, as the teacher wrote them."""
        with self.lock:
            return tuple(c.name for c in self.chairs if c.peer is None and not c.joined_before)

    def _seating(self, join: wire_requests.Join) -> list[Chair] | wire.Refused:
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
                return wire.Refused(Refusal.NO_SEAT, free=self.free_seats())
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
        back = any(chair.joined_before or chair.restored for chair in chairs)
        seat = chairs[0].seat
        with self.lock:
            old = {c.peer for c in chairs if c.peer not in (None, peer)}
            token = secrets.token_urlsafe(18)  # one key for all this computer's chairs
            for chair in chairs:
                chair.peer, chair.joined_before, chair.token = peer, True, token
            peer.send(wire.Welcome(self.state, seat, token, back,
                                   sum(c.source.covered_rolls for c in chairs),
                                   tuple(c.name for c in chairs if c.in_team),
                                   self.options.seat_lessons))
            for chair in chairs:
                chair.source.covered_rolls = 0
                chair.source.arrived()
                if chair.source.waiting:  # back in the middle of their own turn: still theirs
                    peer.send(chair.notice(Notice.TURN))
        self._keep_door()  # a restarted table lets her back in with this key
        for other in old:  # the same child with its token, from a new connection
            if other is not None:
                other.outbox.cut()
        for chair in chairs:  # her own computer's welcome has said it to her
            self._notice(chair, Notice.JOINED if not back else Notice.BACK, besides=peer)
        self._check_everyone_here()
        self._say_who_is_missing()
        answers = ClassAnswers(self.options.play.data_dir)
        try:
            self._take_commands(peer, chairs, answers)
        finally:
            answers.close()
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

    def _take_commands(self, peer: Peer, chairs: list[Chair], answers: ClassAnswers) -> None:
        """Until the connection drops (the chairs are kept for their children): checked
        commands and lesson answers for this connection's own chairs, and nothing else."""
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
                request = wire_requests.read_request(wire.decode(text, wire.MAX_CLIENT_MESSAGE))
            except wire.WireError as error:
                bad += 1
                peer.send(wire.Refused(Refusal.MALFORMED, str(error)[:wire.MAX_DETAIL]))
                if bad >= BAD_MESSAGES_BEFORE_CLOSE:
                    return
                continue
            mine = [c for c in chairs if c.peer is peer]
            if not mine:
                continue
            if isinstance(request, wire_requests.Answered):
                self._keep_answer(mine, request, answers)
                continue
            if isinstance(request, wire_requests.Went):  # her go is over: the table plays on
                for chair in mine:
                    chair.source.went()
                continue
            due = next((c for c in mine if c.source.waiting), None)
            if isinstance(request, wire_requests.Said):  # the turn was announced: its clock starts
                if due is not None:
                    due.source.said(request.turn)
                continue
            if isinstance(request, wire_requests.Asking):  # ... and their question is open: it waits
                if due is not None:
                    due.source.asking(request.turn)
                continue
            if due is None and request.action is Action.ROLL:
                other = next((c for c in self.chairs if c.source.waiting), None)
                if other is not None:  # another child's roll: say whose it is
                    peer.send(other.notice(Notice.OTHER_ROLL))
                    continue
            (due or mine[0]).source.put(request)

    def _keep_answer(self, mine: list[Chair], answer: wire_requests.Answered,
                     answers: ClassAnswers) -> None:
        """A lesson answer of a child at this connection, one owed after her seat's roll,
        kept under the table's name for her; any other is let go without a word."""
        wanted = name_key(answer.name)
        with self.lock:
            chair = next((c for c in mine if name_key(c.name) == wanted), None)
            if chair is None or chair.answers_owed <= 0:
                return
            chair.answers_owed -= 1
        answers.keep(chair.name, answer)

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
