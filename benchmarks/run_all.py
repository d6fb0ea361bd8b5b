"""Run every benchmark in this folder and print one table.

    python benchmarks/run_all.py [--tiny] [--only NAME ...]

Every module here except measure.py and this one is a benchmark with a
``run(tiny=False)`` that returns its results (see measure.py). Each runs in a fresh
Python process of its own, so none pays for what another left in memory (a garbage
collection walking a voice model made a 100-square analysis look 6 times slower).
``--tiny`` runs each at the smallest size, as the test suite does: a check that they
work, not a measure.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from measure import Result, machine_load, table

# tune_ear, tune_forced: tuning clips, by hand; bench_ear_nepali: by hand, needs the
# nepali extra (145 MB) and prints figures, not timings against a reference
NOT_BENCHMARKS = {"measure", "run_all", "tune_ear", "tune_forced", "bench_ear_nepali"}


def benchmark_names() -> list[str]:
    return sorted(path.stem for path in HERE.glob("*.py") if path.stem not in NOT_BENCHMARKS)


def run_alone(name: str, tiny: bool) -> list[Result]:
    """One benchmark in a fresh process; its results come back as JSON."""
    command = [sys.executable, str(Path(__file__).resolve()), "--child", name]
    done = subprocess.run(command + (["--tiny"] if tiny else []), check=False,
                          capture_output=True, text=True)
    if done.returncode:
        raise BenchmarkFailed(name, done.stderr.strip().splitlines()[-20:])
    return [Result(**fields) for fields in json.loads(done.stdout.strip().splitlines()[-1])]


class BenchmarkFailed(Exception):
    """A benchmark that did not run to the end, with the end of what it wrote."""

    def __init__(self, name: str, lines: list[str]) -> None:
        super().__init__(name)
        self.name = name
        self.lines = lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tiny", action="store_true", help="smallest sizes: a check, not a measure")
    parser.add_argument("--only", nargs="*", default=None, metavar="NAME")
    parser.add_argument("--child", default=None, help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.child:
        results = importlib.import_module(options.child).run(tiny=options.tiny)
        print(json.dumps([dataclasses.asdict(result) for result in results]))
        return
    results: list[Result] = []
    failed: list[str] = []
    print("before:", machine_load())
    for name in options.only or benchmark_names():
        started = time.perf_counter()
        try:
            results += run_alone(name, options.tiny)
        except BenchmarkFailed as failure:
            # The others still run and are reported; the failure is said, with its cause.
            failed.append(name)
            print(f"{name} failed:", *failure.lines, sep="\n  ", file=sys.stderr)
        print(f"{name}: {time.perf_counter() - started:.0f} s", file=sys.stderr)
    print("after: ", machine_load())
    print(table(results))
    if failed:
        print("failed:", ", ".join(failed))
        sys.exit(1)


if __name__ == "__main__":
    main()
