"""The longest work first, from how long each test took the last time.

A parallel run ends when its last worker does. Handed out in collection order, the
longest single tests (the benchmarks' tiny runs, the soak, 20 s each on a busy machine)
were collected last and started last, and the run waited 20 s on the worker that took
them while the others were idle. The controller keeps each test's time of the last run
in pytest's cache, and the scheduler hands out the work units (a test, or a group of
SHARED_SETUP) of a second or more longest first; the others keep xdist's order, so
pytest-randomly still shuffles most of the run. With no times kept (a fresh checkout, as in CI, or the
cache provider off) the order is xdist's own: the biggest groups first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

KEY = "snl/test-seconds"
LONG = 1.0  # seconds: a unit shorter than this is not moved


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


def longest_first(scheduler_class: type, split_scope: Callable[[str], str | None],
                  seconds: dict[str, float]) -> type:
    """A LoadScopeScheduling whose queue of work units is ordered by their seconds
    before the first unit is handed out."""

    def _long(nodeids: Any) -> float:
        """A unit's seconds, if LONG or more; 0 for the rest, which a stable sort leaves
        in xdist's order."""
        total = sum(seconds.get(nodeid, 0.0) for nodeid in nodeids)
        return total if total >= LONG else 0.0

    class Scheduling(scheduler_class):  # type: ignore[misc, valid-type]
        _ordered = False

        def _split_scope(self, nodeid: str) -> str:
            return split_scope(nodeid) or nodeid

        def _assign_work_unit(self, node: Any) -> None:
            if not self._ordered and seconds:
                self._ordered = True
                units = sorted(self.workqueue.items(), key=lambda unit: -_long(unit[1]))
                self.workqueue.clear()
                self.workqueue.update(units)
            super()._assign_work_unit(node)

    return Scheduling
