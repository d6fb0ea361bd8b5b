"""The project's conventions, checked: ruff clean, mypy --strict on the package, small
modules and functions."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Small modules with one job: a file past these is split before it grows further.
MOST_LINES_A_MODULE = 500
MOST_LINES_A_FUNCTION = 60


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, check=False,
                          text=True)


def test_ruff_finds_nothing() -> None:
    result = run("ruff", "check", "snl_edu", "tests", "benchmarks")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_package_is_mypy_strict_clean() -> None:
    result = run("mypy", "--cache-dir", str(ROOT / ".mypy_cache"))
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_module_or_function_of_the_package_is_too_long() -> None:
    too_long = []
    for path in sorted((ROOT / "snl_edu").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        name = path.relative_to(ROOT)
        if (lines := len(source.splitlines())) > MOST_LINES_A_MODULE:
            too_long.append(f"{name}: {lines} lines")
        too_long.extend(
            f"{name}:{node.lineno} {node.name}: {node.end_lineno - node.lineno + 1} lines"
            for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.end_lineno is not None
            and node.end_lineno - node.lineno + 1 > MOST_LINES_A_FUNCTION)
    assert not too_long, too_long
