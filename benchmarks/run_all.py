"""Run every benchmark in this folder and print one table.

    python benchmarks/run_all.py [--tiny] [--only NAME ...]

Every module here except measure.py and this one is a benchmark with a
``run(tiny=False)`` that returns its results (see measure.py). ``--tiny`` runs each
at the smallest size, as the test suite does: a check that they work, not a measure.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from measure import Result, machine_load, table

NOT_BENCHMARKS = {"measure", "run_all"}


def benchmark_names() -> list[str]:
    return sorted(path.stem for path in HERE.glob("*.py") if path.stem not in NOT_BENCHMARKS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tiny", action="store_true", help="smallest sizes: a check, not a measure")
    parser.add_argument("--only", nargs="*", default=None, metavar="NAME")
    options = parser.parse_args()
    results: list[Result] = []
    print("before:", machine_load())
    for name in options.only or benchmark_names():
        started = time.perf_counter()
        results += importlib.import_module(name).run(tiny=options.tiny)
        print(f"{name}: {time.perf_counter() - started:.0f} s", file=sys.stderr)
    print("after: ", machine_load())
    print(table(results))


if __name__ == "__main__":
    main()
