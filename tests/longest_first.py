"""The longest work first, from how long each test took the last time.

A parallel run ends when its last worker does. Handed out in collection order, the
longest single tests (the benchmarks' tiny runs, the soak, 20 s each on a busy machine)
were collected last and started last, and the run waited 20 s on the worker that took
them while the others were idle. The controller keeps each test's time of the last run
in pytest's cache, and the scheduler hands out the work units (a test, or a group of
SHARED_SETUP) of a second or more longest first; the others keep xdist's order, so
pytest-randomly still shuffles most of the run. With no times kept (a fresh checkout, as in CI, or the
cache provider off) the order is xdist's own: the biggest groups first.

A group of SHARED_SETUP is cut into runs of its tests in collection order, each about a
third of a worker's share of the run or less (``work_units``): kept whole, the Whisper
group alone (its model, the teaching tests, the ear benchmarks) took longer than the
whole run should, on one worker. A run pays its set-up once; a cut group pays it once a
run.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

KEY = "snl/test-seconds"
LONG = 1.0  # seconds: a unit shorter than this is not moved
SHARES = 3  # a group's run is at most a third of a worker's share of the whole run
SHORTEST_RUN = 5.0  # seconds: no group is cut finer, whatever the share
# A test with no time kept (a fresh checkout, a new test): a test of a group, which shares
# a costly set-up, is taken to be long; any other, as most are, short.
UNKNOWN_IN_GROUP, UNKNOWN = 1.0, 0.2


class Durations:
    """Each test's seconds (set-up, call and tear-down) in the controller of a run."""

    def __init__(self, config: pytest.Config) -> None:
        self._cache = getattr(config, "cache", None)
        self.last: dict[str, float] = self._cache.get(KEY, {}) if self._cache else {}
        self._now: dict[str, float] = {}

    def add(self, report: pytest.TestReport) -> None:
        self._now[report.nodeid] = self._now.get(report.nodeid, 0.0) + report.duration

    def keep(self) -> None:
        """Tests not run this time (a -k or a path) keep their time of before."""
        if self._cache is not None and self._now:
            self._cache.set(KEY, {**self.last, **self._now})


def work_units(collection: list[str], split_scope: Callable[[str], str | None],
               seconds: dict[str, float], workers: int) -> dict[str, str]:
    """Each test's work unit: its group's, cut into runs (``group#1``, ``group#2``, ...)
    of about ``SHARES``-th of a worker's share, or, outside a group, the test alone."""
    def cost(nodeid: str, group: str | None) -> float:
        known = seconds.get(nodeid)
        if known is not None:
            return known
        return UNKNOWN_IN_GROUP if group else UNKNOWN

    groups = {nodeid: split_scope(nodeid) for nodeid in collection}
    total = sum(cost(nodeid, group) for nodeid, group in groups.items())
    longest = max(SHORTEST_RUN, total / (max(1, workers) * SHARES))
    units: dict[str, str] = {}
    filled: dict[str, tuple[int, float]] = {}  # a group's last run and its seconds so far
    for nodeid, group in groups.items():
        if group is None:
            units[nodeid] = nodeid
            continue
        run, so_far = filled.get(group, (1, 0.0))
        spent = cost(nodeid, group)
        if so_far and so_far + spent > longest:
            run, so_far = run + 1, 0.0
        filled[group] = (run, so_far + spent)
        units[nodeid] = f"{group}#{run}"
    return units


def longest_first(scheduler_class: type, split_scope: Callable[[str], str | None],
                  seconds: dict[str, float]) -> type:
    """A LoadScopeScheduling whose work units are ``work_units``', queued by their
    seconds before the first unit is handed out."""

    def _long(nodeids: Any) -> float:
        """A unit's seconds, if LONG or more; 0 for the rest, which a stable sort leaves
        in xdist's order."""
        total = sum(seconds.get(nodeid, 0.0) for nodeid in nodeids)
        return total if total >= LONG else 0.0

    class Scheduling(scheduler_class):  # type: ignore[misc, valid-type]
        _ordered = False
        _units: dict[str, str] | None = None

        def schedule(self) -> None:
            if self._units is None and self.registered_collections:
                collection = list(next(iter(self.registered_collections.values())))
                self._units = work_units(collection, split_scope, seconds, len(self.nodes))
            super().schedule()

        def _split_scope(self, nodeid: str) -> str:
            return (self._units or {}).get(nodeid) or split_scope(nodeid) or nodeid

        def _assign_work_unit(self, node: Any) -> None:
            if not self._ordered and seconds:
                self._ordered = True
                units = sorted(self.workqueue.items(), key=lambda unit: -_long(unit[1]))
                self.workqueue.clear()
                self.workqueue.update(units)
            super()._assign_work_unit(node)

    return Scheduling
