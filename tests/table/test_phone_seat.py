"""A child's seat on a phone, as she meets it: real headless Chromium with touch at 360×640
(a small phone held upright), every control tapped, never a key pressed."""

from __future__ import annotations

import re
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tests.table.helpers import WAIT, Child, open_table, table_options
from tests.table.pages import (
    HER_PART,
    MS,
    PHONE,
    RECORD_SENT,
    _axe,
    _count_her_go,
    _join_by_taps,
    _log,
    _on_screen,
    _phone,
    _roll,
    _wait_for_log,
    board,
    browser,
)

__all__ = ["board", "browser"]  # the fixtures, shared with the keyboard's tests


def _answer_on_the_pad(page: Any, digit: str) -> None:
    """Tap the digit and Answer, up to three tries, until the question is over."""
    while page.input_value("#answer"):  # a tap meant for Roll as the question came
        page.tap("#erase")
    for _ in range(3):
        said = len(_log(page))
        page.tap(f"#pad button:text-is('{digit}')")
        assert page.input_value("#answer") == digit
        page.tap("#give")
        page.wait_for_function(
            f"() => document.getElementById('question').hidden"
            f" || document.querySelectorAll('#log p').length > {said}", timeout=MS)
        if page.locator("#question").is_hidden():
            return
    page.wait_for_selector("#question", state="hidden", timeout=MS)


def test_on_a_phone_her_question_is_answered_on_the_pad_in_devanagari_and_one_skipped(
        browser: Any, tmp_path: Path, board: str) -> None:
    from snl_edu.store.opening import open_store
    from snl_edu.store.progress import ProgressStore

    options = replace(table_options(tmp_path, players=("Asha",), computers=1, board=board,
                                    lang="ne"), web_lessons="every")
    with open_table(options) as (table, _, _):
        page = _phone(browser, table)
        _join_by_taps(page, "Asha", "ne")
        outcomes: list[str] = []
        while len(outcomes) < 2:
            page.wait_for_selector(HER_PART, timeout=MS)
            if _count_her_go(page, tap=True):
                continue
            if page.locator("#question").is_hidden():
                _roll(page)  # (unless her question has come first, and held it)
                continue
            # Her question, all of it on the screen at once: what is asked, the pad, Skip.
            for part in ("#asked", "#pad", "#skip"):
                assert _on_screen(page, part), part
            assert page.locator("#roll").is_disabled()  # a tap on Roll cannot skip it
            digits = page.locator("#pad [data-digit]").all_inner_texts()
            assert sorted(digits) == sorted("०१२३४५६७८९"), digits
            assert not any(page.inner_text("#asked") in line for line in _log(page))
            if not outcomes:
                assert _axe(page) == [], "question on a phone"
                _answer_on_the_pad(page, "७")
                outcomes.append("answered")
            else:
                page.tap("#skip")
                page.wait_for_selector("#question", state="hidden", timeout=MS)
                outcomes.append("skipped")
            # Back on Roll, where she taps next (a screen reader says so).
            assert page.evaluate("document.activeElement.id") == "roll"
        assert page.errors == []
        table.end()
    store = open_store(str(tmp_path))
    try:
        answers = ProgressStore(store).recent("Asha")
    finally:
        store.close()
    assert [answer.skipped for answer in answers[-2:]] == [False, True]
    assert answers[-2].given == 7


KEYS = ("press", "Enter", "Escape", "Space", " q ", "Press")


def test_no_sentence_on_a_touch_page_names_a_key(browser: Any, tmp_path: Path,
                                                 board: str) -> None:
    # Tried on phones: "Your turn: press Enter to roll the pasa." on every turn, keys in
    # every question and in the help. The page's sentences name its taps.
    options = replace(table_options(tmp_path, players=("Asha",), computers=1, board=board),
                      web_lessons="every")
    with open_table(options) as (table, _, _):
        page = _phone(browser, table)
        _join_by_taps(page, "Asha")
        asked: list[str] = []
        while len(asked) < 2:
            page.wait_for_selector(HER_PART, timeout=MS)
            if _count_her_go(page, tap=True):
                continue
            if page.locator("#question").is_visible():
                asked.append(page.inner_text("#asked"))
                page.tap("#skip")
                page.wait_for_selector("#question", state="hidden", timeout=MS)
            else:
                _roll(page)
        page.tap("button[data-key=h]")
        lines = _wait_for_log(page, lambda lines: any(
            line.startswith("The buttons on this page:") for line in lines))
        assert "Your turn: tap Roll to roll the pasa." in lines
        assert any("To answer, tap the number, then Answer. To skip, tap Skip." in text
                   for text in asked), asked
        named = [text for text in lines + asked if any(key in text for key in KEYS)]
        assert named == [], named
        assert "The buttons on this page: Roll, Repeat, Where is everyone, What is ahead, " \
               "and Help." in lines
        assert page.errors == []
        table.end()


def test_her_board_shows_every_token_where_the_game_has_it_on_one_phone_screen(
        browser: Any, tmp_path: Path, board: str) -> None:
    options = replace(table_options(tmp_path, players=("Asha",), computers=2, board=board),
                      web_lessons="off")
    with open_table(options) as (table, _, _):
        page = _phone(browser, table)
        _join_by_taps(page, "Asha")
        page.wait_for_selector("body[data-turn=mine]", timeout=MS)
        # Her board, her turn, Roll and the game's buttons: one screen, no scrolling.
        for part in ("#board", "#turn", "#roll", "button[data-key=h]"):
            assert _on_screen(page, part), part
        assert page.locator("#board-image").evaluate("img => img.naturalWidth") > 0
        # Tried at 360x640: the screen's board (the grid alone) was cut as if it were the
        # printed A4 page, and its top row and sides fell outside her board. All of it shows.
        shown = page.locator("#board").bounding_box()
        drawn = page.locator("#board-image").bounding_box()
        assert all(abs(shown[edge] - drawn[edge]) <= 1
                   for edge in ("x", "y", "width", "height")), (shown, drawn)
        # Tried on a 360x640 phone: the projector's #board rule drew her board 20 px wide.
        assert page.locator("#board").bounding_box()["width"] >= 300
        page.tap("#roll")
        until = time.monotonic() + WAIT
        while True:  # every token on the board where the game has it, once it has walked
            positions = list(table.game.positions)
            shown = page.eval_on_selector_all(
                "#tokens .token", "tokens => tokens.map(t => [t.dataset.seat, t.dataset.square])")
            wanted = [[str(seat + 1), str(square)] for seat, square in enumerate(positions)
                      if square > 0]
            if shown == wanted and positions[0] > 0:
                break
            assert time.monotonic() < until, (shown, positions)
            page.wait_for_timeout(20)
        mine = page.locator("#tokens .mine")
        assert mine.count() == 1 and mine.get_attribute("data-seat") == "1"
        assert _axe(page) == [], "her board on a phone"
        assert page.errors == []
        table.end()


def test_a_phone_in_english_at_a_nepali_table_opens_in_nepali(browser: Any, tmp_path: Path,
                                                             board: str) -> None:
    options = replace(table_options(tmp_path, players=("Asha",), computers=1, board=board,
                                    lang="ne"), web_lessons="off")
    with open_table(options) as (table, _, _):
        context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True,
                                      locale="en-US")
        page = _phone(browser, table, context)
        page.wait_for_selector("html[lang=ne]", state="attached", timeout=MS)
        assert page.is_checked("input[name=lang][value=ne]")
        page.tap("input[name=lang][value=en]")  # unless she picks another
        page.wait_for_selector("html[lang=en]", state="attached", timeout=MS)
        assert page.errors == []
        table.end()


def test_other_childrens_moves_are_one_short_line_each_and_hers_are_told_whole(
        browser: Any, tmp_path: Path, board: str) -> None:
    options = replace(table_options(tmp_path, players=("Asha",), computers=2, board=board),
                      web_lessons="off")
    with open_table(options) as (table, _, _):
        page = _phone(browser, table)
        _join_by_taps(page, "Asha")
        until = time.monotonic() + WAIT
        while sum(line.startswith("Computer 2") for line in _log(page)) < 2:
            if page.locator("body[data-turn=mine]").count():
                page.tap("#roll")
            assert time.monotonic() < until, _log(page)
            page.wait_for_timeout(20)
        lines = _log(page)
        assert any(line.startswith("You rolled ") for line in lines)  # hers, told to her
        assert not any(line.startswith("Asha") for line in lines), lines  # never by her name
        theirs = [line for line in lines if line.startswith("Computer")]
        assert all(re.fullmatch(r"Computer \d: (onto the board at \d+|\d+ to \d+(, up a ladder|"
                                r", down a snake)?)\.|Computer \d stays at \d+\.", line)
                   for line in theirs), theirs
        # Whose turn it is, always in one line: a status, read when asked, not announced.
        whose = page.inner_text("#whose")
        assert re.fullmatch(r"Your turn\.|Computer \d's turn\.", whose), whose
        assert page.get_attribute("#whose", "role") == "status"
        # A screen reader hears her turn at once (assertive), the rest politely; the log
        # itself is silent (each line said once).
        assert page.get_attribute("#log", "aria-live") == "off"
        now = page.locator("#now[aria-live=assertive] p").all_text_contents()
        assert now and all(line.startswith("Your turn: tap") for line in now), now
        said = page.locator("#said[aria-live=polite] p").all_text_contents()
        assert said and not any(line.startswith("Your turn: tap") for line in said), said
        assert all(line in lines for line in said)
        assert page.errors == []
        table.end()


def test_two_tabs_in_one_browser_sit_as_two_children(browser: Any, tmp_path: Path,
                                                      board: str) -> None:
    # Tried: the second tab took the first child's seat key, and sat as her.
    options = replace(table_options(tmp_path, players=("Asha", "Bikash"), computers=0,
                                    board=board), web_lessons="off")
    with open_table(options) as (table, _, _):
        asha = _phone(browser, table)
        _join_by_taps(asha, "Asha")
        bikash = _phone(browser, table, asha.context)  # a second tab of the same browser
        bikash.wait_for_selector("#name", state="visible", timeout=MS)
        bikash.wait_for_selector("body[data-tabs=held]", state="attached", timeout=MS)
        assert bikash.locator("#game").is_hidden() and bikash.input_value("#name") == ""
        _join_by_taps(bikash, "Bikash")
        _wait_for_log(bikash, lambda lines: any(line.startswith("You sit at the table as "
                                                                "Bikash") for line in lines))
        assert not any("Welcome back" in line for line in _log(bikash))
        assert any(line.startswith("You sit at the table as Asha") for line in _log(asha))
        assert asha.errors == [] and bikash.errors == []
        table.end()


def test_a_tap_on_her_turn_the_moment_it_shows_counts_however_slow_the_host(
        browser: Any, tmp_path: Path, board: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Under load, a tap on Roll reached the seat's keys before the table's thread, which
    # had just shown the page her turn, had gone on to say it: dropped as pressed before
    # the turn, and the table waited on. Here that thread is held, after showing the turn,
    # until her tap has been handled (or a second has passed).
    from snl_edu.table.browser import BrowserSeat
    from snl_edu.table.page_link import PageLink

    handled = threading.Event()
    send, act = PageLink.send, BrowserSeat._act

    def held_send(link: PageLink, message: dict[str, Any]) -> None:
        send(link, message)
        if message.get("type") == "turn" and message.get("mine"):
            handled.clear()
            handled.wait(1.0)

    def watched_act(seat: BrowserSeat, command: Any, keys: Any = None) -> None:
        try:
            act(seat, command, keys)
        finally:
            handled.set()

    monkeypatch.setattr(PageLink, "send", held_send)
    monkeypatch.setattr(BrowserSeat, "_act", watched_act)
    options = replace(table_options(tmp_path, players=("Asha",), computers=1, board=board),
                      web_lessons="off")  # no turn clock: only her tap rolls her turn
    with open_table(options) as (table, _, _):
        page = _phone(browser, table)
        _join_by_taps(page, "Asha")
        for rolls in (1, 2):
            page.wait_for_selector("body[data-turn=mine]", state="attached", timeout=MS)
            page.tap("#roll")
            _wait_for_log(page, lambda lines, rolls=rolls: sum(
                line.startswith("You rolled") for line in lines) >= rolls)
        assert page.errors == []
        table.end()


RECORD_ROLL = """() => { window.rolls = [];
    const roll = document.getElementById("roll");
    new MutationObserver(() => window.rolls.push([document.body.dataset.turn || "",
        roll.disabled || roll.getAttribute("aria-disabled") === "true"]))
        .observe(document.body, {attributes: true, subtree: true,
                                 attributeFilter: ["data-turn", "aria-disabled", "disabled"]});
}"""
# What the page has sent the host as keys.
KEYS_SENT = "() => window.sent.filter((text) => JSON.parse(text).type === 'key').length"


def _roll_off(page: Any) -> bool:
    """Roll is off: disabled, or (in another's turn, keeping her focus) aria-disabled."""
    return bool(page.evaluate("""() => { const roll = document.getElementById("roll");
        return roll.disabled || roll.getAttribute("aria-disabled") === "true"; }"""))


def test_roll_is_off_in_another_childs_turn_and_a_tap_on_it_sends_nothing(
        browser: Any, tmp_path: Path, board: str) -> None:
    # Tried on phones: Roll stayed on through the others' turns, and a tap there was
    # answered "Wait: it is Computer 2's roll". Bikash, at a terminal, does not roll: the
    # table waits in his turn as long as the test looks (computers' turns pass too soon to
    # be sure a tap falls in one).
    options = replace(table_options(tmp_path, players=("Asha", "Bikash"), computers=0,
                                    board=board), web_lessons="off")
    with open_table(options) as (table, _, _):
        context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
        context.add_init_script(f"({RECORD_SENT})()")
        page = _phone(browser, table, context)
        _join_by_taps(page, "Asha")
        page.evaluate(RECORD_ROLL)
        bikash = Child(table, "Bikash", stop_after=0)
        until = time.monotonic() + WAIT
        while not (table.game.current == 1 and page.inner_text("#whose") == "Bikash's turn."):
            if page.locator("body[data-turn=mine]").count():  # (again after a chhakka)
                assert not _roll_off(page)
                page.tap("#roll")
            assert time.monotonic() < until, (table.game.current, page.inner_text("#whose"))
            page.wait_for_timeout(20)
        assert _roll_off(page)
        before = page.evaluate(KEYS_SENT)
        page.tap("#roll", force=True)  # (Playwright would wait for it to be on)
        assert page.evaluate(KEYS_SENT) == before, page.evaluate("window.sent")
        assert page.evaluate("document.activeElement.id") == "roll"  # kept there
        assert _axe(page) == [], "another child's turn"
        rolls = page.evaluate("window.rolls")
        assert ["", True] in rolls and ["mine", False] in rolls, rolls
        # Only in her turn is Roll on.
        assert all(off == (turn != "mine") for turn, off in rolls), rolls
        assert not any(line.startswith("Wait") for line in _log(page)), _log(page)
        assert page.errors == []
        table.end()
        bikash.leave()


def test_joining_shows_the_free_seats_as_buttons_named_as_the_teacher_wrote_them(
        browser: Any, tmp_path: Path) -> None:
    # Tried: a child had to type her seat's name exactly (सरिता, with no Nepali keyboard).
    hostile = "<img src=x onerror=alert(1)>"
    options = replace(table_options(tmp_path, players=("Asha", "सरिता", hostile),
                                    computers=0), web_lessons="off")
    with open_table(options) as (table, _, _):
        asha = _phone(browser, table)
        _join_by_taps(asha, "Asha")
        page = _phone(browser, table)
        page.wait_for_selector("#seats:not([hidden]) button", timeout=MS)
        names = page.locator("#seat-names button").all_text_contents()
        assert names == ["सरिता", hostile], names  # Asha's is taken; as written, as text
        assert page.locator("#join img").count() == 0 and page.errors == []
        assert _axe(page) == [], "join screen with the free seats"
        page.tap("#seat-names button:text-is('सरिता')")
        page.wait_for_selector("#game:not([hidden])", timeout=MS)
        _wait_for_log(page, lambda lines: any(line.startswith("You sit at the table as सरिता")
                                              for line in lines))
        assert page.errors == []
        table.end()


def test_whose_turn_it_is_is_shown_at_once_when_she_comes_back_mid_game(
        browser: Any, tmp_path: Path, board: str) -> None:
    # The status line holds whose turn it is; a page opened again mid-game showed none
    # until the next move (here none comes: the table waits for her roll, no clock).
    options = replace(table_options(tmp_path, players=("Asha",), computers=1, board=board),
                      web_lessons="off")
    with open_table(options) as (table, _, _):
        page = _phone(browser, table)
        _join_by_taps(page, "Asha")
        page.wait_for_selector("body[data-turn=mine]", state="attached", timeout=MS)
        assert page.inner_text("#whose") == "Your turn."  # from the first turn on
        _roll(page)
        page.wait_for_selector("body[data-turn=mine]", state="attached", timeout=MS)
        page.reload()  # her seat's key brings her back, nothing typed
        page.wait_for_selector("#game:not([hidden])", timeout=MS)
        page.wait_for_function("() => document.getElementById('whose').textContent",
                               timeout=MS)
        assert page.inner_text("#whose") == "Your turn."
        assert _axe(page) == [], "back mid-game"
        assert page.errors == []
        table.end()
