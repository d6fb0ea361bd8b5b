"""The table in a real room, as a child at a page meets it: "Your turn" goes the moment the
table rolls for her."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from snl_edu.table.seats import MISSED_BEFORE_COVER
from tests.table import test_browser as seats
from tests.table.helpers import WAIT, open_table, table_options

browser = seats.browser  # the seat tests' fixture: one Chromium for the module
# The frozen-page test's turn: its clock and the grace for a page still to say the turn,
# short (the table's own are 30 s and 5 s) but the grace still more than the test's
# tolerance of 2 s, so a turn rolled at the clock alone, without the grace, fails it too.
CLOCK, GRACE = 0.5, 2.6


def test_your_turn_goes_the_moment_the_table_rolls_for_her(
        browser: Any, tmp_path: Path) -> None:
    options = replace(table_options(tmp_path, players=("Asha",), computers=1,
                                    turn_clock=0.5), web_lessons="off")
    with open_table(options) as (table, host_log, _):
        page = seats._page(browser, table)
        page.evaluate("""() => { window.turns = [];
            new MutationObserver(() => window.turns.push(document.body.dataset.turn || ""))
                .observe(document.body, {attributes: true, attributeFilter: ["data-turn"]}); }""")
        seats._join(page, "Asha")
        host_log.wait_for(lambda lines: sum("Time is up: rolling for Asha." in line
                                            for line in lines) >= 2)
        table.end()
        turns = page.evaluate("window.turns")
        # Each "your turn" is taken down before the next: never left up through the others'.
        assert turns.count("mine") >= 2, turns
        assert all(turns[i + 1] != "mine" for i, turn in enumerate(turns[:-1])
                   if turn == "mine"), turns


NEVER_DONE_SPEAKING = """() => {
    // The page's voice never finishes, not even at the page's own limit for a line (10 s,
    // longer than this test's turns): the timer the page keeps for it is cleared.
    window.Audio = function () {
        const audio = document.createElement("audio");
        audio.play = () => new Promise(() => {});
        Object.defineProperty(audio, "limit", { get: () => undefined, set: clearTimeout });
        return audio;
    };
    if (window.speechSynthesis) speechSynthesis.speak = () => {};
}"""


def times_of(log: Any, text: str, count: int) -> list[float]:
    """When each of the first ``count`` lines holding ``text`` reached the host's screen."""
    seen: list[float] = []
    deadline = time.monotonic() + 6 * WAIT
    while len(seen) < count:
        assert time.monotonic() < deadline, log.lines[-6:]
        found = sum(text in line for line in list(log.lines))
        seen += [time.monotonic()] * (found - len(seen))
        time.sleep(0.02)
    return seen[:count]


@pytest.mark.slow
def test_a_page_still_speaking_and_a_frozen_page_are_rolled_for_at_the_clock_then_covered(
        browser: Any, tmp_path: Path) -> None:
    options = replace(table_options(tmp_path, players=("Asha", "Bikash"), computers=0,
                                    turn_clock=CLOCK), web_lessons="off",
                      saying_grace=GRACE)
    with open_table(options) as (table, host_log, _):
        asha = seats._page(browser, table)
        asha.add_init_script(NEVER_DONE_SPEAKING)
        asha.reload()
        seats._join(asha, "Asha", speech=True)
        bikash = seats._page(browser, table)
        seats._join(bikash, "Bikash")
        bikash.evaluate("setTimeout(() => { for (;;) {} }, 0)")  # its script freezes
        started = time.monotonic()
        ups = times_of(host_log, "Time is up: rolling for", 2 * MISSED_BEFORE_COVER)
        covered = times_of(host_log, "the computer rolls for", 2)
        waits = [later - earlier for earlier, later in zip([started, *ups], ups, strict=False)]
        print("waits per idle turn:", [round(wait, 1) for wait in waits],
              "covered after", round(covered[-1] - ups[-1], 1))
        for wait in waits[1:]:  # the first also waited for Bikash to join
            assert abs(wait - (CLOCK + GRACE)) <= 2.0, waits
        assert covered[-1] - ups[-1] < 2.0  # from the misses on, the computer rolls at once
        table.end()
        asha.context.close()
        bikash.context.close()
