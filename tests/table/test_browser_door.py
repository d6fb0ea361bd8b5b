"""The seat page's own loose ends, in real headless Chromium on loopback: a long name, a
garbled or mistyped code in the address, the seat's key kept no longer than its table, and
the door's deadline met before joining."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from snl_edu.safe_text import MAX_NAME
from tests.table import test_browser as seats
from tests.table.helpers import CODE, WAIT, open_table, table_options
from tests.table.pages import MS, _join, _page

pytestmark = pytest.mark.slow
browser = seats.browser  # the module's one browser, as the seat tests launch it
LONG_NAME = "Asha Kumari Bhattarai Shrestha Koirala"  # 38 letters: the table takes 40


def _stored(page: Any) -> dict[str, Any]:
    return json.loads(page.evaluate("localStorage.getItem('snl-seat') || '{}'"))


def _until(done: Any, what: str) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + WAIT
    while not done():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


def test_a_name_as_long_as_the_table_takes_joins(browser: Any, tmp_path: Path) -> None:
    assert len(LONG_NAME) > 32 and len(LONG_NAME) <= MAX_NAME
    with open_table(table_options(tmp_path, players=(LONG_NAME,))) as (table, host_log, _):
        page = _page(browser, table)
        assert page.get_attribute("#name", "maxlength") == str(MAX_NAME)
        _join(page, LONG_NAME)  # the game shows: the whole name was sent, and seated
        host_log.wait_for(lambda lines: any(f"{LONG_NAME} has joined" in line
                                            for line in lines))
        table.end()


def test_a_garbled_or_wrong_code_in_the_address_can_be_put_right_on_the_page(
        browser: Any, tmp_path: Path) -> None:
    with open_table(table_options(tmp_path, players=("Asha", "Bikash"))) as (table, _, _):
        port = table.address[1]  # type: ignore[index]
        garbled = browser.new_context().new_page()
        errors: list[str] = []
        garbled.on("pageerror", lambda error: errors.append(str(error)))
        garbled.goto(f"http://127.0.0.1:{port}/#%E0%A4%A")  # "URI malformed" before
        garbled.wait_for_selector("#name", state="visible", timeout=MS)
        assert "cannot be read" in garbled.text_content("#refused")
        assert errors == []
        garbled.fill("#code", CODE)
        garbled.fill("#name", "Asha")
        garbled.press("#name", "Enter")
        garbled.wait_for_selector("#game:not([hidden])", timeout=MS)
        wrong = browser.new_context().new_page()
        wrong.goto(f"http://127.0.0.1:{port}/#ABCD-EFGX")  # one letter mistyped
        wrong.wait_for_selector("#name", state="visible", timeout=MS)
        wrong.fill("#name", "Bikash")
        wrong.press("#name", "Enter")
        wrong.wait_for_selector("#refused:not(:empty)", timeout=MS)
        assert "join code is not right" in (wrong.text_content("#refused") or "")
        wrong.fill("#code", CODE)  # the field was hidden: the address had to be retyped
        wrong.press("#name", "Enter")
        wrong.wait_for_selector("#game:not([hidden])", timeout=MS)
        table.end()


def test_a_seats_key_is_kept_no_longer_than_its_table(browser: Any, tmp_path: Path) -> None:
    """A tab closed mid-game left the child's key, the code and her name in a shared school
    computer's browser, still there at the next table on the same port."""
    options = table_options(tmp_path / "first", players=("Asha",))
    with open_table(options) as (table, _, _):
        port = table.address[1]  # type: ignore[index]
        page = _page(browser, table)
        _join(page, "Asha")
        context = page.context
        assert _stored(page).get("token")
        page.close()  # mid-game: the page never hears the end
        table.end()
    with open_table(replace(table_options(tmp_path / "second", players=("Bikash",)),
                            port=port)) as (table, _, _):
        again = context.new_page()
        again.goto(f"http://127.0.0.1:{port}/#{CODE}")  # the same code, another table
        again.wait_for_selector("#name", state="visible", timeout=MS)
        _until(lambda: "token" not in _stored(again), "the old table's key is forgotten")
        assert "name" not in _stored(again)
        table.end()


def test_a_seats_key_older_than_a_school_day_is_forgotten(browser: Any, tmp_path: Path) -> None:
    with open_table(table_options(tmp_path, players=("Asha",))) as (table, _, _):
        old = json.dumps({"token": "kept-from-yesterday", "code": CODE, "name": "Asha",
                          "at": int(time.time() * 1000) - 13 * 3600 * 1000})
        page = _page(browser, table, prepare=lambda page: page.add_init_script(
            f"localStorage.setItem('snl-seat', {json.dumps(old)})"))
        page.wait_for_selector("#name", state="visible", timeout=MS)
        _until(lambda: "token" not in _stored(page), "yesterday's key is forgotten")
        table.end()


def test_a_page_left_at_its_join_form_past_the_deadline_still_joins(
        browser: Any, tmp_path: Path) -> None:
    """The door shuts a socket that has not joined by its deadline; the page opens another
    when the child presses Join."""
    options = replace(table_options(tmp_path, players=("Asha",)), join_deadline=1.0)
    with open_table(options) as (table, host_log, _):
        page = _page(browser, table)
        page.wait_for_selector("#name", state="visible", timeout=MS)
        _until(lambda: table.gate.unjoined_count() == 0, "the page's socket is shut")
        page.fill("#name", "Asha")
        page.press("#name", "Enter")
        page.wait_for_selector("#game:not([hidden])", timeout=MS)
        host_log.wait_for(lambda lines: any("Asha has joined" in line for line in lines))
        table.end()


# The door's shut of a socket that has not joined, landing just as her language choice
# leaves on it: the first hello naming Nepali is lost with its socket, unanswered.
LOSE_THE_FIRST_NEPALI_HELLO = """() => { const send = WebSocket.prototype.send;
    let lost = false;
    WebSocket.prototype.send = function (data) {
        const message = JSON.parse(data);
        if (!lost && message.type === "hello" && message.lang === "ne") {
            lost = true;
            this.close();
            return undefined;
        }
        return send.call(this, data); }; }"""


def test_a_language_picked_as_the_door_shuts_the_pages_socket_still_takes(
        browser: Any, tmp_path: Path) -> None:
    # Found under load (two browser seats' whole game): a page waited past its join
    # deadline, her Nepali went out on the socket the table was shutting, and the page
    # stayed English with Nepali checked (a tap on it again asks nothing).
    with open_table(table_options(tmp_path, players=("Asha",))) as (table, _, _):
        page = _page(browser, table, prepare=lambda page: page.add_init_script(
            f"({LOSE_THE_FIRST_NEPALI_HELLO})()"))
        page.wait_for_selector("#name", state="visible", timeout=MS)
        page.focus("input[name=lang]:checked")
        page.keyboard.press("ArrowRight")  # from English to Nepali, as _join picks it
        page.wait_for_selector("html[lang=ne]", state="attached", timeout=MS)
        assert page.is_checked("input[name=lang][value=ne]")
        assert page.errors == []
        table.end()
