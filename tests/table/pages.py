"""The seat pages as the tests open them: one real headless Chromium (the operating
system's, launched by Playwright) on the page a real table serves on loopback, joined by
the keyboard (``_join``) or by taps on a phone (``_phone``, ``_join_by_taps``), and read
back through its log (``_log``, ``_wait_for_log``) and axe-core (``_axe``).

One browser for each test process (conftest.py); each test opens its own pages. Without a
browser the tests are skipped with the reason; under CI=true a missing browser fails them.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.table.helpers import CODE, WAIT

BOARD = """name = "short"
width = 5
height = 4

[title]
en = "Short"
ne = "छोटो"

[[ladders]]
from = 3
to = 11

[[snakes]]
from = 17
to = 6
"""
MS = WAIT * 1000


@pytest.fixture(scope="module")
def browser(workers_browser: Any) -> Iterator[Any]:
    """The process's one Chromium (conftest.py); the module's tabs are closed after it, as
    closing its own browser did."""
    yield workers_browser
    for context in workers_browser.contexts:
        context.close()


@pytest.fixture
def board(tmp_path: Path) -> str:
    path = tmp_path / "short.toml"
    path.write_text(BOARD, encoding="utf-8")
    return str(path)


def _page(browser: Any, table: Any, path: str = "/", width: int = 1280,
          prepare: Callable[[Any], None] = lambda page: None) -> Any:
    """A new tab on the table's page; ``prepare`` sees it before it loads."""
    context = browser.new_context(viewport={"width": width, "height": 720})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    prepare(page)
    page.goto(f"http://127.0.0.1:{table.address[1]}{path}#{CODE}")
    return page


def _join(page: Any, name: str, language: str = "en", speech: bool = False,
          sounds: bool = False) -> None:
    """Keyboard only: the language (arrow keys in its group), the name, the page's speech
    and sounds off (the tests read the log, and a turn waits for the page to have said it,
    sounds and all), Enter."""
    page.wait_for_selector("#name", state="visible", timeout=MS)
    # The checked language (the free seats' buttons, which come when the host has answered,
    # may stand before it in the Tab order: a Tab would reach one of them or not by luck).
    page.focus("input[name=lang]:checked")
    if page.evaluate("document.documentElement.lang") != language:  # the table's, at first
        page.keyboard.press("ArrowRight")
        page.wait_for_selector(f"html[lang={language}]", state="attached", timeout=MS)
    page.keyboard.press("Tab")  # (past the free seats' buttons, when they have come)
    while page.evaluate("document.activeElement.id") != "name":
        page.keyboard.press("Tab")
    page.keyboard.type(name)
    for switch, wanted in (("#speech", speech), ("#sounds", sounds)):
        if not wanted:  # after the Join button, in the page's order
            while page.evaluate("document.activeElement.id") != switch.lstrip("#"):
                page.keyboard.press("Tab")
            page.keyboard.press("Space")
            assert not page.is_checked(switch)
    page.focus("#name")
    page.keyboard.press("Enter")
    page.wait_for_selector("#game:not([hidden])", timeout=MS)


def _log(page: Any) -> list[str]:
    return [str(text) for text in page.locator("#log p").all_text_contents()]


def _wait_for_log(page: Any, done: Any) -> list[str]:
    """The page's log once it is ``done`` (a deadline, never a pause)."""
    deadline = time.monotonic() + WAIT
    while True:
        lines = _log(page)
        if done(lines):
            return lines
        assert time.monotonic() < deadline, lines
        page.wait_for_timeout(20)


def _fits(page: Any) -> None:
    """Nothing wider than the screen: no sideways scrolling at 320 px (or at 200 % zoom)."""
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    for control in page.locator("button:visible, input:visible").all():
        box = control.bounding_box()
        width = page.viewport_size["width"]
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box


def _wait_for_request(page: Any, asked: list[str], part: str) -> None:
    deadline = time.monotonic() + WAIT
    while not any(part in url for url in asked):
        assert time.monotonic() < deadline, asked
        page.wait_for_timeout(20)


def _axe(page: Any) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [f"{v['id']}: {v['help']}" for v in results.response["violations"]]


PHONE = {"width": 360, "height": 640}


def _phone(browser: Any, table: Any, context: Any = None) -> Any:
    """A new tab on a touch phone (``context``: another tab of the same browser)."""
    context = context or browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(f"http://127.0.0.1:{table.address[1]}/#{CODE}")
    return page


def _join_by_taps(page: Any, name: str, language: str = "en") -> None:
    """Taps only (the name typed as a phone's keyboard types it); the page's speech and
    sounds off: the tests read the page, and a turn waits for the page to have said it."""
    page.wait_for_selector("#name", state="visible", timeout=MS)
    if language != "en":
        page.tap(f"input[name=lang][value={language}]")
        page.wait_for_selector(f"html[lang={language}]", state="attached", timeout=MS)
    page.tap("#name")
    page.fill("#name", name)
    for switch in ("#speech", "#sounds"):
        if page.is_checked(switch):  # (kept off by this browser's earlier tab)
            page.tap(switch)
        assert not page.is_checked(switch)
    page.tap("#join-button")
    page.wait_for_selector("#game:not([hidden])", timeout=MS)
    # Her board, drawn when she sits: what is below it has moved down to its place.
    page.wait_for_selector("#board:not([hidden])", timeout=MS)


def _on_screen(page: Any, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


# Each time her "Your turn" goes down (her own tap takes it down at once), counted: after a
# chhakka her next roll is hers again within milliseconds, too soon for a wait on the page
# to see it down (found under load: the tests waited out their deadline on a turn taken).
COUNT_TURNS_GONE = """() => { if (window.turnsGone !== undefined) return;
    window.turnsGone = 0;
    new MutationObserver(() => { if (document.body.dataset.turn !== "mine") window.turnsGone++; })
        .observe(document.body, {attributes: true, attributeFilter: ["data-turn"]}); }"""


def _roll(page: Any, press: Callable[[], None] | None = None) -> None:
    """Roll on her turn (a tap on Roll, or ``press``), once the page has taken it: her turn
    down, if only for a moment, or her question come first (and Roll held with it)."""
    page.evaluate(COUNT_TURNS_GONE)
    gone = page.evaluate("window.turnsGone")
    (press or (lambda: page.tap("#roll")))()
    page.wait_for_function(f"""() => window.turnsGone > {gone}
        || !document.getElementById("question").hidden""", timeout=MS)


# Her turn's three parts as a page shows them: her turn, her go (a level-1 child moves her
# own token after her roll), her question.
HER_PART = "body[data-turn=mine], #step:not([hidden]), #question:not([hidden])"


def _count_her_go(page: Any, tap: bool = False) -> int:
    """Her go, if it is open: Next square, once a square (clicked, or ``tap``ped), each
    once the page shows the square it steps to, until the move is told. The steps made."""
    steps = 0
    while True:
        page.wait_for_function("""() => { const step = document.getElementById("step");
            return step.hidden || step.getAttribute("aria-disabled") === "false"; }""",
                               timeout=MS)
        if page.locator("#step").is_hidden():
            return steps
        (page.tap if tap else page.click)("#step")
        steps += 1


# What the page sends the host, each message kept (installed before the page loads).
RECORD_SENT = """() => { window.sent = [];
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (data) { window.sent.push(String(data));
                                                  return send.call(this, data); }; }"""
