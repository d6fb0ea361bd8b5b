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


@pytest.fixture(scope="session")
def workers_browser() -> Iterator[Any]:
    """Launched once a process: the browser modules' tests are spread over the workers
    one by one, and a launch per module in each worker was seconds of CPU each time.
    Each module's ``browser`` (test_browser.py) closes the tabs it opened."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _without("playwright is not installed (pip install '.[test]')")
    path = chromium.executable()
    if path is None:
        _without("no Chromium found (.ci/run installs the system's chromium)")
    with sync_playwright() as playwright:
        launched = chromium.launch(playwright, path)
        yield launched
        launched.close()
