from __future__ import annotations

import pytest
from click.testing import CliRunner


@pytest.fixture
def runner(monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    """A runner in a neutral English environment (no language or colour from the host)."""
    for name in ("SNL_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "NO_COLOR"):
        monkeypatch.delenv(name, raising=False)
    return CliRunner()
