"""The test browser: the operating system's Chromium (.ci/run installs it), launched by
Playwright headless and kept off the network beyond loopback. Used by the browser-seat
tests and by benchmarks/bench_browser.py."""

from __future__ import annotations

import os
import shutil
from typing import Any

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def executable() -> str | None:
    """SNL_TEST_BROWSER, else chromium on the PATH; None when there is none."""
    return os.environ.get("SNL_TEST_BROWSER") or shutil.which("chromium") \
        or shutil.which("chromium-browser")


def launch(playwright: Any, path: str) -> Any:
    return playwright.chromium.launch(executable_path=path, args=ARGS)
