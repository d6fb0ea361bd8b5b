"""Where the suite's CPU goes: a pytest plugin that keeps each test's CPU seconds, its own
and its finished child processes', and a table of them by folder or file.

    python -m pytest -p tests.cpu_per_test -n 2 ...   (SNL_CPU_OUT=folder, default
        /tmp/snl-cpu: one JSON file a worker)
    python tests/cpu_per_test.py [FOLDER] [--files] [--top N]

The suite is CPU-bound on a 2-core machine, so CPU seconds, not a test's wall time, say
what a change saves; they are also less moved than wall time by what else the machine
runs. A child is counted when it is waited for: one left running and reaped later lands
on a later test.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import resource
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

OUT_ENV = "SNL_CPU_OUT"
_rows: list[tuple[str, float, float, float]] = []


def _cpu() -> tuple[float, float]:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    own, children = _cpu()
    started = time.monotonic()
    yield
    own_after, children_after = _cpu()
    _rows.append((item.nodeid, own_after - own, children_after - children,
                  time.monotonic() - started))


def pytest_sessionfinish(session: pytest.Session) -> None:
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker is None and session.config.pluginmanager.has_plugin("dsession"):
        return  # the controller of a parallel run: its children are the workers
    folder = Path(os.environ.get(OUT_ENV, "/tmp/snl-cpu"))
    folder.mkdir(parents=True, exist_ok=True)
    own, children = _cpu()
    (folder / f"{worker or 'main'}-{os.getpid()}.json").write_text(json.dumps(
        {"rows": _rows, "own": own, "children": children}))


def _place(nodeid: str, files: bool) -> str:
    path = nodeid.split("::")[0]
    return path if files else "/".join(path.split("/")[:3 if path.count("/") > 2 else 2])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default="/tmp/snl-cpu")
    parser.add_argument("--files", action="store_true", help="by test file, not folder")
    parser.add_argument("--top", type=int, default=0, help="also the N costliest tests")
    options = parser.parse_args()
    runs = [json.loads(path.read_text()) for path in Path(options.folder).glob("*.json")]
    rows: list[Any] = [row for run in runs for row in run["rows"]]
    total = sum(run["own"] + run["children"] for run in runs)
    print(f"{total:.1f} s CPU in {len(runs)} processes, "
          f"{sum(own + children for _, own, children, _ in rows):.1f} s of it in tests")
    places: dict[str, list[float]] = collections.defaultdict(lambda: [0.0, 0.0, 0.0])
    for nodeid, own, children, _ in rows:
        place = places[_place(nodeid, options.files)]
        place[0] += own + children
        place[1] += children
        place[2] += 1
    print(f"{'CPU s':>7} {'children':>8} {'tests':>5}")
    for name, (cpu, children, count) in sorted(places.items(), key=lambda kv: -kv[1][0]):
        print(f"{cpu:7.1f} {children:8.1f} {count:5.0f}  {name}")
    for nodeid, own, children, wall in sorted(rows, key=lambda r: -(r[1] + r[2]))[:options.top]:
        print(f"{own + children:7.2f} {children:8.2f} {wall:6.1f} s wall  {nodeid}")


if __name__ == "__main__":
    main()
