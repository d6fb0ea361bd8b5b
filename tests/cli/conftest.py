from __future__ import annotations

import pytest
from click.testing import CliRunner


@pytest.fixture
def runner(monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    """A runner in a neutral English environment (no language or colour from the host)."""
    for name in ("SNL_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "NO_COLOR"):
        monkeypatch.delenv(name, raising=False)
    return CliRunner()


def quiet() -> list[str]:
    """Options that keep a test game silent, once the speech options exist."""
    from snl_edu.cli.play import play

    names = {name for param in play.params for name in (*param.opts, *param.secondary_opts)}
    return [flag for flag in ("--no-speech", "--no-sound") if flag in names]
