"""Every benchmark runs as shipped: each is imported from its file and run at a tiny size.

Speed is never asserted here (it is measured in benchmarks/); what is checked is that
each one works and reports what measure.py promises: samples, a reference from the
same run, and a ratio.
"""

from __future__ import annotations

import importlib
import math
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import run_all

from snl_edu.boards import shipped_names


def test_the_runner_finds_every_benchmark_file() -> None:
    names = set(run_all.benchmark_names())
    files = {path.stem for path in BENCHMARKS.glob("*.py")} - run_all.NOT_BENCHMARKS
    assert names == files
    assert {"bench_engine", "bench_stats", "bench_speech", "bench_voice", "bench_startup",
            "game_length", "soak"} <= names


# bench_ear's taught part is bench_taught's own taught(), which bench_taught's tiny run
# checks already: run again here it was 2 s of CPU for nothing more.
TINY_OPTIONS = {"bench_ear": {"only": "english"}}


@pytest.mark.slow
@pytest.mark.usefixtures("whisper_loads_once")  # the ear benchmarks load Whisper
@pytest.mark.parametrize("name", run_all.benchmark_names())
def test_each_benchmark_runs_at_a_tiny_size(name: str) -> None:
    module = importlib.import_module(name)
    results = module.run(tiny=True, **TINY_OPTIONS.get(name, {}))
    assert results, f"{name} measured nothing"
    for result in results:
        assert result.samples and result.reference, result.name
        assert all(math.isfinite(v) and v >= 0 for v in [*result.samples, *result.reference])
        assert result.p90 >= result.median >= min(result.samples)
        assert math.isfinite(result.ratio), result.name


def test_the_runner_prints_one_table_with_the_machine_load() -> None:
    done = subprocess.run([sys.executable, str(BENCHMARKS / "run_all.py"), "--tiny", "--only",
                           "game_length"], capture_output=True, text=True, check=True,
                          timeout=300)
    lines = done.stdout.splitlines()
    assert lines[0].startswith("before: load average") and lines[1].startswith("after:")
    assert lines[2].split()[:4] == ["measured", "unit", "median", "p90"]
    assert len(lines) == 3 + 2 * len(shipped_names())  # each shipped board, two rule sets


def test_a_benchmark_that_fails_is_named_and_the_others_still_reported() -> None:
    done = subprocess.run([sys.executable, str(BENCHMARKS / "run_all.py"), "--tiny", "--only",
                           "no_such_benchmark", "game_length"], capture_output=True, text=True,
                          check=False, timeout=300)
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert len(lines) == 3 + 2 * len(shipped_names()) + 1 and lines[-1] == "failed: no_such_benchmark"
    assert "no_such_benchmark failed:" in done.stderr and "ModuleNotFoundError" in done.stderr
