"""Real tables and clients on loopback, in threads, watched through what they print."""

from __future__ import annotations

import io
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from snl_edu.app.options import PlayOptions, SoundOptions
from snl_edu.app.play import Terminal
from snl_edu.inputs.commands import Action, Command
from snl_edu.inputs.gestures import your_turn
from snl_edu.language.localizer import Localizer
from snl_edu.store.seat_keys import SeatKeys
from snl_edu.table.client import ClientOptions, TableClient
from snl_edu.table.host import Table, TableOptions
from snl_edu.vocabulary import SnlError

CODE = "ABCD-EFGH"
WAIT = 30.0  # a deadline, never a pause: every wait below ends as soon as its line appears
QUIET = SoundOptions(speech=False, sound=False)
# Her go's prompt (snl_edu.play.counting), in English and in Nepali.
GO, GO_NE = ", your go!", "तिम्रो पालो!"


class LineLog(io.TextIOBase):
    """A stream that keeps every line and lets a test wait for one (with a deadline)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self._partial = ""
        self._changed = threading.Condition()
        # Said when a wait fails, beside the last lines: why the writer stopped, if it knows.
        self.why_stopped: Callable[[], object] = lambda: None

    def write(self, text: str) -> int:
        with self._changed:
            self._partial += text
            *done, self._partial = self._partial.split("\n")
            self.lines.extend(done)
            self._changed.notify_all()
        return len(text)

    def isatty(self) -> bool:
        return False

    def wait_for(self, found: Callable[[list[str]], bool], seconds: float = WAIT) -> list[str]:
        deadline = time.monotonic() + seconds
        with self._changed:
            while not found(self.lines):
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"not seen in {seconds} s; last lines: "
                                         f"{self.lines[-8:]}; stopped: {self.why_stopped()}")
                self._changed.wait(left)
            return list(self.lines)

    def count(self, text: str) -> int:
        with self._changed:
            return sum(text in line for line in self.lines)


class RollWhenAsked:
    """A child at the keyboard: rolls each time their computer says it is their turn, and
    sends nothing else, until told to stop (or, as ``stop_after``, after that many rolls)."""

    interactive = True

    def __init__(self, log: LineLog, prompt: str, stop_after: int | None = None,
                 said: threading.Event | None = None) -> None:
        self.log = log
        self.prompt = prompt
        # A child presses once their turn has been said: a press before it counts for nothing.
        self.said = said
        self.answered = 0
        self.stop_after = stop_after
        self.stopped = threading.Event()
        self.goes = 0  # her goes (a level-1 child's, after her roll) left to the game

    def next_command(self, timeout: float | None = None) -> Command | None:
        if self.log.count(GO) + self.log.count(GO_NE) > self.goes \
                and not self.stopped.is_set():
            self.goes += 1
            return Command(Action.ROLL, "\r")  # Enter alone: the game counts for her
        if self.stopped.is_set() or (self.stop_after is not None
                                     and self.answered >= self.stop_after):
            self.stopped.wait(timeout)
            return Command(Action.END) if self.stopped.is_set() else None
        try:
            self.log.wait_for(lambda lines: sum(self.prompt in line for line in lines)
                              > self.answered, timeout or WAIT)
        except AssertionError:
            return None
        if self.said is not None and not self.said.wait(WAIT):
            return None
        self.answered += 1
        return Command(Action.ROLL)


def table_options(data_dir: Path, players: tuple[str, ...] = ("Asha", "Bikash"),
                  computers: int = 1, turn_clock: float = 0, **play: object) -> TableOptions:
    options = PlayOptions(players=players, computers=computers, seed=5, lessons="off",
                          data_dir=str(data_dir), sound=QUIET, lang="en", pace=0.0)
    return TableOptions(replace(options, **play), bind="127.0.0.1", port=0,  # type: ignore
                        turn_clock=turn_clock, code=CODE)


@contextmanager
def open_table(options: TableOptions) -> Iterator[tuple[Table, LineLog, threading.Thread]]:
    """A table opened and run in a thread of its own, as the host's process runs it (the
    saved-games store belongs to the thread that opened it)."""
    log = LineLog()
    opened: list[Table] = []
    ready = threading.Event()

    def host() -> None:
        try:
            table = Table(options, Terminal(io.StringIO(), log, log))  # type: ignore[arg-type]
            table.open()
            opened.append(table)
        finally:
            ready.set()
        try:
            table.run()
        finally:
            table.close()

    runner = threading.Thread(target=host, daemon=True)
    runner.start()
    ready.wait(WAIT)
    assert opened, log.lines
    try:
        yield opened[0], log, runner
    finally:
        opened[0].end()
        runner.join(WAIT)


class Child:
    """A client in a thread, with its own language and its own transcript."""

    def __init__(self, table: Table, name: str, language: str = "en", watch: bool = False,
                 token: str | None = None, stop_after: int | None = None,
                 code: str = CODE, start: bool = True, seat_keys: SeatKeys | None = None,
                 **lessons: object) -> None:
        assert table.address is not None
        self.loc = Localizer.create(language)
        self.log = LineLog()
        self.client = TableClient(
            ClientOptions(table.address[0], table.address[1], code, name=name, watch=watch,
                          sound=QUIET, **{"lessons": "off", **lessons}),  # type: ignore[arg-type]
            self.loc, Terminal(io.StringIO(), self.log, self.log),  # type: ignore[arg-type]
            seat_keys=seat_keys)
        self.client.token = token
        prompt = your_turn(self.loc)
        self.keys: RollWhenAsked | None = None if watch else RollWhenAsked(
            self.log, prompt, stop_after, self.client.turn_said)
        self.error: SnlError | None = None
        self.log.why_stopped = lambda: self.error and (self.error, self.error.details)
        self.thread = threading.Thread(target=self._run, daemon=True)
        if start:
            self.thread.start()

    def start(self) -> None:
        self.thread.start()

    def _run(self) -> None:
        try:
            self.client.run(self.keys)
        except SnlError as error:  # the test reads it
            self.error = error

    def leave(self) -> None:
        """The child's computer drops off the network (no goodbye)."""
        if self.keys is not None:
            self.keys.stopped.set()
        self.client._close()
        self.thread.join(WAIT)

    def join_thread(self) -> None:
        self.thread.join(WAIT)
        assert not self.thread.is_alive(), self.log.lines[-5:]
