"""One Chromium for each test process (worker), shared by every browser-seat module."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests.table import chromium


def _without(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI has no test browser: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def workers_browser() -> Any:
    """The process's one Chromium (chromium.shared); each module's ``browser``
    (tests/table/pages.py) closes the tabs it opened."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _without("playwright is not installed (pip install '.[test]')")
    path = chromium.executable()
    if path is None:
        _without("no Chromium found (.ci/run installs the system's chromium)")
    return chromium.shared(path)  # type: ignore[arg-type]


@pytest.fixture(scope="session", autouse=True)
def the_shared_browser_goes_at_the_end() -> Iterator[None]:
    yield
    chromium.stop_shared()
