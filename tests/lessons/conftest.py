from __future__ import annotations

from tests.cli.conftest import runner

__all__ = ["runner"]  # the CLI tests here use the same neutral-English runner
