"""The door's limits count the computer a socket really comes from, every unjoined socket
has a deadline, and the teacher's end comes at once whatever the sockets do: real tables,
raw sockets and real Chromium on loopback, where 127.0.0.2 and up stand for other
computers and the host's own pages come from 127.0.0.1."""

from __future__ import annotations

import contextlib
import json
import socket
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from tests.table import hostile
from tests.table import test_browser as seats
from tests.table.helpers import CODE, WAIT, Child, open_table, table_options

pytestmark = pytest.mark.slow
browser = seats.browser  # the module's one browser, as the seat tests launch it


def page_socket(port: int, path: str, source: str) -> Any:
    """A page's websocket from another computer, as its browser opens it (its Origin)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=WAIT,
                                    source_address=(source, 0))
    return connect(f"ws://127.0.0.1:{port}{path}", sock=sock, open_timeout=WAIT,
                   compression=None, origin=f"http://127.0.0.1:{port}")  # type: ignore[arg-type]


def until_message(page: Any, *kinds: str) -> dict[str, Any]:
    while True:
        message = json.loads(page.recv(timeout=WAIT))
        if message["type"] in kinds:
            return message


def closed_within(sock: socket.socket, seconds: float, send: bytes = b"") -> float:
    """How long until the table shuts the socket (sending ``send`` every 0.1 s meanwhile);
    fails after ``seconds``."""
    start = time.monotonic()
    sock.settimeout(0.1)
    while time.monotonic() - start < seconds:
        try:
            if send:
                sock.sendall(send)
            if sock.recv(65536) == b"":
                return time.monotonic() - start
        except TimeoutError:
            continue
        except OSError:
            return time.monotonic() - start
    raise AssertionError(f"still open after {seconds} s")


def test_wrong_codes_on_the_host_computers_own_page_shut_out_no_other_computer(
        browser: Any, tmp_path: Path) -> None:
    """The teacher mistypes the code five times on the projector's computer (the host):
    before, every page reached the door through the host's own address, and a child's
    page on another computer, with the right code, was refused "Too many wrong codes"."""
    with open_table(table_options(tmp_path, players=("Asha",))) as (table, _, _):
        port = table.address[1]  # type: ignore[index]
        mistyped = browser.new_context().new_page()
        mistyped.goto(f"http://127.0.0.1:{port}/#ABCD-EFGX")
        mistyped.wait_for_selector("#name", state="visible", timeout=seats.MS)
        mistyped.fill("#name", "Asha")
        for _ in range(6):
            mistyped.press("#name", "Enter")
            mistyped.wait_for_selector("#refused:not(:empty)", timeout=seats.MS)
            text = mistyped.text_content("#refused")  # the page empties it at each Join
        assert text is not None and text.startswith("Too many wrong codes")
        with page_socket(port, "/seat", "127.0.0.2") as page:  # Asha's own computer
            page.send(json.dumps({"type": "join", "code": CODE, "name": "Asha", "lang": "en"}))
            assert until_message(page, "joined", "refused")["type"] == "joined"
        table.end()


def test_a_computers_pages_count_against_it_not_against_the_host(tmp_path: Path) -> None:
    """24 projector pages from one computer took all 24 of the host address's places at
    the door: no other page's seat, nor `snl table watch` on the host, could get in."""
    with open_table(replace(table_options(tmp_path, players=("Asha",)),
                            web_lessons="off")) as (table, _, _):
        port = table.address[1]  # type: ignore[index]
        with contextlib.ExitStack() as stack:
            for _ in range(24):
                view = stack.enter_context(page_socket(port, "/watch", "127.0.0.3"))
                view.send(json.dumps({"type": "join", "code": CODE, "name": "", "lang": "en"}))
                until_message(view, "board", "line")
            with page_socket(port, "/seat", "127.0.0.2") as page:
                page.send(json.dumps({"type": "join", "code": CODE, "name": "Asha",
                                      "lang": "en"}))
                assert until_message(page, "joined", "refused")["type"] == "joined"
            watcher = Child(table, "", watch=True)  # the host's own terminal view
            watcher.log.wait_for(lambda lines: any("Asha" in line for line in lines))
            assert watcher.error is None
            watcher.leave()
            assert table.gate.open_count() <= 25  # the pages, never their relays too
        table.end()


def test_half_open_sockets_from_eight_computers_leave_room_for_a_child(tmp_path: Path) -> None:
    with open_table(table_options(tmp_path, players=("Asha",))) as (table, _, _):
        port = table.address[1]  # type: ignore[index]
        silent = []
        for n in range(2000):  # never a byte sent: not even the websocket handshake
            sock = socket.socket()
            sock.setblocking(False)
            sock.bind((f"127.0.0.{10 + n % 8}", 0))
            sock.connect_ex(("127.0.0.1", port))
            silent.append(sock)
        deadline = time.monotonic() + WAIT
        while table.gate.open_count() < 32:  # the door takes what it takes of them
            assert time.monotonic() < deadline, table.gate.open_count()
            time.sleep(0.01)
        asha = Child(table, "Asha")  # at once, while they are held
        asha.log.wait_for(lambda lines: any("You sit at the table" in line for line in lines))
        asha.leave()
        for sock in silent:
            sock.close()


@contextlib.contextmanager
def fast_door(tmp_path: Path) -> Iterator[tuple[Any, int]]:
    options = replace(table_options(tmp_path, players=("Asha",)), join_deadline=1.0)
    with open_table(options) as (table, _, _):
        yield table, table.address[1]  # type: ignore[index]


@pytest.mark.parametrize("path", ["/", "/seat", "/watch"])
def test_a_socket_that_has_not_joined_is_shut_at_its_deadline_whatever_it_sends(
        tmp_path: Path, path: str) -> None:
    """A silent /seat socket was open 300 s on, and one sending a hello every 60 s at
    700 s; four computers' 24 each held the whole door."""
    hello = hostile.frame({"type": "hello", "lang": "en"})
    with fast_door(tmp_path) as (table, port):
        for send in (b"", hello):
            sock = hostile.open_socket(port, "127.0.0.5")
            hostile.handshake(sock, path=path, origin=None if path == "/" else
                              f"http://127.0.0.1:{port}")
            assert closed_within(sock, 5.0, send) < 3.0
            sock.close()
        table.end()


def test_a_half_sent_http_request_is_shut_at_the_same_deadline(tmp_path: Path) -> None:
    with fast_door(tmp_path) as (table, port):
        sock = hostile.open_socket(port, "127.0.0.5")
        sock.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode())
        assert closed_within(sock, 8.0, b"X-Slow: 1\r\n") < 3.0  # before: 5 s, the handshake's
        sock.close()
        table.end()


def test_the_teachers_end_comes_at_once_with_no_code_flooders_that_never_read(
        tmp_path: Path) -> None:
    """Sockets on /seat flooding hellos and never reading held the host after "The game is
    saved" until the attacker let go: the page's close waited on its stuck send."""
    with open_table(table_options(tmp_path, players=("Asha",))) as (table, _, runner):
        port = table.address[1]  # type: ignore[index]
        flooders = []
        for n in range(4):
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.settimeout(WAIT)
            sock.bind((f"127.0.0.{20 + n}", 0))
            sock.connect(("127.0.0.1", port))
            hostile.handshake(sock, path="/seat", origin=f"http://127.0.0.1:{port}")
            sock.settimeout(0.05)
            flooders.append(sock)
        burst = hostile.frame({"type": "hello", "lang": "ne"}) * 200
        stuck = time.monotonic() + WAIT
        while time.monotonic() < stuck and not all(_full(sock, burst) for sock in flooders):
            pass  # until the table's sends to every one of them are stuck
        ending = time.monotonic()
        table.end()  # the teacher's e, y
        runner.join(WAIT)
        assert not runner.is_alive()
        assert time.monotonic() - ending < 2.5, time.monotonic() - ending
        for sock in flooders:
            sock.close()


def _full(sock: socket.socket, burst: bytes) -> bool:
    """Send a burst of hellos; True once the socket takes no more (both ways are full)."""
    try:
        sock.sendall(burst)
    except TimeoutError:
        return True
    except OSError:
        return True  # shut by the table
    return False
