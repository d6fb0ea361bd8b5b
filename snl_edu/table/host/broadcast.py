"""The host's broadcast: what the table tells, to whom, in order; no connection's
slowness reaches the table."""

from __future__ import annotations

import time
from collections.abc import Sequence

from snl_edu.engine.events import Event, Rolled
from snl_edu.play.counting import walk_of
from snl_edu.table import wire
from snl_edu.table.host.state import ANSWERS_OWED_MOST, Chair, Peer, TableState
from snl_edu.table.notices import notice_text, warning_seconds
from snl_edu.table.wire import Notice
from snl_edu.vocabulary import Message


class Broadcast(TableState):
    """Tells the room: the moves, the notices about each chair, the last words."""

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
        counted = self._her_go(events)
        with self.lock:
            self.state = self.game.to_data()
            self._broadcast(wire.Update(tuple(events), self.state), besides=counted)
            rolled = {event.seat for event in events if isinstance(event, Rolled)}
            for chair in self.chairs:  # her question may follow her seat's roll
                if chair.seat in rolled:
                    chair.answers_owed = min(chair.answers_owed + 1, ANSWERS_OWED_MOST)

    def _her_go(self, events: Sequence[Event]) -> Peer | None:
        """A roll whose move its child counts herself (wire_requests.CountedRoll): her computer
        alone hears the move, the room that she is counting; the table waits for her go
        (at most her turn clock) before anyone else hears where she lands. Her computer's
        connection, which has heard the move; None: no go."""
        rolled = next((e.seat for e in events if isinstance(e, Rolled)), None)
        with self.lock:
            chair = next((c for c in self.chairs if c.seat == rolled and c.source.go_asked),
                         None)
            peer = chair.peer if chair is not None else None
            if chair is None or peer is None or walk_of(events) is None:
                return None  # no go asked, or no move to count (a wait for a six)
            peer.send(wire.Update(tuple(events), self.game.to_data()))
        self._notice(chair, Notice.COUNTING, besides=peer)
        if not chair.source.wait_for_go():
            self._notice(chair, Notice.COUNTED)
        return peer

    def _goodbye(self, end: float) -> None:
        """The last words reach whoever reads by ``end`` (monotonic); whoever does not is
        cut off, so the server's goodbyes never wait on them."""
        for peer in self._peers():
            if not peer.outbox.flush(max(0.0, end - time.monotonic())):
                peer.outbox.cut()
