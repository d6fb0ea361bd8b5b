"""The test browser: the operating system's Chromium (.ci/run installs it), launched by
Playwright headless and kept off the network beyond loopback. Used by the browser-seat
tests and by benchmarks/bench_browser.py."""

from __future__ import annotations

import os
import shutil
from typing import Any

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
# The test process's one Chromium and its Playwright, once started (shared()).
_shared: list[Any] = []


def executable() -> str | None:
    """SNL_TEST_BROWSER, else chromium on the PATH; None when there is none."""
    return os.environ.get("SNL_TEST_BROWSER") or shutil.which("chromium") \
        or shutil.which("chromium-browser")


def launch(playwright: Any, path: str) -> Any:
    return playwright.chromium.launch(executable_path=path, args=ARGS)


def shared(path: str) -> Any:
    """The process's one Chromium, launched the first time: a launch per test module cost
    seconds of CPU each, and xdist spreads a module's tests over its workers."""
    if not _shared:
        from playwright.sync_api import sync_playwright

        playwright = sync_playwright().start()
        _shared[:] = [playwright, launch(playwright, path)]
    return _shared[1]


def running() -> bool:
    """The shared Chromium has been launched (and not stopped)."""
    return bool(_shared)


def stop_shared() -> None:
    """Let the shared Chromium and its Playwright go: at the end, or before code that
    starts a Playwright of its own (one a thread)."""
    if _shared:
        playwright, browser = _shared
        _shared.clear()
        browser.close()
        playwright.stop()
