"""Seats in a browser, as a child meets them: real headless Chromium (the operating system's,
launched by Playwright) on the page a real table serves on loopback, driven by the keyboard
(the pages' own helpers, shared with the phone's tests: tests/table/pages.py).
"""

from __future__ import annotations

import re
import struct
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from snl_edu.language.localizer import Localizer
from snl_edu.table.page_wire import seat_labels
from tests.table.helpers import CODE, WAIT, Child, open_table, table_options
from tests.table.pages import (
    HER_PART,
    MS,
    RECORD_SENT,
    _axe,
    _count_her_go,
    _fits,
    _join,
    _log,
    _page,
    _roll,
    _wait_for_log,
    _wait_for_request,
    board,
    browser,
)

__all__ = ["board", "browser"]  # the fixtures, shared with the phone's tests
DEVANAGARI = re.compile("[\u0900-\u097f]")


def test_enter_in_an_empty_answer_field_keeps_her_question_and_roll_waits_for_it(
        browser: Any, tmp_path: Path, board: str) -> None:
    # Tried with children: Enter (or a tap on Answer, or Roll) with nothing typed put her
    # question aside unseen and rolled. Now the question waits, and Roll with it.
    options = replace(table_options(tmp_path, players=("Asha",), computers=1, board=board),
                      web_lessons="every")
    with open_table(options) as (table, _, _):
        page = _page(browser, table)
        _join(page, "Asha")
        page.wait_for_selector("body[data-turn=mine]", timeout=MS)
        page.keyboard.press("Space")
        page.wait_for_selector("#step:not([hidden])", timeout=MS)  # her go, at level 1
        _count_her_go(page)
        # Her question, still open when the computer has moved and her turn is back.
        page.wait_for_selector("body[data-turn=mine] #question:not([hidden])", timeout=MS)
        assert page.evaluate("document.activeElement.id") == "answer"
        assert page.locator("#roll").is_disabled()
        turns = _log(page).count("Your turn: press Space or Enter to roll the pasa.")
        page.keyboard.press("Enter")  # nothing typed: nothing happens
        page.keyboard.press("Escape")  # skipped: her turn is said again, and waits for Roll
        lines = _wait_for_log(page, lambda lines: lines.count(
            "Your turn: press Space or Enter to roll the pasa.") > turns)
        assert sum(line.startswith("You rolled") for line in lines) == 1, lines
        page.wait_for_selector("#question", state="hidden", timeout=MS)
        assert page.evaluate("document.activeElement.id") == "roll"
        page.keyboard.press("Space")
        _wait_for_log(page, lambda lines: sum(line.startswith("You rolled")
                                              for line in lines) == 2)
        assert page.errors == []
        table.end()


def _description(page: Any, selector: str) -> str:
    """An element's accessible description, as the browser computes it for screen readers."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    tree = cdp.send("Accessibility.getPartialAXTree", {"nodeId": node,
                                                       "fetchRelatives": False})
    return str(tree["nodes"][0].get("description", {}).get("value", ""))


def test_two_browser_seats_and_a_terminal_seat_play_a_whole_game(browser: Any, tmp_path: Path,
                                                                   board: str) -> None:
    options = replace(table_options(tmp_path, players=("Asha", "Bikash", "Sita"), computers=0,
                                    board=board), web_lessons="off")
    with open_table(options) as (table, host_log, runner):
        asha, bikash = _page(browser, table), _page(browser, table)
        assert _axe(asha) == [], "join screen"
        _join(asha, "Asha")
        _join(bikash, "Bikash", "ne")
        sita = Child(table, "Sita")
        assert _axe(asha) == [], "game screen"
        assert _axe(bikash) == [], "game screen, in Nepali"
        assert CODE not in asha.title() and CODE.replace("-", "") not in asha.title()
        asha.keyboard.press("w")  # the terminal's keys: where is everyone
        _wait_for_log(asha, lambda lines: "Sita is not yet on the board." in lines)
        deadline = time.monotonic() + 2 * WAIT
        while runner.is_alive() and time.monotonic() < deadline:
            for page in (asha, bikash):
                if page.locator("body[data-turn=mine]").count():
                    page.keyboard.press("Space")
            asha.wait_for_timeout(10)
        runner.join(WAIT)
        assert not runner.is_alive(), host_log.lines[-5:]
        sita.join_thread()
        for page in (asha, bikash):
            page.wait_for_selector("#roll[disabled]", timeout=MS)
            # The browser, maybe a shared school computer, keeps nothing of the child now
            kept = page.evaluate("JSON.parse(localStorage.getItem('snl-seat'))")
            assert not {"name", "token", "code"} & set(kept), kept
        assert table.game.over
        # The English page heard the game as the host's own narrator tells it, to the end.
        said = _log(asha)
        ranking = host_log.lines[host_log.lines.index("Game over. The places:"):][:4]
        assert len(ranking) == 4 and all(line in said for line in ranking), (ranking, said[-6:])
        # The Nepali page heard all of it in Nepali, numbers in Devanagari digits.
        nepali = _log(bikash)
        assert nepali and all(DEVANAGARI.search(line) for line in nepali), nepali[:5]
        assert not any(re.search("[0-9]", line) for line in nepali), nepali[:5]
        tree = bikash.locator("body").aria_snapshot()
        labels = seat_labels(Localizer.create("ne"))
        assert f'log "{labels["game"]}"' in tree and f'button "{labels["roll"]}"' in tree
        assert asha.errors == [] and bikash.errors == []


def _slow_speech(page: Any) -> None:
    """A browser with no voice of its own (as for Nepali almost everywhere), whose every
    line of the host's eSpeak NG audio lasts a minute: the page's speech falls far behind."""
    page.add_init_script("speechSynthesis.getVoices = () => [];")
    rate = 8000
    data = bytes([128]) * (60 * rate)  # a minute of 8-bit silence
    wav = (b"RIFF" + struct.pack("<I", 36 + len(data)) + b"WAVEfmt "
           + struct.pack("<IHHIIHH", 16, 1, 1, rate, rate, 1, 8)
           + b"data" + struct.pack("<I", len(data)) + data)
    page.route("**/speech/*", lambda route: route.fulfill(body=wav, content_type="audio/wav"))


def test_a_roll_pressed_while_the_page_still_speaks_cuts_it_short_and_rolls_once(
        browser: Any, tmp_path: Path, board: str) -> None:
    # No turn clock: only Asha's press can roll her turn.
    options = replace(table_options(tmp_path, players=("Asha",), computers=1, board=board),
                      web_lessons="off")
    with open_table(options) as (table, _, _):
        page = _page(browser, table, prepare=_slow_speech)
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        _join(page, "Asha", speech=True, sounds=True)  # the page's defaults
        page.wait_for_selector("body[data-turn=mine]", timeout=MS)
        turn = "Your turn: press Space or Enter to roll the pasa."
        _wait_for_log(page, lambda lines: turn in lines)
        _wait_for_request(page, asked, "/speech/")  # still saying the first line
        assert page.evaluate("document.activeElement.id") == "roll"
        page.keyboard.press("Space")
        lines = _wait_for_log(page, lambda lines: any(line.startswith("You rolled")
                                                      for line in lines))
        # ... once: her next turn comes, and that one press rolled nothing more.
        lines = _wait_for_log(page, lambda lines: lines.count(turn) == 2)
        assert sum(line.startswith("You rolled") for line in lines) == 1, lines
        assert page.errors == []
        table.end()


def test_a_question_is_answered_and_one_skipped_and_both_kept_in_progress(
        browser: Any, tmp_path: Path, board: str) -> None:
    from snl_edu.store.opening import open_store
    from snl_edu.store.progress import ProgressStore

    options = replace(table_options(tmp_path, players=("Asha",), computers=1, board=board),
                      web_lessons="every")
    with open_table(options) as (table, _, _):
        page = _page(browser, table, width=320)  # a small phone, or a PC zoomed to 400 %
        page.wait_for_selector("#name", state="visible", timeout=MS)
        _fits(page)
        _join(page, "Asha")
        _fits(page)
        outcomes: list[str] = []
        while len(outcomes) < 2:
            page.wait_for_selector(HER_PART, timeout=MS)
            if _count_her_go(page):
                continue
            if page.locator("#question:not([hidden])").count():
                if not outcomes:
                    assert _axe(page) == [], "question screen"
                    # In the field, a screen reader hears what is asked, as its box says
                    # it: the box, not the log, holds the question.
                    question = _description(page, "#answer")
                    assert question and question == page.inner_text("#asked"), question
                    assert not any("question for Asha" in line for line in _log(page))
                    _fits(page)
                    assert page.evaluate("document.activeElement.id") == "answer"
                    while True:  # up to three tries, each answered before the next
                        said = len(_log(page))
                        page.keyboard.type("७")  # Devanagari digits answer too
                        page.keyboard.press("Enter")
                        reply = _wait_for_log(page, lambda lines, said=said: len(
                            lines) > said)[said:]
                        if not any(line.startswith("Not quite") for line in reply):
                            break
                    page.wait_for_selector("#question", state="hidden", timeout=MS)
                    outcomes.append("answered")
                else:
                    page.keyboard.press("Escape")
                    page.wait_for_selector("#question", state="hidden", timeout=MS)
                    outcomes.append("skipped")
            else:
                _roll(page, lambda: page.keyboard.press("Space"))
        table.end()
    store = open_store(str(tmp_path))
    try:
        answers = ProgressStore(store).recent("Asha")
    finally:
        store.close()
    assert [answer.skipped for answer in answers[-2:]] in ([False, True], [True, False])
    assert any(not answer.skipped and answer.given == 7 for answer in answers)


def test_a_closed_tab_rejoins_its_seat_and_hears_what_it_missed(
        browser: Any, tmp_path: Path) -> None:
    hostile = "<img src=x onerror=alert(1)>"
    # The whole board: the game outlasts the tab's closing and opening again.
    options = replace(table_options(tmp_path, players=("Asha", hostile), computers=0,
                                    turn_clock=0.3), web_lessons="off")
    with open_table(options) as (table, host_log, _):
        page = _page(browser, table)
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        _join(page, "Asha", speech=True)
        other = _page(browser, table)
        _join(other, hostile)
        # The page speaks: with no voice of the browser's own, the host's eSpeak NG audio.
        if not page.evaluate("speechSynthesis.getVoices().length"):
            _wait_for_request(page, asked, "/speech/")
        context = page.context
        page.close()  # the tab, closed: the seat waits, and the table rolls for it
        host_log.wait_for(lambda lines: any("missed two turns" in line for line in lines))
        again = context.new_page()
        again.goto(f"http://127.0.0.1:{table.address[1]}/#{CODE}")
        again.wait_for_selector("#game:not([hidden])", timeout=MS)  # no name asked again
        lines = _wait_for_log(again, lambda lines: any("While you were away" in line
                                                       for line in lines))
        assert any(line.startswith("Welcome back, Asha") for line in lines)
        # A hostile name is shown as the text it is, never run or drawn as HTML.
        _wait_for_log(other, lambda lines: any(hostile in line for line in lines))
        assert other.locator("#log img").count() == 0 and other.errors == []
        table.end()


FONT = "Noto Sans Devanagari"


def _fonts_drawing(page: Any, selector: str) -> set[str]:
    """The fonts the browser drew an element's text with (what a reader sees, not what the
    style sheet asks for: a missing font falls back to boxes)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    return {str(font["familyName"]) for font in fonts}


def test_nepali_pages_draw_devanagari_in_the_font_the_table_serves(
        browser: Any, tmp_path: Path, board: str) -> None:
    # On a computer with no Devanagari font (a Raspberry Pi, this test's machine too), the
    # table's own copy of the printed pages' font draws it, allowed by the page's policy.
    options = replace(table_options(tmp_path, players=("Asha",), computers=1, board=board,
                                    lang="ne"), web_lessons="off")
    with open_table(options) as (table, _, _):
        asked: list[str] = []
        refused: list[str] = []

        def watch(page: Any) -> None:
            page.on("request", lambda request: asked.append(request.url))
            page.on("console", lambda message: message.type == "error"
                    and refused.append(message.text))

        projector = _page(browser, table, "/projector", prepare=watch)
        seat = _page(browser, table, prepare=watch)
        _join(seat, "Asha", "ne")
        for page in (projector, seat):
            page.wait_for_selector("html[lang=ne]", state="attached", timeout=MS)
            page.wait_for_function(f"""() => [...document.fonts].some((face) =>
                face.family.replace(/"/g, "") === "{FONT}" && face.status === "loaded")""",
                                   timeout=MS)
            assert DEVANAGARI.search(page.locator("h1").inner_text())
            assert FONT in _fonts_drawing(page, "h1"), _fonts_drawing(page, "h1")
        assert FONT in _fonts_drawing(seat, "#roll")
        _wait_for_log(seat, lambda lines: bool(lines))
        assert FONT in _fonts_drawing(seat, "#log p")
        assert any(url.endswith(".woff") for url in asked), asked
        assert refused == [] and projector.errors == seat.errors == []
        table.end()


def test_the_projector_shows_every_token_on_the_board(browser: Any, tmp_path: Path,
                                                     board: str) -> None:
    options = replace(table_options(tmp_path, players=("Asha",), computers=2, board=board),
                      web_lessons="off")
    with open_table(options) as (table, _, _):
        fetched: list[str] = []
        projector = _page(browser, table, "/projector", prepare=lambda page: page.on(
            "request", lambda request: fetched.append(request.url)))
        seat = _page(browser, table)
        asked: list[str] = []
        seat.on("request", lambda request: asked.append(request.url))
        _join(seat, "Asha", sounds=True)
        _wait_for_request(seat, asked, "/audio/turn.wav")  # the game's own sounds
        seat.wait_for_selector("body[data-turn=mine]", timeout=MS)
        seat.keyboard.press("Space")
        deadline = time.monotonic() + WAIT
        while True:  # until Asha has moved, every token where the game has it
            # The game read once, and the page's tokens in one look: read twice, a move made
            # in between (the page slow under load) passed the page's old board for the new.
            positions = list(table.game.positions)
            shown = projector.eval_on_selector_all(".token",
                                                   "tokens => tokens.map(t => t.dataset.square)")
            if shown == [str(square) for square in positions] and positions[0] > 0:
                break
            assert time.monotonic() < deadline, (shown, positions)
            projector.wait_for_timeout(20)
        assert projector.locator("#tokens .token").count() >= 1  # Asha has moved onto it
        assert projector.locator("#board-image").evaluate("img => img.naturalWidth") > 0
        assert projector.locator("#where li").count() >= 1
        assert _axe(projector) == [], "projector screen"
        assert "Asha" in projector.locator("#where").inner_text()
        # Tried on a projector: circles 1, 2 and 3, and a list of names without them, so
        # nobody could tell which circle was whose. Each line of the list begins with its
        # token's number, and each token is heard by its player's name.
        tokens, keys = projector.evaluate("""() => [
            [...document.querySelectorAll(".token")].map((token) => [token.textContent,
                token.getAttribute("role"), token.getAttribute("aria-label")]),
            [...document.querySelectorAll("#where li")].map((li) => [
                li.querySelector(".key").textContent, li.textContent])]""")
        assert sorted(role for _, role, _ in tokens) == ["img"] * 3, tokens
        lines = dict(keys)
        assert len(lines) == 3, keys
        for number, _, name in tokens:
            assert lines[number].startswith(f"{number} {name} "), (number, name, keys)
        assert lines["1"].startswith("1 Asha is on square")
        # The board's picture says where each token is, in the words of "where is everyone".
        alt = projector.evaluate('document.getElementById("board-image").alt')
        assert alt == "The board, Short: " + " ".join(text.split(" ", 1)[1] for _, text in keys)
        # An English page has no Devanagari: the font for it is never fetched.
        assert fetched and not any(url.endswith(".ttf") for url in fetched), fetched
        table.end()


# The host's real sound, played at the fastest rate a browser takes: its lines, said from
# start to end, in a sixteenth of the time (a test that waits on them, not on a voice).
FAST_VOICE = """() => { const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function () {
        this.defaultPlaybackRate = this.playbackRate = 16; return play.call(this); }; }"""


@pytest.mark.slow  # the last words, said from the host's real sound
def test_the_host_serves_the_pages_sound_until_each_has_said_the_end(
        browser: Any, tmp_path: Path, board: str) -> None:
    # Tried: when the teacher ended the game the host stopped serving sound at once, and
    # each page's last lines (the teacher has ended the game, the places) failed unheard.
    options = replace(table_options(tmp_path, players=("Asha",), computers=1, board=board),
                      web_lessons="off")
    speech: dict[str, object] = {}  # each line's sound: its status, or "failed"

    def prepare(page: Any) -> None:
        # The host's own eSpeak NG sound (a route here would be served by this thread,
        # which waits in the table's closing).
        page.add_init_script("speechSynthesis.getVoices = () => [];")
        page.add_init_script(f"({RECORD_SENT})()")
        page.add_init_script(f"({FAST_VOICE})()")
        page.on("response", lambda response: "/speech/" in response.url
                and speech.setdefault(response.url, response.status))
        page.on("requestfailed", lambda request: "/speech/" in request.url
                and speech.setdefault(request.url, "failed"))

    with open_table(options) as (table, _, _):
        page = _page(browser, table, prepare=prepare)
        _join(page, "Asha")
        page.wait_for_selector("body[data-turn=mine]", timeout=MS)
        page.check("#speech")  # from now on: the last words take seconds to say
        table.end()
        _wait_for_log(page, lambda lines: "The table has closed." in lines)
        assert "The teacher has ended the game." in _log(page)
    # The host has closed: by then the page had said its last words, from the host's sound.
    page.wait_for_function("""() => window.sent.some((text) =>
        JSON.parse(text).type === "said" && JSON.parse(text).id === "end")""", timeout=MS)
    assert len(speech) >= 3 and set(speech.values()) == {200}, speech  # and the places
    assert _axe(page) == [], "the end, said"
    assert page.errors == []

