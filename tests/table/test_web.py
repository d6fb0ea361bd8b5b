"""The host's web side as a browser meets it over HTTP and its websocket, on loopback: the
files and their policy, the speech and earcon audio, the code kept out of every log, the
page's seat held to the terminal's rules, and --no-web."""

from __future__ import annotations

import gzip
import itertools
import json
import logging
import re
import urllib.error
import urllib.request
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from snl_edu.table.web import FILES, PAGE_FONTS, POLICY
from tests.table.helpers import CODE, WAIT, open_table, table_options

WEB = Path(__file__).resolve().parents[2] / "snl_edu" / "table" / "web"


def _get(port: int, path: str) -> tuple[int, dict[str, str], bytes]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=WAIT) as reply:
            return reply.status, dict(reply.headers), reply.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def _get_gzipped(port: int, path: str) -> tuple[dict[str, str], bytes]:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}",
                                     headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request, timeout=WAIT) as reply:
        return dict(reply.headers), reply.read()


def _page(port: int, path: str = "/seat") -> Any:
    """A page's websocket, from the table's own page (its Origin), as a browser opens it."""
    return connect(f"ws://127.0.0.1:{port}{path}", open_timeout=WAIT, compression=None,
                   origin=f"http://127.0.0.1:{port}")  # type: ignore[arg-type]


def _until(page: Any, kind: str) -> dict[str, Any]:
    while True:
        message = json.loads(page.recv(timeout=WAIT))
        if message["type"] == kind:
            return message


def test_the_pages_come_with_a_policy_that_runs_only_their_own_scripts(tmp_path: Path) -> None:
    assert "'unsafe-inline'" not in POLICY and "'unsafe-eval'" not in POLICY
    assert "script-src 'self'" in POLICY and "require-trusted-types-for 'script'" in POLICY
    with open_table(table_options(tmp_path)) as (table, _, _):
        port = table.address[1]
        for path, (_, kind) in FILES.items():
            status, headers, _body = _get(port, path)
            assert (status, headers["Content-Type"]) == (200, kind), path
            assert headers["Content-Security-Policy"] == POLICY
            assert headers["X-Content-Type-Options"] == "nosniff"
        assert _get(port, "/audio/dice.wav")[2][:4] == b"RIFF"
        for missing in ("/audio/../pyproject.toml", "/audio/nothing.wav", "/speech/x.wav",
                        "/seat.js/../../host.py", "/nothing"):
            assert _get(port, missing)[0] == 404, missing
        for path in PAGE_FONTS:
            status, headers, font = _get(port, path)
            assert (status, headers["Content-Type"], font[:4]) == (200, "font/woff", b"wOFF")
            assert headers["Cache-Control"] == "max-age=604800"
            assert headers["Content-Security-Policy"] == POLICY and "font-src 'self'" in POLICY
        status, headers, board = _get(port, "/board.svg")
        assert (status, headers["Content-Type"]) == (200, "image/svg+xml") and b"<svg" in board
        # A browser that takes gzip gets the text and the board so: the same, a tenth.
        for path, whole in (("/seat.js", _get(port, "/seat.js")[2]), ("/board.svg", board)):
            headers, body = _get_gzipped(port, path)
            assert headers["Content-Encoding"] == "gzip" and headers["Vary"] == "Accept-Encoding"
            assert gzip.decompress(body) == whole and len(body) < len(whole) / 2
        assert "Content-Encoding" not in _get_gzipped(port, "/audio/dice.wav")[0]



def test_the_board_image_is_named_by_its_table_and_kept_only_under_that_name(
        tmp_path: Path) -> None:
    with open_table(table_options(tmp_path)) as (table, _, _):
        port, named = table.address[1], table.web.board_address
        status, headers, board = _get(port, named)
        assert (status, headers["Cache-Control"]) == (200, "max-age=3600") and b"<svg" in board
        # Asked by another table's name (or none), it is this table's board, never kept.
        for other in ("/board.svg", "/board.svg?v=another"):
            status, headers, _body = _get(port, other)
            assert (status, headers["Cache-Control"]) == (200, "no-store"), other
    with open_table(table_options(tmp_path / "next")) as (table, _, _):
        assert table.web.board_address != named

def test_the_page_files_hold_no_inline_script_and_never_write_html() -> None:
    for name in ("seat.html", "projector.html"):
        html = (WEB / name).read_text(encoding="utf-8")
        assert not re.search(r"<script(?![^>]*\bsrc=)", html), name  # every script is a file
        assert not re.search(r"\son[a-z]+=", html) and "style=" not in html, name
        assert "http://" not in html and "https://" not in html, name  # nothing from elsewhere
    for name in ("seat.js", "voice.js", "projector.js", "common.js"):
        script = (WEB / name).read_text(encoding="utf-8")
        for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write",
                     "eval(", "new Function", "setTimeout(\""):
            assert sink not in script, (name, sink)


def test_the_page_weighs_under_100_kb() -> None:
    weight = sum((WEB / name).stat().st_size for name, _ in FILES.values())
    assert weight < 100_000, weight


def test_a_page_joins_hears_lines_with_audio_and_the_code_is_in_no_log(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)  # every request line and header the server logs
    with open_table(table_options(tmp_path, players=("Asha",), computers=1)) as (table, _, _):
        port = table.address[1]
        assert _get(port, "/")[0] == 200
        with _page(port) as page:
            page.send(json.dumps({"type": "hello", "lang": "ne"}))
            labels = _until(page, "labels")
            assert labels["labels"]["roll"] == "पासा फाल" and labels["lang"] == "ne"
            page.send(json.dumps({"type": "join", "code": CODE, "name": " asha ", "lang": "ne",
                                  "token": None}))
            assert _until(page, "joined")["token"]
            line = _until(page, "line")
            assert re.search("[\u0900-\u097f]", line["text"]), line
            status, headers, audio = _get(port, f"/speech/{line['id']}.wav")
            assert (status, headers["Content-Type"], audio[:4]) == (200, "audio/wav", b"RIFF")
        table.end()
    # The host's own logs (its server, and its pages' seats joining its door), at DEBUG.
    logged = "\n".join(f"{record.getMessage()} {record.args}" for record in caplog.records
                       if record.name.startswith("snl_edu"))
    assert "server listening" in logged  # the log is there...
    code = CODE.replace("-", "")
    assert CODE not in logged and code not in logged  # ...but never the join code


def test_a_page_is_held_to_the_codes_and_seats_of_a_terminal(tmp_path: Path) -> None:
    with open_table(table_options(tmp_path, players=("Asha",), computers=1)) as (table, _, _):
        port = table.address[1]
        with _page(port) as page:
            refusals = []
            for _ in range(6):
                page.send(json.dumps({"type": "join", "code": "WRON-GCOD", "name": "Asha",
                                      "lang": "en"}))
                refusals.append(_until(page, "refused")["text"])
            assert refusals[:5] == [("That join code is not right. Check the code the host "
                                    "shows.")] * 5
            assert refusals[5].startswith("Too many wrong codes")
        with _page(port) as page:  # the same computer, the right code: still shut out
            page.send(json.dumps({"type": "join", "code": CODE, "name": "Asha", "lang": "en"}))
            assert _until(page, "refused")["text"].startswith("Too many wrong codes")
        table.limiter = type(table.limiter)()
        with _page(port) as page:
            page.send(json.dumps({"type": "join", "code": CODE, "name": "Nobody", "lang": "en"}))
            assert _until(page, "refused")["text"].startswith("There is no free seat for Nobody")
            for _ in range(3):  # nonsense, three times: the page is let go
                page.send("{not json")
            with pytest.raises(ConnectionClosed):
                page.recv(timeout=WAIT)
        table.end()


def test_without_the_web_no_page_is_served_and_no_page_seat_taken(tmp_path: Path) -> None:
    options = replace(table_options(tmp_path, players=("Asha",), computers=1), web=False)
    with open_table(options) as (table, _, _):
        port = table.address[1]
        assert _get(port, "/")[0] != 200
        with _page(port) as page, pytest.raises(ConnectionClosed):  # let go at once
            page.send(json.dumps({"type": "join", "code": CODE, "name": "Asha", "lang": "en"}))
            page.recv(timeout=WAIT)
        table.end()


def test_a_pages_turn_clock_runs_from_the_notice_once_the_page_has_said_the_turn(
        tmp_path: Path) -> None:
    """The page speaks in its own time; the host calls the turn, and the child's time runs
    from that notice. Until the page says it has been heard, the turn has its grace too
    (here far past any deadline): the page's said ends the grace."""
    options = replace(table_options(tmp_path, players=("Asha",), computers=1,
                                    turn_clock=0.2), web_lessons="off", saying_grace=4 * WAIT)
    with open_table(options) as (table, _, _):
        with _page(table.address[1]) as page:
            page.send(json.dumps({"type": "join", "code": CODE, "name": "Asha", "lang": "en"}))
            assert _until(page, "turn")["mine"] is True
            assert _until(page, "line")["text"] == "Your turn: press Space or Enter to roll the pasa."
            page.send(json.dumps({"type": "said"}))
            while not _until(page, "line")["text"].startswith("Time is up: rolling for Asha"):
                pass
        table.end()


def test_a_page_that_stops_reading_is_let_go_and_holds_nothing_up() -> None:
    """Its seat's client queues lines for it and goes on; once the page is too far behind,
    its connection is closed (the seat is kept for its rejoin)."""
    import threading

    from snl_edu.table.page_link import SEND_QUEUE, PageLink
    from snl_edu.table.web import SpokenLines
    from snl_edu.vocabulary import Message

    class Stuck:  # a page whose network has stopped taking anything
        def __init__(self) -> None:
            self.closed = threading.Event()
            self.socket = self  # its socket: shut, the stuck send ends with an error

        def send(self, text: str) -> None:
            self.closed.wait()
            raise OSError("closed")

        def shutdown(self, how: int) -> None:
            self.closed.set()

        def close(self) -> None:  # websockets' close waits for the lock the send holds
            raise AssertionError("a close that waits on the stuck send: the host hangs")

    page = Stuck()
    link = PageLink(page, SpokenLines())
    sent = 0
    while not page.closed.is_set() and sent < 2 * SEND_QUEUE:  # never blocks meanwhile
        link.line(Message("Asha rolled a 3 on the pasa."))
        sent += 1
    # The queue's worth (and the one the writer holds) goes out; the next one lets it go.
    assert page.closed.is_set() and SEND_QUEUE < sent <= SEND_QUEUE + 2, sent
    link.finish()
    assert link.outbox.closed and not link.outbox.alive()


def test_a_new_child_on_a_page_hears_her_roll_tapped_and_her_move_counted_on(
        tmp_path: Path) -> None:
    """The page gets whole sentences with their earcon names: for a child at level 1 (no
    record yet), her roll comes with as many taps as it shows, her move counted on."""
    options = replace(table_options(tmp_path, players=("Asha",), computers=1),
                      web_lessons="every")
    with open_table(options) as (table, _, _), _page(table.address[1]) as page:
        page.send(json.dumps({"type": "join", "code": CODE, "name": "Asha", "lang": "en"}))
        lines: list[dict[str, Any]] = []
        while not any(line["text"].startswith("Counting on from") for line in lines):
            message = json.loads(page.recv(timeout=WAIT))
            if message["type"] == "line":
                lines.append(message)
                if message["said"]:
                    page.send(json.dumps({"type": "said"}))
            elif message["type"] == "turn" and message["mine"]:
                page.send(json.dumps({"type": "key", "key": "\r"}))
            elif message["type"] == "ask" and message["open"]:
                page.send(json.dumps({"type": "key", "key": "\x1b"}))  # skipped
            elif message["type"] == "go" and message["open"]:  # her go: Enter alone,
                page.send(json.dumps({"type": "key", "key": "\r"}))  # the game counts
        # In her go the taps come alone, just before "You rolled" (a pause to count them).
        tapped = [line if line["earcon"] else before
                  for before, line in itertools.pairwise(lines)
                  if line["text"].startswith("You rolled")]
        taps = tapped[0]["earcon"]
        assert _get(table.address[1], f"/audio/{taps}.wav")[0] == 200  # the page can play it
        table.end()
    rolls = [(line["text"], line["earcon"]) for line in lines if " rolled a " in line["text"]]
    assert rolls and all(earcon == f"taps-{text.split()[3]}" for text, earcon in rolls
                         if text.startswith("You") and earcon)  # hers, told to her
    assert all(taps["earcon"] == f"taps-{taps['text'].count(chr(0x2022))}" for taps in tapped)
    assert all(earcon == "dice" for text, earcon in rolls if text.startswith("Computer"))
