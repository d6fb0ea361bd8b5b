"""What every benchmark reports, and how: median and p90, a reference, the machine load.

A benchmark module in this folder defines ``run(tiny: bool = False) -> list[Result]``
(``tiny`` is for the test that runs every benchmark as shipped) and a ``main()`` that
prints ``report(...)``. ``python benchmarks/run_all.py`` runs them all into one table.

Each result carries its own samples and the samples of a reference measured in the
same run, taken alternately with ours so a busy machine slows both alike; the ratio
of the medians is the figure to compare between machines and days.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Result:
    """Samples of one measured quantity, and of its reference from the same run."""

    name: str
    unit: str
    samples: Sequence[float]
    reference_name: str
    reference: Sequence[float]
    goal: str = ""

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    @property
    def p90(self) -> float:
        return percentile(self.samples, 90)

    @property
    def reference_median(self) -> float:
        return statistics.median(self.reference)

    @property
    def ratio(self) -> float:
        reference = self.reference_median
        return self.median / reference if reference else float("nan")


def percentile(values: Sequence[float], percent: float) -> float:
    """The nearest-rank percentile: a value that was measured, never an interpolation."""
    ordered = sorted(values)
    rank = max(1, round(percent / 100 * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def alternate(ours: Callable[[], float], reference: Callable[[], float], rounds: int
              ) -> tuple[list[float], list[float]]:
    """Run both ``rounds`` times, one after the other, after one unrecorded warm-up each."""
    ours(), reference()
    mine: list[float] = []
    theirs: list[float] = []
    for _ in range(rounds):
        theirs.append(reference())
        mine.append(ours())
    return mine, theirs


def seconds(work: Callable[[], object]) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def fixed_python_work() -> float:
    """A reference for benchmarks with no natural one: the same fixed pure-Python work
    every time (about 10 ms on an idle machine), so a ratio shows the machine's load."""
    started = time.perf_counter()
    total = 0
    table = {n: n * 7 % 13 for n in range(64)}
    for n in range(100_000):
        total += table[n & 63]
    return time.perf_counter() - started


def machine_load() -> str:
    one, five, fifteen = os.getloadavg()
    return (f"load average {one:.2f} / {five:.2f} / {fifteen:.2f} (1/5/15 min) "
            f"on {os.cpu_count()} CPUs")


def table(results: Sequence[Result]) -> str:
    """One plain-text row per result (no colour, no redrawing)."""
    header = ("measured", "unit", "median", "p90", "n", "reference", "ref median", "ratio", "goal")
    rows = [header] + [(r.name, r.unit, _number(r.median), _number(r.p90), str(len(r.samples)),
                        r.reference_name, _number(r.reference_median), f"{r.ratio:.3g}", r.goal)
                       for r in results]
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    return "\n".join("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
                     for row in rows)


def _number(value: float) -> str:
    return f"{value:.3g}" if abs(value) < 100 else f"{value:.0f}"


def report(title: str, run: Callable[[], Sequence[Result]]) -> None:
    """Print the machine load before and after, and the results as a table."""
    print(title)
    print("before:", machine_load())
    results = run()
    print("after: ", machine_load())
    print(table(results))
