"""Her go on a browser seat (snl_edu.table.client.goes): a level-1 child on a phone taps
the next square of her board (or Next square) once a square, and hears each square's
number after her tap. A real table on loopback and a real headless Chromium."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tests.table.helpers import open_table, table_options
from tests.table.pages import (
    MS,
    _axe,
    _join_by_taps,
    _phone,
    _roll,
    _wait_for_log,
    board,
    browser,
)

__all__ = ["board", "browser"]
pytestmark = pytest.mark.slow

LANDING = "You come onto the board at square 5."  # seed 5: her first roll is a 5 (told to her)


def _her_square(page: Any) -> str | None:
    mine = page.locator("#tokens .mine")
    return mine.get_attribute("data-square") if mine.count() else None


def _tap_when_open(page: Any, selector: str) -> None:
    """One tap, once the page shows the square it steps to."""
    page.wait_for_selector("#step[aria-disabled=false]", timeout=MS)
    page.tap(selector)


def test_on_a_phone_she_taps_each_square_of_her_move_before_the_game_says_it(
        browser: Any, tmp_path: Path, board: str) -> None:
    """Before, her page heard "Asha comes onto the board at square 5" the moment she
    rolled, and her token walked there by itself: she tapped Roll and nothing more."""
    options = replace(table_options(tmp_path, players=("Asha",), computers=1, board=board),
                      lessons="every", level=1, history="off")
    with open_table(options) as (table, _, _):
        page = _phone(browser, table)
        _join_by_taps(page, "Asha")
        page.wait_for_selector("body[data-turn=mine]", timeout=MS)
        _roll(page)
        page.wait_for_selector("#next-square:not([hidden])", timeout=MS)
        prompt = _wait_for_log(page, lambda lines: any("your go!" in line for line in lines))
        assert "your go! Tap the next square on your board once for each dot" in prompt[-1]
        assert not any("square 5" in line for line in prompt), prompt
        assert _her_square(page) is None  # not on the board until she moves it there
        assert _axe(page) == [], "her go on a phone"
        _tap_when_open(page, "#next-square")  # the ringed square on her board
        _wait_for_log(page, lambda lines: lines[-1] == "1")
        assert _her_square(page) == "1"
        for number in "2345":  # and Next square, under the board
            _tap_when_open(page, "#step")
            _wait_for_log(page, lambda lines, said=number: said in lines[len(prompt):])
        lines = _wait_for_log(page, lambda lines: LANDING in lines)
        counted = lines[len(prompt):lines.index(LANDING)]
        assert counted == ["1", "2", "3", "4", "5"], counted
        page.wait_for_selector("#step", state="hidden", timeout=MS)
        page.wait_for_function("() => document.querySelector('#tokens .mine')"
                               "?.dataset.square === '5'", timeout=MS)
        assert page.errors == []
        table.end()
