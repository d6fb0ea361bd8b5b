"""Browser seats' voices: how far behind the table each page's voice runs with 6 children,
and whether it says every line of her own and the end.

    python benchmarks/bench_page_voice.py [--rolls N] [--lang en|ne]

A real table on 127.0.0.1 seats 6 children, each on a phone page (360×640, touch) of one
headless Chromium with speech and sounds on, as a child has them; the browser has no voice
of its own (as for Nepali almost everywhere), so each line is the host's eSpeak NG audio.
Each child taps Roll a second after her voice began "Your turn" (``--eager``: the moment
her turn shows). After ``--rolls`` rolls the teacher ends
the game. Every page notes when each line reached it and when its voice began to say it
(the request for its audio): the lag is the difference, over every line said on every page.
A line of her own (her turn, her move, her question, the table's news, the end) must be
said; another child's move may be merged away. The goal: never more than 5 s behind.
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import json
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))

from measure import Result, percentile, report

from snl_edu.app.options import PlayOptions, SoundOptions
from snl_edu.app.play import Terminal
from snl_edu.table.host import Table, TableOptions

SEATS = 6
CODE = "ABCDEFGH"
GOAL_S = 5.0
WAIT_S = 60.0
PHONE = {"width": 360, "height": 640}
DUMP: list[Any] = []  # each page's raw record, when asked for (--dump)
# Before the page's own script: every line and question the host sends, when it came, and
# every sound the page plays, when it began (a line's audio is /speech/<its id>.wav).
LISTEN = """(() => {
  const heard = window.snlVoice = { came: [], began: [] };
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(...given) {
      super(...given);
      this.addEventListener("message", (event) => {
        let message = null;
        try { message = JSON.parse(event.data); } catch (error) { return; }
        if (message.type === "line" || (message.type === "ask" && message.open))
          heard.came.push([performance.now(), String(message.id), message.kind || "own",
                          String(message.text || ""), message.said === true]);
        else if (message.type === "ended") heard.came.push([performance.now(), "end", "end", "", false]);
      });
    }
    send(data) {
      if (String(data).includes('"id":"end"')) heard.endSaid = performance.now();
      return super.send(data);
    }
  };
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    heard.began.push([performance.now(), this.src]);
    return play.call(this);
  };
  if (window.speechSynthesis) speechSynthesis.getVoices = () => [];  // the host's voice
})();"""


# A child taps Roll once she has heard "Your turn" begin, a second later (or, should her
# voice never get to it, after HEARD_BY).
HEARD_TURN = """() => {
  if (document.body.dataset.turn !== "mine" || !document.getElementById("question").hidden)
    return false;
  const voice = window.snlVoice, now = performance.now();
  if (voice.mine === undefined) voice.mine = now;  // her turn, shown since
  const turn = voice.came.filter((line) => line[4]).pop();
  const began = turn && voice.began.find(([, src]) => src.includes(turn[1]));
  return Boolean(began) && now - began[0] > 1000 || now - voice.mine > 15000;
}"""


EAGER = """() => document.body.dataset.turn === "mine"
    && document.getElementById("question").hidden"""


def _take_turns(pages: list[Any], rolls: int, eager: bool = False) -> None:
    """Each child taps Roll when she has heard her turn (``eager``: the moment it shows, as
    children who watch the screen do), ``rolls`` times in all."""
    deadline = time.monotonic() + WAIT_S * rolls
    done = 0
    while done < rolls:
        for page in pages:
            if page.evaluate(EAGER if eager else HEARD_TURN):
                page.tap("#roll")
                page.evaluate("window.snlVoice.mine = undefined")
                done += 1
        if time.monotonic() > deadline:
            raise TimeoutError(f"{done} of {rolls} rolls")
        time.sleep(0.05)


@dataclasses.dataclass
class PageVoice:
    """What one page's voice did: each said line's lag (s), split into the lines that
    came first after a pause (how far behind the table the voice was when the table spoke)
    and those that came with them (said in turn: a move's lines, the end's places)."""

    first: list[float] = dataclasses.field(default_factory=list)
    following: list[float] = dataclasses.field(default_factory=list)
    own: int = 0
    own_said: int = 0
    end_said: bool = False


TOGETHER_MS = 300  # lines that come this close to the one before came with it


def _voice(page: Any) -> PageVoice:
    heard = page.evaluate("window.snlVoice")
    if DUMP:
        DUMP.append(heard)
    began = {src.rsplit("/", 1)[1].removesuffix(".wav"): at for at, src in heard["began"]
             if "/speech/" in src}
    voice, before = PageVoice(), -1e9
    for at, line_id, kind, *_ in heard["came"]:
        together, before = at - before < TOGETHER_MS, at
        if kind == "end":
            voice.end_said = heard.get("endSaid") is not None
            continue
        if line_id in began:
            (voice.following if together else voice.first).append((began[line_id] - at) / 1000)
        if kind == "own":
            voice.own += 1
            voice.own_said += line_id in began
    return voice


# The pages' sound played this many times faster: a tiny run checks that the bench runs,
# and its figures mean nothing, so it need not wait out every line at speaking speed.
FASTER = """(rate) => { const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function () {
        this.defaultPlaybackRate = this.playbackRate = rate; return play.call(this); }; }"""


def measure(rolls: int, language: str = "en", seats: int = SEATS, eager: bool = False,
            slowed: int = 0, faster: int = 1) -> list[PageVoice]:
    """``slowed``: how many of the phones run their pages 4x slower (CDP's CPU throttling);
    ``faster``: the pages' sound played that many times faster (1: as spoken)."""
    from playwright.sync_api import sync_playwright

    from tests.table import chromium

    names = tuple(f"Child {n + 1}" for n in range(seats))
    chromium.stop_shared()  # the suite's own, in a test process: one Playwright a thread
    with tempfile.TemporaryDirectory() as data, sync_playwright() as playwright:
        play = PlayOptions(players=names, computers=0, seed=3, lessons="off", lang=language,
                           pace=0.0, data_dir=data, sound=SoundOptions(speech=False, sound=False))
        table = Table(TableOptions(play, bind="127.0.0.1", port=0, turn_clock=0, code=CODE,
                                   web_lessons="off"),
                      Terminal(io.StringIO(), io.StringIO(), io.StringIO()))
        port = table.open()[1]
        runner = threading.Thread(target=table.run, daemon=True)
        runner.start()
        browser = playwright.chromium.launch(
            executable_path=chromium.executable() or "chromium",
            args=[*chromium.ARGS, "--autoplay-policy=no-user-gesture-required"])
        pages, closing = [], True
        try:
            for name in names:
                context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
                context.add_init_script(LISTEN)
                if faster != 1:
                    context.add_init_script(f"({FASTER})({faster})")
                page = context.new_page()
                if len(pages) < slowed:  # an old phone: its CPU a quarter as fast
                    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate",
                                                       {"rate": 4})
                page.goto(f"http://127.0.0.1:{port}/#{CODE}")
                page.wait_for_selector("#name", state="visible", timeout=WAIT_S * 1000)
                page.fill("#name", name)
                page.tap("#join-button")
                page.wait_for_selector("#game:not([hidden])", timeout=WAIT_S * 1000)
                pages.append(page)
            _take_turns(pages, rolls, eager)
            table.end()
            runner.join(WAIT_S)
            closing = False
            table.close()  # (which serves the pages' sound until each has said the end)
            voices = [_voice(page) for page in pages]
        finally:
            if closing:
                table.close()
            browser.close()
    return voices


def run(tiny: bool = False, rolls: int = 36, language: str = "en", eager: bool = False,
        slowed: int = 0) -> list[Result]:
    from tests.table import chromium

    if chromium.executable() is None:
        print("No Chromium: nothing measured.")
        return []
    seats = 2 if tiny else SEATS
    voices = measure(4 if tiny else rolls, language, seats, eager, slowed,
                     faster=16 if tiny else 1)
    first = [lag for voice in voices for lag in voice.first]
    every = first + [lag for voice in voices for lag in voice.following]
    for name, lags in (("first lines", first), ("every line", every)):
        print(f"{name}: {len(lags)} said on {seats} pages; lag median "
              f"{percentile(lags, 50):.1f} s, p95 {percentile(lags, 95):.1f} s, "
              f"max {max(lags):.1f} s")
    for n, voice in enumerate(voices, 1):
        print(f"page {n}: own lines said {voice.own_said} of {voice.own}; "
              f"the end said: {voice.end_said}")
    return [Result(f"a page's voice behind the table, {seats} seats ({language})", "s",
                   first, "every line, the end's too", every, goal=f"max <= {GOAL_S:.0f} s")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rolls", type=int, default=36)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--eager", action="store_true",
                        help="each child taps the moment her turn shows, not once she hears it")
    parser.add_argument("--slowed", type=int, default=0,
                        help="how many phones have their CPU slowed 4x (the first ones)")
    parser.add_argument("--dump", help="a JSON file for each page's raw record")
    options = parser.parse_args()
    if options.dump:
        DUMP.append(None)
    report(__doc__.splitlines()[0], lambda: run(rolls=options.rolls, language=options.lang,
                                                   eager=options.eager,
                                                   slowed=options.slowed))
    if options.dump:
        Path(options.dump).write_text(json.dumps(DUMP[1:]))


if __name__ == "__main__":
    main()
