"""The README's direction of flow, as import-linter contracts (in pyproject.toml)."""

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
