"""Her go at the table: after her roll she counts her move herself at her own computer, as
at ``snl play`` (snl_edu.play.counting, through the shared ``Listener``), before it says
where she lands.

Her roll tells the table she will (``wire_requests.CountedRoll``): the table sends her computer the
move, tells the room she is counting, and waits for ``wire_requests.Went`` (at most her turn clock:
then ``Notice.COUNTED``, and the game counts the rest for her). A step is her own key on
her own computer (Space, Enter, the square typed, "next" said; a page's tap): the table
never hears it. The move waits on the keyboard's thread, where her keys are read, and
what the table says meanwhile waits behind it, as behind a lesson.
"""

from __future__ import annotations

from collections.abc import Callable

from snl_edu.engine import Game
from snl_edu.engine.events import Event, Rolled
from snl_edu.inputs.commands import Action, Command, CommandSource
from snl_edu.play.counting import GoKeys, walk_of
from snl_edu.play.listener import QuestionInput
from snl_edu.table import wire_requests
from snl_edu.table.client.state import ClientState

GO_POLL = 0.2  # how soon her go hears that its time is up, or that the table closed


class GoInput:
    """Her keys in her go: the game's keys as in a question (review, explore), until the
    table's time for the go runs out or the table closes (then the go's end: the game
    counts the rest). ``waiting``: told each time a key is wanted (a page shows the go)."""

    interactive = True

    def __init__(self, keys: CommandSource, over: Callable[[], bool],
                 waiting: Callable[[], None] = lambda: None) -> None:
        self.keys = keys
        self.over = over
        self.waiting = waiting

    def next_command(self, timeout: float | None = None) -> Command | None:
        while True:
            self.waiting()
            if self.over():
                return Command(Action.END)
            command = self.keys.next_command(GO_POLL)
            if command is not None:
                return command


class SeatGoes(ClientState):
    """Her roll asks for her go; her move waits for it on the keyboard's thread."""

    def _counted(self, command: Command) -> Command:
        """Her roll, asking for her go if her lessons give her one on its move. A team's
        seat does not ask: whose roll is due is the table's to say."""
        teacher, game, seat = self.teacher, self.game, self.seat
        if teacher is None or game is None or seat is None or self.go.keys is None \
                or self.members or not teacher.would_go(game, seat):
            self.go.asked = False
            return command
        self.go.asked = True
        return wire_requests.CountedRoll(command.action, command.text)

    def _her_move(self, game: Game | None, events: list[Event]) -> bool:
        """The move of the roll that asked for her go: kept for the keyboard's thread, and
        what the table says after it waits (True)."""
        rolled = next((e for e in events if isinstance(e, Rolled)), None)
        if rolled is None or rolled.seat != self.seat:
            return False
        if not self.go.asked:
            self._no_go(game, events)
            return False
        self.go.asked = False
        with self.shown:
            self.go.due.append((game, events))
            if self.held is None:
                self.held = []
        return True

    def _no_go(self, game: Game | None, events: list[Event]) -> None:
        """Her move told without her go (not hers this time, or the table rolled for her):
        her record still counts the move, as at ``snl play`` (level 2's every other go)."""
        if self.teacher is not None and game is not None and self.seat is not None \
                and not self.members and walk_of(events) is not None:
            self.teacher.go_kind(game, self.seat)

    def _take_goes(self) -> None:
        """Her go on the move that waits for it (keyboard's thread), then the move's
        lessons come as after any move, and the table plays on."""
        own = self.go.keys
        while self.go.due and own is not None:
            game, events = self.go.due.popleft()
            self.told_game = game
            self.go.over.clear()
            keys = QuestionInput(own, self.listener, self._leave, self.seat)
            announce = self.listener.roll(events, GoKeys(
                GoInput(keys, lambda: self.go.over.is_set() or self.ended.is_set(),
                        self._go_waiting),
                lambda: self._leave(own)))
            self._send(wire_requests.Went())
            self._go_done(game, events)
            with self.shown:
                if self.teacher is not None and game is not None:
                    self.turns.append((game, events))
                self.held = [announce, *(self.held or [])]

    def _go_waiting(self) -> None:
        """A key of her go is wanted (a page shows where she is and what to tap)."""

    def _go_done(self, game: Game | None, events: list[Event]) -> None:
        """Her go is over (a page draws the move)."""

    def _leave(self, keys: CommandSource) -> bool:
        raise NotImplementedError
