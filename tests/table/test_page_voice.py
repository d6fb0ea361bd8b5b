"""A seat page's voice, planned: with the host's slow voice (every line lasts seconds), her
own turn is said at once, never after she has rolled on it, and the other children's moves
are said only while the voice keeps up (snl_edu/table/web/voice.js, ``plan``)."""

from __future__ import annotations

import struct
from dataclasses import replace
from pathlib import Path
from typing import Any

from tests.table.helpers import open_table, table_options
from tests.table.pages import MS, _join_by_taps, _phone, _roll, board, browser

__all__ = ["board", "browser"]  # the fixtures, shared with the other pages' tests

LINE_SECONDS = 2  # each line of the host's voice, here: its child-paced lines take 3-4 s
# Every line the host sends and when it came, every sound the page plays and when it began,
# every tap on Roll and when: on the page's own clock, before its own script runs.
LISTEN = """(() => {
  const heard = window.snlVoice = { came: [], began: [], taps: [] };
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(...given) {
      super(...given);
      this.addEventListener("message", (event) => {
        const message = JSON.parse(event.data);
        if (message.type === "line")
          heard.came.push([performance.now(), message.id, message.kind, message.said]);
      });
    }
  };
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    heard.began.push([performance.now(), this.src]);
    return play.call(this);
  };
  document.addEventListener("click", (event) => {
    if (event.target.id === "roll") heard.taps.push(performance.now());
  }, true);
  speechSynthesis.getVoices = () => [];  // the host's voice
})();"""


def _host_voice(page: Any) -> None:
    rate = 8000
    data = bytes([128]) * (LINE_SECONDS * rate)  # 8-bit silence
    wav = (b"RIFF" + struct.pack("<I", 36 + len(data)) + b"WAVEfmt "
           + struct.pack("<IHHIIHH", 16, 1, 1, rate, rate, 1, 8)
           + b"data" + struct.pack("<I", len(data)) + data)
    page.route("**/speech/*", lambda route: route.fulfill(body=wav, content_type="audio/wav"))


def test_her_turn_is_said_at_once_and_never_after_she_has_rolled_on_it(
        browser: Any, tmp_path: Path, board: str) -> None:
    # Tried with six seats: her "Your turn" waited behind another child's move, and was
    # said after she had tapped Roll on it, in front of her own move.
    options = replace(table_options(tmp_path, players=("Asha",), computers=2, board=board),
                      web_lessons="off")
    with open_table(options) as (table, _, _):
        context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True,
                                      is_mobile=True)
        context.add_init_script(LISTEN)
        page = _phone(browser, table, context)
        _host_voice(page)
        _join_by_taps(page, "Asha")
        page.tap("#speech")  # her voice on, from here
        for _ in range(3):  # she taps the moment her turn shows, as children do
            page.wait_for_selector("body[data-turn=mine]", state="attached", timeout=MS)
            _roll(page)
        heard = page.evaluate("window.snlVoice")
        errors = page.errors
        context.close()  # (gone: the table's end waits for no voice)
        table.end()
    began = {src.rsplit("/", 1)[1].removesuffix(".wav"): at for at, src in heard["began"]
             if "/speech/" in src}
    turns = [(at, line_id) for at, line_id, _, said in heard["came"] if said]
    assert len(turns) >= 2, heard["came"]
    for came, line_id in turns:
        tap = next(at for at in heard["taps"] if at >= came - 5000)  # the tap on that turn
        if line_id in began:
            assert began[line_id] <= tap, (line_id, began[line_id], tap)  # never after it
            assert began[line_id] - came < 1000  # at once: another child's move gives way
    shorts = [(at, line_id) for at, line_id, kind, _ in heard["came"] if kind == "short"]
    assert shorts and all(began[line_id] - at < 3500 for at, line_id in shorts
                          if line_id in began)  # said while the voice keeps up, or not
    assert errors == []
