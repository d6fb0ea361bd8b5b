"""The project's conventions, checked: ruff clean, mypy --strict on the package."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, check=False,
                          text=True)


def test_ruff_finds_nothing() -> None:
    result = run("ruff", "check", "snl_edu", "tests", "benchmarks")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_package_is_mypy_strict_clean() -> None:
    result = run("mypy", "--cache-dir", str(ROOT / ".mypy_cache"))
    assert result.returncode == 0, result.stdout + result.stderr
