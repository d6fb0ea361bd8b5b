"""The direction of flow of docs/architecture.md, as import-linter contracts (in pyproject.toml)."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_imports_follow_the_direction_of_flow_with_no_package_cycles() -> None:
    lint = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    assert lint is not None, "import-linter is a test dependency: pip install -e '.[test]'"
    result = subprocess.run([lint, "--no-cache"], cwd=ROOT, capture_output=True, check=False,
                            text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize("folder", ["", "inputs/voice"])
def test_a_new_module_breaks_the_layers_until_it_is_given_one(tmp_path: Path,
                                                               folder: str) -> None:
    """The layers contracts are exhaustive: a module added to snl_edu/ or to the ear
    (snl_edu/inputs/voice/) falls under no layer."""
    lint = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    assert lint is not None
    shutil.copytree(ROOT / "snl_edu", tmp_path / "snl_edu",
                    ignore=shutil.ignore_patterns("__pycache__", "_data"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    (tmp_path / "snl_edu" / folder / "helpers_of_mine.py").write_text(
        '"""A module nobody placed."""\n')
    result = subprocess.run([lint, "--no-cache"], cwd=tmp_path, capture_output=True, check=False,
                            text=True, env={"PATH": "", "PYTHONPATH": str(tmp_path)})
    assert result.returncode != 0
    assert "helpers_of_mine" in result.stdout + result.stderr


def test_test_folders_mirror_the_packages() -> None:
    """Tests of a package live under the same path in tests/ (fuzzers cut across them)."""
    cross_cutting = {"fuzz"}
    folders = [p for p in (ROOT / "tests").rglob("*") if p.is_dir() and p.name != "__pycache__"
               and not (set(p.relative_to(ROOT / "tests").parts) & cross_cutting)]
    strays = [str(f.relative_to(ROOT)) for f in folders
              if not (ROOT / "snl_edu" / f.relative_to(ROOT / "tests")).is_dir()
              and not (ROOT / "snl_edu" / f.relative_to(ROOT / "tests")).with_suffix(".py").is_file()]
    assert strays == []


def test_the_benchmarks_import_one_another_without_a_cycle() -> None:
    """A benchmark's shared code lives in a module both import (bench_voice, measure), so
    no two benchmarks import each other."""
    folder = ROOT / "benchmarks"
    names = {p.stem for p in folder.glob("*.py")}
    imports = {name: {node.module if isinstance(node, ast.ImportFrom) else alias.name
                      for node in ast.walk(ast.parse((folder / f"{name}.py").read_text()))
                      if isinstance(node, ast.Import | ast.ImportFrom)
                      for alias in node.names} & names
               for name in names}

    def cycle_from(name: str, path: tuple[str, ...]) -> tuple[str, ...] | None:
        if name in path:
            return (*path, name)
        return next((found for used in sorted(imports[name])
                     if (found := cycle_from(used, (*path, name)))), None)

    assert [cycle for name in sorted(names) if (cycle := cycle_from(name, ()))] == []
