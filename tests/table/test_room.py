"""The table in a real room, as a child at a page meets it: "Your turn" goes the moment the
table rolls for her."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from tests.table import test_browser as seats
from tests.table.helpers import open_table, table_options

browser = seats.browser  # the seat tests' fixture: one Chromium for the module


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
