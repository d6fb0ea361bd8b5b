"""Classroom table: time from the table's roll to the narrated line on every client.

    python benchmarks/bench_table.py [--tables 1,2,4,8] [--rolls N]

One host process runs K tables of 8 children each (on 127.0.0.1); the children are real
``TableClient``s in a second process, each rolling as soon as its computer says it is its
turn, each narrating every event into a line. For every roll and every client: ours is the
time from the table handing the roll's events to the network to the client having written
its narration; the reference is the same roll's time to the client's receipt of the
message (the loopback and websocket alone), measured in the same run. The goal is 100 ms or
less at p95 with 8 clients; the tables line says how many tables one host carries within it.
"""

from __future__ import annotations

import argparse
import io
import multiprocessing
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
from snl_edu.table.client import ClientOptions, TableClient
from snl_edu.table.host import Table, TableOptions
from snl_edu.table.wire import Notice

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

    def _handle(self, message: dict[str, Any]) -> None:
        received = time.time()
        if message.get("type") == "notice" and message.get("kind") == Notice.TURN \
                and message.get("seat") == self.seat:
            self._act(Command(Action.ROLL))
            return
        super()._handle(message)
        if message.get("type") == "update":
            rolls = len(message.get("game", {}).get("rolls", []))
            self.timings.append((self.table, rolls, received, time.time()))


def _children(port_by_table: list[int], results: Any) -> None:
    """The client process: 8 children per table, each in its own thread."""
    loc = localizer_for("en")
    clients = [TimedClient(ClientOptions("127.0.0.1", port, CODE, name=f"Child {seat + 1}",
                                         sound=SoundOptions(speech=False, sound=False)),
                           loc, table)
               for table, port in enumerate(port_by_table) for seat in range(SEATS)]
    threads = [threading.Thread(target=client.run, args=(None,), daemon=True)
               for client in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(300)
    results.put([timing for client in clients for timing in client.timings])


def measure(tables: int, rolls: int) -> tuple[list[float], list[float]]:
    """Latencies in ms (to narration, to receipt) of every roll at every client."""
    hosted: list[TimedTable] = []
    ready = threading.Barrier(tables + 1)
    with tempfile.TemporaryDirectory() as data:
        def host(index: int) -> None:
            play = PlayOptions(players=tuple(f"Child {n + 1}" for n in range(SEATS)),
                               computers=0, seed=index, lessons="off", lang="en", pace=0.0,
                               data_dir=str(Path(data) / str(index)),
                               sound=SoundOptions(speech=False, sound=False))
            table = TimedTable(TableOptions(play, bind="127.0.0.1", port=0, turn_clock=0,
                                            code=CODE), rolls)
            table.open()
            hosted.append(table)
            ready.wait()
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
        context = multiprocessing.get_context("spawn")
        results = context.Queue()
        children = context.Process(target=_children, args=(ports, results))
        children.start()
        timings = results.get(timeout=600)
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
    for count in tables:
        narrated, received = measure(count, rolls)
        results.append(Result(f"roll to narration, {count} table(s) x {SEATS} clients", "ms",
                              narrated, "receipt of the roll", received,
                              goal=f"p95 <= {GOAL_MS:.0f} ms"))
        p95 = percentile(narrated, 95)
        print(f"{count} table(s), {count * SEATS} clients: p95 {p95:.1f} ms")
        if p95 <= GOAL_MS:
            carried = count
    print(f"One host carried {carried} table(s) of {SEATS} children within the goal.")
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="1,2,4,8")
    parser.add_argument("--rolls", type=int, default=60)
    options = parser.parse_args()
    counts = tuple(int(n) for n in options.tables.split(","))
    report(__doc__.splitlines()[0], lambda: run(tables=counts, rolls=options.rolls))


if __name__ == "__main__":
    main()
