"""A Nepali classroom table as its users meet it, for the checks of test_nepali_text.py.

The real `snl table host` (the teacher's screen, with a turn clock that rolls for a child who
does not), `snl table join` for a child and for a team's two children, `snl table watch`,
a browser seat and the projector page over the host's own websocket (the labels, every
line and board the host sends them, what a refused page is told), refused joins (a name
with no seat, a wrong code, a seat kept for its child), and every refusal and error a
table's computers can print. Lines are (audience, command, line).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from websockets.exceptions import WebSocketException
from websockets.sync.client import connect

from snl_edu.error_text import describe
from snl_edu.language.localizer import Localizer
from snl_edu.table import page_wire
from snl_edu.table.browser import BrowserSeat
from snl_edu.table.client import link as client
from snl_edu.table.client.link import TableError
from snl_edu.table.notices import notice_text
from snl_edu.table.wire import Notice, Refusal

CHILD, TEACHER = "child", "teacher"
WAIT = 400.0  # a deadline for the whole game (a loaded machine is slow), never a pause
Line = tuple[str, str, str]
JOIN_LINE = re.compile(r"snl table join (\S+) (\S+) --name")


def _snl(*args: str) -> list[str]:
    return [sys.executable, "-m", "snl_edu", *args]


def _env(data: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONUNBUFFERED": "1", "SNL_DATA_DIR": str(data), "SNL_AUDIO": "off",
            "SNL_LANG": "ne"}


class Page(threading.Thread):
    """A browser page on the host's websocket: a seat that rolls when it is its turn and
    answers its first question and skips the rest, or the projector. Keeps what it is sent."""

    def __init__(self, port: int, path: str, code: str, name: str = "",
                 rolls: bool = True) -> None:
        super().__init__(daemon=True)
        self.url, self.code, self.name, self.rolls = f"ws://127.0.0.1:{port}{path}", code, name, rolls
        self.origin = f"http://127.0.0.1:{port}"  # the table's own page, as a browser opens it
        self.sent: list[dict[str, Any]] = []

    def run(self) -> None:
        with suppress(WebSocketException, OSError, TimeoutError), \
                connect(self.url, open_timeout=WAIT, compression=None,
                        origin=self.origin) as page:  # type: ignore[arg-type]
            page.send(json.dumps({"type": "hello", "lang": "ne"}))
            page.send(json.dumps({"type": "join", "code": self.code, "name": self.name,
                                  "lang": "ne"}))
            asked, question, answered = 0, "", False
            while True:
                message = json.loads(page.recv(timeout=WAIT))
                self.sent.append(message)
                kind, text = message.get("type"), str(message.get("text", ""))
                if kind == "line" and message.get("said"):
                    page.send(json.dumps({"type": "said"}))
                elif kind == "turn" and message.get("mine"):
                    if question:  # her question, answered wrong, holds her turn: put it aside
                        question, answered = "", False
                        page.send(json.dumps({"type": "key", "key": "\x1b"}))
                    if self.rolls:
                        page.send(json.dumps({"type": "key", "key": "\r"}))
                elif kind == "ask" and message.get("open"):
                    asked, question, answered = asked + 1, text, asked == 0
                    page.send(json.dumps({"type": "answer", "text": "५"} if answered
                                         else {"type": "key", "key": "\x1b"}))
                elif kind == "ask":
                    question, answered = "", False
                elif kind == "line" and answered and text and text in question:
                    # Answered wrong, the question is asked again (no new ask): skip it
                    # now, or it holds the child's turn for the whole question cap.
                    answered = False
                    page.send(json.dumps({"type": "key", "key": "\x1b"}))
                elif kind in ("ended", "refused"):
                    return

    def lines(self, audience: str) -> list[str]:
        texts: list[str] = []
        for message in self.sent:
            if message["type"] == "labels":
                texts += list(message["labels"].values())
            elif message["type"] == "board":
                # The projector's board has its words; a seat's board (where the tokens
                # are drawn) has none but the names.
                texts += [message.get("alt", ""), message.get("turn", "")]
                texts += [token.get("where", "") for token in message["tokens"]]
            else:
                texts += [str(message[key]) for key in ("text",) if key in message]
        return [text for text in texts if text]


@contextmanager
def _host(data: Path) -> Iterator[tuple[subprocess.Popen[str], str, int, str, list[str]]]:
    host = subprocess.Popen(
        _snl("table", "host", "--players", "आशा,विकास,गीता", "--team", "सीता+रमेश",
             "--computer", "1", "--bind", "127.0.0.1", "--port", "0", "--seed", "4",
             "--turn-clock", "0.5", "--lang", "ne", "--verbosity", "full",
             "--name", f"कक्षा-{uuid.uuid4().hex[:6]}"),
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=_env(data))
    assert host.stdout is not None
    seen: list[str] = []
    for line in host.stdout:
        seen.append(line.rstrip("\n"))
        if found := JOIN_LINE.search(line):
            break
    else:
        raise AssertionError(host.stderr.read() if host.stderr else seen)
    address, code = found.groups()
    try:
        yield host, address, int(address.rsplit(":", 1)[1]), code, seen
    finally:
        if host.poll() is None:
            host.kill()
        host.communicate(timeout=WAIT)


def _join(data: Path, address: str, code: str, *args: str, given: str = "\n" * 300
          ) -> subprocess.Popen[str]:
    process = subprocess.Popen(
        _snl("table", *args[:1], address, code, *args[1:], "--lang", "ne",
             *(("--no-speech", "--no-sound") if args[0] == "join" else ())), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, env=_env(data))
    assert process.stdin is not None
    with suppress(BrokenPipeError):
        process.stdin.write(given)
        process.stdin.close()
    process.stdin = None  # written and closed: communicate() only reads
    return process


def _output(process: subprocess.Popen[str], command: str, audience: str) -> list[Line]:
    try:
        out, err = process.communicate(timeout=WAIT)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate(timeout=WAIT)
        raise AssertionError(f"{command} did not end: {out[-2000:]} {err[-1000:]}") from None
    return [(audience, command, line) for line in out.splitlines()] + [
        (audience, command, line) for line in err.splitlines()]


class HostLog(threading.Thread):
    """The host's screen, read as it prints, so the teacher's keys can wait for a line."""

    def __init__(self, host: subprocess.Popen[str], seen: list[str]) -> None:
        super().__init__(daemon=True)
        self.host, self.lines = host, list(seen)
        self.changed = threading.Condition()

    def run(self) -> None:
        assert self.host.stdout is not None
        for line in self.host.stdout:
            with self.changed:
                self.lines.append(line.rstrip("\n"))
                self.changed.notify_all()

    def wait_for(self, part: str, times: int = 1) -> None:
        with self.changed:
            assert self.changed.wait_for(
                lambda: sum(part in line for line in self.lines) >= times, WAIT), \
                (part, self.lines[-10:])

    def keys(self, keys: str) -> None:
        assert self.host.stdin is not None
        self.host.stdin.write(keys)
        self.host.stdin.flush()


def _after(msgid: str, placeholder: str) -> str:
    """The Nepali text after a placeholder of a message: what its line always holds."""
    return Localizer.create("ne").gettext(msgid).split(placeholder, 1)[1].split("{")[0]


class Outputs(threading.Thread):
    """Each process's printed lines, read while it runs (a full pipe would stall it)."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.running: list[tuple[subprocess.Popen[str], str, str]] = []
        self.lines: list[Line] = []

    def add(self, process: subprocess.Popen[str], command: str, audience: str = CHILD) -> None:
        thread = threading.Thread(target=lambda: self.lines.extend(
            _output(process, command, audience)), daemon=True)
        thread.start()
        self.running.append((process, command, audience))
        self.threads = [*getattr(self, "threads", []), thread]

    def wait(self) -> list[Line]:
        for thread in getattr(self, "threads", []):
            thread.join(WAIT)
        return self.lines


def played_table(data: Path) -> list[Line]:
    """A game at a Nepali table with every kind of computer at it: a child who asks
    questions, a team, a page that rolls and one that never does (the clock rolls for it),
    the teacher's keys; ended by the teacher after some rounds, so the places as they
    stand are told too."""
    pages: list[Page] = []
    with _host(data) as (host, address, port, code, seen):
        log, outputs = HostLog(host, seen), Outputs()
        log.start()
        outputs.add(_join(data / "gita", address, "ABCD-EFGH", "join", "--name", "गीता"),
                    "table join (wrong code)")
        outputs.add(_join(data / "nobody", address, code, "join", "--name", "कोही"),
                    "table join (no seat)")
        outputs.add(_join(data / "asha", address, code, "join", "--name", "आशा", "--lessons",
                          "every", "--verbosity", "full", given="३\n\n" + "5\n\n" * 200),
                    "table join आशा")
        outputs.add(_join(data / "sita", address, code, "join", "--name", "सीता"),
                    "table join सीता")
        outputs.add(_join(data / "ramesh", address, code, "join", "--name", "रमेश"),
                    "table join रमेश")
        outputs.add(_join(data / "watch", address, code, "watch"), "table watch", TEACHER)
        pages = [Page(port, "/seat", code, "विकास"), Page(port, "/seat", code, "गीता", rolls=False),
                 Page(port, "/watch", code), Page(port, "/seat", code, "कोही")]
        for page in pages:
            page.start()
        rolled = _after("{name} rolled a {roll} on the pasa.", "{name:को}")
        log.wait_for(rolled, 3)
        log.keys("p\np\nc\ne\nn\nb\n")  # pause, play on, the code, end? no; nobody back
        log.wait_for(_after("{name} has missed {missed} turn: the computer rolls for {name} "
                            "until they are back.", "{name:को}"))
        log.wait_for(rolled, 20)
        log.keys("e\ny\n")
        host.wait(WAIT)
        lines = outputs.wait()
        for page in pages:
            page.join(WAIT)
        host.wait(WAIT)
        log.join(WAIT)
    lines += [(TEACHER, "table host", line) for line in log.lines]
    for page in pages:
        audience = TEACHER if page.url.endswith("/watch") else CHILD
        lines += [(audience, page.url.rsplit("/", 1)[1] + " page", text)
                  for text in page.lines(audience)]
    return lines


def every_refusal() -> list[Line]:
    """What a child's computer or page is told for each refusal and each table error."""
    loc = Localizer.create("ne")
    texts = [describe(TableError(message, name="आशा", address="१९२.१६८.१.२०:८७६५"), loc)
             for message in client.REFUSALS.values()]
    texts += [describe(TableError(client.FREE_SEATS, name="गीता",
                                  names=loc.join(["आशा", "विकास", "Bikash"])), loc),
              describe(TableError(client.UNTRUSTED), loc)]
    texts += list(page_wire.seat_labels(loc).values())
    texts += [BrowserSeat.come_back(_Named(loc))]  # type: ignore[arg-type]
    assert len(texts) == len(Refusal) + 2 + len(page_wire.seat_labels(loc)) + 1
    notices = [text for notice in Notice if (text := notice_text(loc, notice, "आशा"))]
    # The teacher's screen when children ask to come back without their key (one, then two).
    notices += [loc.gettext("{names} asked to come back without their key: press b to let "
                            "them back in.").format(names="आशा"),
                loc.gettext("{names} may join again with their name.").format(
                    names=loc.join(["आशा", "विकास"]))]
    return [(CHILD, "refusal", text) for text in texts] + [
        (TEACHER, "projector labels", text)
        for text in page_wire.projector_labels(loc).values()] + [
        (TEACHER, "table notice", text) for text in notices]


class _Named:
    """Just what BrowserSeat.come_back reads: the seat's gettext."""

    def __init__(self, loc: Localizer) -> None:
        self._ = loc.gettext
