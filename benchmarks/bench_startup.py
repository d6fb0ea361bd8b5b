"""Start-up benchmark (run by hand): `snl --help` against `python -c "import click"`.

    python benchmarks/bench_startup.py [--rounds N] [--args "--lang ne --help"]

Both run as fresh processes from the same interpreter, alternately so a busy
machine slows both alike. The goal is a ratio of medians of at most 1.3: `snl
--help` loads only the group and its help, never a command module.
"""

from __future__ import annotations

import argparse
import os
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path


def _snl() -> list[str]:
    script = Path(sys.executable).parent / "snl"
    return [str(script)] if script.exists() else [sys.executable, "-m", "snl_edu"]


def _environment() -> dict[str, str]:
    """English help, and bytecode written as `pip install` writes it for an installed
    package (an editable checkout under PYTHONDONTWRITEBYTECODE would compile every run)."""
    env = {name: value for name, value in os.environ.items()
           if name != "PYTHONDONTWRITEBYTECODE"}
    env.setdefault("SNL_LANG", "en")
    return env


def _time(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=_environment())
    return time.perf_counter() - started


def _p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10, method="inclusive")[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--args", default="--help", help="arguments for snl")
    options = parser.parse_args()
    reference = [sys.executable, "-c", "import click"]
    snl = [*_snl(), *shlex.split(options.args)]
    _time(reference), _time(snl)  # warm the file cache
    ours: list[float] = []
    theirs: list[float] = []
    for _ in range(options.rounds):
        theirs.append(_time(reference))
        ours.append(_time(snl))
    for label, values in ((f"snl {options.args}", ours), ("python -c 'import click'", theirs)):
        print(f"{label:28} median {statistics.median(values) * 1000:7.1f} ms   "
              f"p90 {_p90(values) * 1000:7.1f} ms")
    print(f"ratio of medians: {statistics.median(ours) / statistics.median(theirs):.2f} "
          "(goal: at most 1.30)")


if __name__ == "__main__":
    main()
