"""Classroom table: time from the table's roll to the narrated line on every client.

    python benchmarks/bench_table.py [--tables 1,2,4,8] [--rolls N] [--flood-only]

One host process runs K tables of 8 children each (on 127.0.0.1); the children are real
``TableClient``s in a second process, each rolling as soon as its computer says it is its
turn, each narrating every event into a line. For every roll and every client: ours is the
time from the table handing the roll's events to the network to the client having written
its narration; the reference is the same roll's time to the client's receipt of the
message (the loopback and websocket alone), measured in the same run. The goal is 100 ms or
less at p95 with 8 clients; the tables line says how many tables one host carries within it.
Then one table again with a ninth seat held by a hostile client (a raw socket that sends
roll frames as fast as the table takes them and never reads): the honest children's p95
should stay within 1.2 times the quiet table's.
"""

from __future__ import annotations

import argparse
import io
import multiprocessing
import queue
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from measure import Result, percentile, report

from snl_edu.app.options import PlayOptions, SoundOptions
from snl_edu.app.play import Terminal
from snl_edu.inputs.commands import Action, Command
from snl_edu.language.localizer import Localizer, localizer_for
from snl_edu.table import wire
from snl_edu.table.client import ClientOptions, TableClient
from snl_edu.table.host import Table, TableOptions
from snl_edu.table.wire import Notice

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "table"))
import hostile  # the raw-socket attacker the tests use

SEATS = 8
CODE = "ABCDEFGH"
GOAL_MS = 100.0


class TimedTable(Table):
    """A table that notes when each roll's events leave, and ends after ``rolls`` rolls."""

    def __init__(self, options: TableOptions, rolls: int) -> None:
        super().__init__(options, Terminal(io.StringIO(), io.StringIO(), io.StringIO()))
        self.limit = rolls
        self.sent: dict[int, float] = {}

    def _on_events(self, events: Sequence[Any]) -> None:
        self.sent[len(self.game.rolls)] = time.time()
        super()._on_events(events)
        if len(self.game.rolls) >= self.limit:
            self.end()


class TimedClient(TableClient):
    """A child who rolls the moment it is their turn, and notes when each roll arrived and
    when its narration was written."""

    def __init__(self, options: ClientOptions, loc: Localizer, table: int) -> None:
        super().__init__(options, loc, Terminal(io.StringIO(), io.StringIO(), io.StringIO()))
        self.table = table
        self.timings: list[tuple[int, int, float, float]] = []

    def _handle(self, fact: wire.Fact) -> None:
        received = time.time()
        if isinstance(fact, wire.NoticeOf) and fact.kind is Notice.TURN \
                and fact.seat == self.seat:
            # Numbered as the table numbers it, so the turn said is the one called.
            self.turns_called = fact.turn if fact.turn is not None else self.turns_called + 1
            self.my_turn.set()
            self._prompt()  # said at once (no speech), then rolled
            self._act(Command(Action.ROLL))
            return
        super()._handle(fact)
        if isinstance(fact, wire.Update):
            self.timings.append((self.table, len(fact.game["rolls"]), received, time.time()))


def _flood(port: int, stop: threading.Event, playing: Any) -> None:
    """The hostile ninth seat: joins, then, once the game is under way, sends rolls as fast
    as the table reads them (with "said" among them, so in its own turn it rolls at once).
    Flooding before every seat is taken would only get it dropped before play began, and
    the table would wait for its seat to fill."""
    sock = hostile.joined(port, CODE, "Flooder")
    playing.wait(60)
    sock.settimeout(0.2)
    burst = hostile.frame({"type": "said"}) + hostile.frame(
        {"type": "command", "action": "roll"}) * 50
    with sock:
        while not stop.is_set():
            try:
                sock.sendall(burst)
            except TimeoutError:
                continue
            except OSError:  # dropped by the table (its seat kept: the clock covers it)
                return


def _children(port_by_table: list[int], results: Any, flood: bool = False,
              playing: Any = None) -> None:
    """The client process: 8 children per table, each in its own thread (and a flooder)."""
    stop = threading.Event()
    if flood:
        for port in port_by_table:
            threading.Thread(target=_flood, args=(port, stop, playing), daemon=True).start()
    loc = localizer_for("en")
    clients = [TimedClient(ClientOptions("127.0.0.1", port, CODE, name=f"Child {seat + 1}",
                                         sound=SoundOptions(speech=False, sound=False)),
                           loc, table)
               for table, port in enumerate(port_by_table) for seat in range(SEATS - flood)]
    threads = [threading.Thread(target=client.run, args=(None,), daemon=True)
               for client in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(300)
    stop.set()
    results.put([timing for client in clients for timing in client.timings])


def _results_of(children: Any, results: Any, limit: float = 600.0) -> Any:
    """The children's timings; a children's process that died says so at once, rather than
    leaving the benchmark waiting out the limit."""
    deadline = time.monotonic() + limit
    while True:
        try:
            return results.get(timeout=1.0)
        except queue.Empty:
            if not children.is_alive():
                raise RuntimeError(f"the children's process ended ({children.exitcode}) "
                                   "without its timings") from None
            if time.monotonic() > deadline:
                raise


def measure(tables: int, rolls: int, flood: bool = False) -> tuple[list[float], list[float]]:
    """Latencies in ms (to narration, to receipt) of every roll at every client."""
    hosted: list[TimedTable] = []
    ready = threading.Barrier(tables + 1)
    context = multiprocessing.get_context("spawn")
    playing = context.Event()  # every seat taken: the flooder may begin
    with tempfile.TemporaryDirectory() as data:
        def host(index: int) -> None:
            names = [f"Child {n + 1}" for n in range(SEATS - flood)] + ["Flooder"] * flood
            play = PlayOptions(players=tuple(names),
                               computers=0, seed=index, lessons="off", lang="en", pace=0.0,
                               data_dir=str(Path(data) / str(index)),
                               sound=SoundOptions(speech=False, sound=False))
            # A dropped flooder's turns: missed twice on the clock, then covered at once.
            table = TimedTable(TableOptions(play, bind="127.0.0.1", port=0,
                                            turn_clock=1.0 if flood else 0,
                                            code=CODE), rolls)
            table.open()
            hosted.append(table)
            ready.wait()
            threading.Thread(target=lambda: table.everyone_here.wait(60) and playing.set(),
                             daemon=True).start()
            try:
                table.run(wait_for_everyone=60)
            finally:
                table.close()

        threads = [threading.Thread(target=host, args=(i,), daemon=True)
                   for i in range(tables)]
        for thread in threads:
            thread.start()
        ready.wait()
        ports = [table.address[1] for table in hosted]  # type: ignore[index]
        results = context.Queue()
        children = context.Process(target=_children, args=(ports, results, flood, playing))
        children.start()
        timings = _results_of(children, results)
        children.join(60)
        for thread in threads:
            thread.join(60)
    sent = {(index, roll): when for index, table in enumerate(hosted)
            for roll, when in table.sent.items()}
    narrated, received = [], []
    for table, roll, got, done in timings:
        start = sent.get((table, roll))
        if start is not None:
            received.append((got - start) * 1000)
            narrated.append((done - start) * 1000)
    return narrated, received


def run(tiny: bool = False, tables: Sequence[int] = (1, 2, 4, 8), rolls: int = 60
        ) -> list[Result]:
    if tiny:
        tables, rolls = (1,), 8
    results = []
    carried = 0
    quiet: list[float] | None = None
    for count in tables:
        narrated, received = measure(count, rolls)
        if tiny and count == 1:
            quiet = narrated  # the flood's quiet table: the suite checks it works, once
        results.append(Result(f"roll to narration, {count} table(s) x {SEATS} clients", "ms",
                              narrated, "receipt of the roll", received,
                              goal=f"p95 <= {GOAL_MS:.0f} ms"))
        p95 = percentile(narrated, 95)
        print(f"{count} table(s), {count * SEATS} clients: p95 {p95:.1f} ms")
        if p95 <= GOAL_MS:
            carried = count
    print(f"One host carried {carried} table(s) of {SEATS} children within the goal.")
    results += flood_results(rolls, quiet)
    return results


def flood_results(rolls: int, quiet: list[float] | None = None) -> list[Result]:
    """The flooded table against a quiet one, measured just before it unless given."""
    if quiet is None:
        quiet, _ = measure(1, rolls)
    flooded, received = measure(1, rolls, flood=True)
    ratio = percentile(flooded, 95) / percentile(quiet, 95)
    print(f"1 table, one client flooding: p95 {percentile(flooded, 95):.1f} ms, "
          f"quiet {percentile(quiet, 95):.1f} ms ({ratio:.2f}x; goal <= 1.2x)")
    return [Result(f"roll to narration, {SEATS - 1} honest clients and one flooding", "ms",
                   flooded, "receipt of the roll", received, goal="p95 <= 1.2x quiet")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="1,2,4,8")
    parser.add_argument("--rolls", type=int, default=60)
    parser.add_argument("--flood-only", action="store_true",
                        help="only the quiet table and the flooded one")
    options = parser.parse_args()
    counts = tuple(int(n) for n in options.tables.split(","))
    if options.flood_only:
        report(__doc__.splitlines()[0], lambda: flood_results(options.rolls))
    else:
        report(__doc__.splitlines()[0], lambda: run(tables=counts, rolls=options.rolls))


if __name__ == "__main__":
    main()

