"""The direction of flow of docs/architecture.md, as import-linter contracts (in pyproject.toml)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_imports_follow_the_direction_of_flow_with_no_package_cycles() -> None:
    lint = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    assert lint is not None, "import-linter is a test dependency: pip install -e '.[test]'"
    result = subprocess.run([lint, "--no-cache"], cwd=ROOT, capture_output=True, check=False,
                            text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_a_new_root_module_breaks_the_layers_until_it_is_given_one(tmp_path: Path) -> None:
    """The layers contract is exhaustive: a module added to snl_edu/ falls under no contract."""
    lint = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    assert lint is not None
    shutil.copytree(ROOT / "snl_edu", tmp_path / "snl_edu",
                    ignore=shutil.ignore_patterns("__pycache__", "_data"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    (tmp_path / "snl_edu" / "helpers_of_mine.py").write_text('"""A module nobody placed."""\n')
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
