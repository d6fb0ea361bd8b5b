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
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from measure import Result, alternate, report


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


def run(tiny: bool = False, rounds: int = 15, args: str = "--help") -> list[Result]:
    rounds = 2 if tiny else rounds
    reference = [sys.executable, "-c", "import click"]
    snl = [*_snl(), *shlex.split(args)]
    ours, theirs = alternate(lambda: _time(snl) * 1000, lambda: _time(reference) * 1000, rounds)
    return [Result(f"snl {args}", "ms", ours, "python -c 'import click'", theirs,
                   goal="ratio <= 1.3")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--args", default="--help", help="arguments for snl")
    options = parser.parse_args()
    report(__doc__.splitlines()[0], lambda: run(rounds=options.rounds, args=options.args))


if __name__ == "__main__":
    main()
