"""Browser seats: time from a child's roll on the page to the roll's line in the log of every
one of 8 seats' pages, the time to a usable page, and the page's weight.

    python benchmarks/bench_browser.py [--rolls N]

A real table on 127.0.0.1 seats 8 children, each in a page of one headless Chromium (the
operating system's: tests/table/chromium.py). Each roll is pressed on the page whose turn it
is; every page notes (on the shared wall clock) when the roll's line joined its log. The
reference is the same trip without the game: a review key ("r", repeat) pressed on a page,
to its line in that page's log, taken alternately with the rolls. The goal is 150 ms or less
at p95. A usable page: from opening the address to the name field, labelled in the child's
language, on screen; its reference is the page's HTML fetched alone.
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))

from measure import Result, percentile, report

from snl_edu.app.options import PlayOptions, SoundOptions
from snl_edu.app.play import Terminal
from snl_edu.table.host import Table, TableOptions
from snl_edu.table.web import FILES, page_files

SEATS = 8
CODE = "ABCDEFGH"
GOAL_MS = 150.0
WAIT_MS = 30_000
# Each page keeps, for every line added to its log, the wall-clock time and the text.
WATCH = """() => {
  window.snlLines = [];
  new MutationObserver((changes) => {
    const now = performance.timeOrigin + performance.now();
    for (const change of changes) for (const node of change.addedNodes)
      window.snlLines.push([now, node.textContent]);
  }).observe(document.getElementById("log"), {childList: true});
  window.snlBoards = [];  // and when its board was drawn, with whose tokens
  new MutationObserver(() => {
    const now = performance.timeOrigin + performance.now();
    window.snlBoards.push([now, [...document.querySelectorAll("#tokens .token")]
      .map((token) => Number(token.dataset.seat))]);
  }).observe(document.getElementById("tokens"), {childList: true});
}"""
PRESS = """(key) => {
  const at = performance.timeOrigin + performance.now();
  document.dispatchEvent(new KeyboardEvent("keydown", {key: key, bubbles: true}));
  return at;
}"""


def page_weight() -> int:
    return sum(len(body) for body in page_files().values())


FIND = """([since, text]) => {
  const found = window.snlLines.find(([at, line]) => at >= since && line.includes(text));
  return found ? found[0] : null;
}"""


MOVED = """([since, seat]) => {
  const found = window.snlBoards.find(([at, seats]) => at >= since && seats.includes(seat));
  return found ? found[0] : null;
}"""


def _moved_after(page: Any, since: float, seat: int) -> float:
    """When the page drew the board with the seat's token (numbered from 1, as the
    board message numbers it) moving, after ``since``."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while (when := page.evaluate(MOVED, [since, seat])) is None:
        if time.monotonic() > deadline:
            raise TimeoutError(f"no move of seat {seat}")
        time.sleep(0.002)
    return float(when)


def _lines_after(page: Any, since: float, text: str) -> float:
    """When a line holding ``text`` joined the page's log after ``since`` (ms, wall clock);
    the page's own clock says, so how often this looks does not change the figure."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while (when := page.evaluate(FIND, [since, text])) is None:
        if time.monotonic() > deadline:
            raise TimeoutError(f"no line {text!r}")
        time.sleep(0.002)
    return float(when)


def measure(rolls: int, seats: int = SEATS
            ) -> tuple[list[float], list[float], list[float], list[float], list[float]]:
    """Roll to every page's line, review key to its line, usable page, HTML alone, roll to
    its token moving on every page's board (ms)."""
    from playwright.sync_api import sync_playwright

    from tests.table import chromium

    names = tuple(f"Child {n + 1}" for n in range(seats))
    chromium.stop_shared()  # the suite's own, in a test process: one Playwright a thread
    with tempfile.TemporaryDirectory() as data, sync_playwright() as playwright:
        play = PlayOptions(players=names, computers=0, seed=3, lessons="off", lang="en",
                           pace=0.0, data_dir=data, sound=SoundOptions(speech=False, sound=False))
        table = Table(TableOptions(play, bind="127.0.0.1", port=0, turn_clock=0, code=CODE,
                                   web_lessons="off"),
                      Terminal(io.StringIO(), io.StringIO(), io.StringIO()))
        port = table.open()[1]
        runner = threading.Thread(target=table.run, daemon=True)
        runner.start()
        browser = chromium.launch(playwright, chromium.executable() or "chromium")
        pages, usable, html = [], [], []
        try:
            for name in names:
                page = browser.new_context().new_page()
                started = time.perf_counter()
                page.goto(f"http://127.0.0.1:{port}/#{CODE}")
                page.wait_for_selector("#name", state="visible", timeout=WAIT_MS)
                usable.append((time.perf_counter() - started) * 1000)
                started = time.perf_counter()
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/") as reply:
                    reply.read()
                html.append((time.perf_counter() - started) * 1000)
                page.fill("#name", name)
                page.press("#name", "Enter")
                page.wait_for_selector("#game:not([hidden])", timeout=WAIT_MS)
                page.uncheck("#speech")
                page.uncheck("#sounds")  # no sound device here: a turn waits for its sounds
                page.evaluate(WATCH)
                pages.append(page)
            to_every_page, review, token_moved = [], [], []
            rolled = None
            for _ in range(rolls):
                page = next(p for p in _waiting(pages))
                if rolled is not None:  # the table waits: nothing else is said meanwhile
                    at = float(rolled.evaluate(PRESS, "r"))
                    review.append(_lines_after(rolled, at, "") - at)
                at = float(page.evaluate(PRESS, " "))
                seat = pages.index(page)
                done = [_lines_after(other, at, _roll_line(seat, other is page))
                        for other in pages]
                to_every_page.extend(when - at for when in done)
                token_moved.extend(_moved_after(other, at, seat + 1) - at for other in pages)
                rolled = page
        finally:
            table.end()
            runner.join(30)
            table.close()
            browser.close()
    return to_every_page, review, usable, html, token_moved


def loaded_weight(language: str) -> dict[str, int]:
    """What a phone's first visit to a seat costs, in bytes sent (compressed as sent): from
    opening the address to her board drawn, the table in ``language``; by address. The
    sounds of lines and earcons are left out (they come one by one as the game goes)."""
    from playwright.sync_api import sync_playwright

    from tests.table import chromium

    sent: dict[str, int] = {}
    chromium.stop_shared()
    with tempfile.TemporaryDirectory() as data, sync_playwright() as playwright:
        play = PlayOptions(players=("Asha", "Bikash"), computers=0, seed=3, lessons="off",
                           lang=language, pace=0.0, data_dir=data,
                           sound=SoundOptions(speech=False, sound=False))
        table = Table(TableOptions(play, bind="127.0.0.1", port=0, turn_clock=0, code=CODE,
                                   web_lessons="off"),
                      Terminal(io.StringIO(), io.StringIO(), io.StringIO()))
        port = table.open()[1]
        threading.Thread(target=table.run, daemon=True).start()
        browser = chromium.launch(playwright, chromium.executable() or "chromium")
        try:
            page = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True,
                                       is_mobile=True).new_page()
            page.on("requestfinished", lambda request: sent.__setitem__(
                request.url.split(str(port), 1)[1].split("?")[0],
                request.sizes()["responseBodySize"]))
            page.goto(f"http://127.0.0.1:{port}/#{CODE}")
            page.wait_for_selector("#name", state="visible", timeout=WAIT_MS)
            page.uncheck("#speech")
            page.uncheck("#sounds")
            page.fill("#name", "Asha")
            page.tap("#join-button")
            page.wait_for_function("() => document.getElementById('board-image').complete"
                                   " && !document.getElementById('board').hidden",
                                   timeout=WAIT_MS)
            page.evaluate("document.fonts.ready.then(() => true)")
            page.wait_for_load_state("networkidle")
        finally:
            table.end()
            table.close()
            browser.close()
    return {path: size for path, size in sent.items()
            if not path.startswith(("/speech/", "/audio/"))}


def _roll_line(seat: int, own: bool) -> str:
    """What a page's line of the roll begins with: the roller's page hears it told to her
    ("You rolled 4: 14 to 18."), the others one short line ("Child 1: 0 to 4.", "Child 1
    stays at 98."; Narrator.move_line)."""
    return "You rolled" if own else f"Child {seat + 1}"


def _waiting(pages: list[Any]) -> Any:
    """The page whose turn it is, as soon as one says so."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while time.monotonic() < deadline:
        for page in pages:
            if page.evaluate("document.body.dataset.turn") == "mine":
                yield page
                return
        time.sleep(0.005)
    raise TimeoutError("no page's turn came")


def run(tiny: bool = False, rolls: int = 48) -> list[Result]:
    from tests.table import chromium

    weight = float(page_weight())
    results = [Result("page weight (HTML, CSS, script)", "bytes", [weight],
                      "the seat page's HTML", [float(len(page_files()["/"]))],
                      goal="< 100 KB")]
    print(f"Page weight: {weight / 1000:.1f} KB in {len(FILES)} files")
    if chromium.executable() is None:
        print("No Chromium: only the page weight is measured.")
        return results
    for language in ("en", "ne"):
        sent = loaded_weight(language)
        total = float(sum(sent.values()))
        results.append(Result(f"a phone's first visit with the board ({language})", "bytes",
                              [total], "the seat page's HTML", [float(sent.get("/", 0))],
                              goal="< 150 KB"))
        print(f"With the board ({language}): {total / 1000:.1f} KB: " + ", ".join(
            f"{path} {size / 1000:.1f}" for path, size in sorted(sent.items(),
                                                                 key=lambda kept: -kept[1])))
    seats = 2 if tiny else SEATS  # tiny: the suite checks it works, on as few pages as play
    to_every_page, review, usable, html, token_moved = measure(4 if tiny else rolls, seats)
    results += [
        Result(f"roll to its line in the log, {seats} browser seats", "ms", to_every_page,
               "review key to its line", review, goal=f"p95 <= {GOAL_MS:.0f} ms"),
        Result(f"roll to its token moving, {seats} browser seats' boards", "ms", token_moved,
               "review key to its line", review, goal=f"p95 <= {GOAL_MS:.0f} ms"),
        Result("opening the page to a usable page", "ms", usable, "the page's HTML alone",
               html, goal="< 1000 ms"),
    ]
    print(f"roll to token moved: median {sorted(token_moved)[len(token_moved) // 2]:.1f} ms, "
          f"p95 {percentile(token_moved, 95):.1f} ms over {len(token_moved)} boards")
    print(f"roll to line: median {sorted(to_every_page)[len(to_every_page) // 2]:.1f} ms, "
          f"p95 {percentile(to_every_page, 95):.1f} ms over {len(to_every_page)} lines")
    print(f"usable page: median {sorted(usable)[len(usable) // 2]:.0f} ms, "
          f"max {max(usable):.0f} ms")
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rolls", type=int, default=48)
    options = parser.parse_args()
    report(__doc__.splitlines()[0], lambda: run(rolls=options.rolls))


if __name__ == "__main__":
    main()
