"""The table's web door as another site, another computer or a plain script meets it, with
raw sockets on loopback: only its own pages, only GET and HEAD, nothing told about itself."""

from __future__ import annotations

import base64
import os
import socket
from pathlib import Path

import pytest

from .helpers import WAIT, open_table, table_options

pytestmark = pytest.mark.slow


def ask(port: int, request: str) -> tuple[str, dict[str, str], bytes]:
    """One raw HTTP request; the status line, the headers and whatever body came."""
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as sock:
        sock.sendall(request.encode())
        reply = b""
        while chunk := sock.recv(65536):
            reply += chunk
            if b"\r\n\r\n" in reply and reply.startswith(b"HTTP/1.1 101"):
                break
    head, _, body = reply.partition(b"\r\n\r\n")
    status, *lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines)
    return status, headers, body


def upgrade(path: str, host: str, origin: str | None) -> str:
    key = base64.b64encode(os.urandom(16)).decode()
    return (f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
            + (f"Origin: {origin}\r\n" if origin is not None else "") + "\r\n")


def test_only_get_and_head_are_answered_and_head_has_no_body(tmp_path: Path) -> None:
    with open_table(table_options(tmp_path, players=("Asha",))) as (table, _, _):
        port = table.address[1]  # type: ignore[index]
        host = f"127.0.0.1:{port}"
        status, headers, page = ask(port, f"GET / HTTP/1.1\r\nHost: {host}\r\n\r\n")
        assert status == "HTTP/1.1 200 OK" and b"<html" in page
        assert headers["Cross-Origin-Resource-Policy"] == "same-origin"
        assert headers["X-Frame-Options"] == "DENY"
        assert "Content-Security-Policy" in headers
        assert "Python" not in headers.get("Server", "") and \
            "websockets" not in headers.get("Server", "")
        status, headers, body = ask(port, f"HEAD / HTTP/1.1\r\nHost: {host}\r\n\r\n")
        assert (status, body) == ("HTTP/1.1 200 OK", b"")
        assert headers["Content-Length"] == str(len(page))
        for method in ("POST", "PUT", "DELETE", "TRACE", "OPTIONS", "FOO"):
            status, headers, body = ask(port, f"{method} / HTTP/1.1\r\nHost: {host}\r\n\r\n")
            assert status == "HTTP/1.1 405 Method Not Allowed", method
            assert headers["Allow"] == "GET, HEAD" and body == b""


def test_a_request_that_names_another_host_is_refused(tmp_path: Path) -> None:
    """A page of evil.example whose name was pointed at the table (DNS rebinding) asks with
    its own name as the Host: it reads nothing."""
    with open_table(table_options(tmp_path, players=("Asha",))) as (table, _, _):
        port = table.address[1]  # type: ignore[index]
        for host in ("evil.example", f"evil.example:{port}", f"127.0.0.1:{port + 1}", ""):
            status, _, body = ask(port, f"GET /seat.js HTTP/1.1\r\nHost: {host}\r\n\r\n")
            assert status.startswith("HTTP/1.1 421") and body == b"", host
        for host in (f"localhost:{port}", f"LOCALHOST:{port}", f"{socket.gethostname()}:{port}"):
            status, _, _ = ask(port, f"GET /seat.js HTTP/1.1\r\nHost: {host}\r\n\r\n")
            assert status == "HTTP/1.1 200 OK", host


def test_only_the_tables_own_pages_open_its_sockets(tmp_path: Path) -> None:
    """All twelve handshakes of the last attack round (no Origin, evil.example, null,
    another port, on each path) got 101; only the table's own address does now, and no
    Origin only on the terminal's path."""
    with open_table(table_options(tmp_path, players=("Asha",))) as (table, _, _):
        port = table.address[1]  # type: ignore[index]
        own, host = f"http://127.0.0.1:{port}", f"127.0.0.1:{port}"
        for path in ("/", "/seat", "/watch"):
            for origin in ("https://evil.example", "null", f"http://127.0.0.1:{port + 1}",
                           f"https://127.0.0.1:{port}"):
                status, _, _ = ask(port, upgrade(path, host, origin))
                assert status.startswith("HTTP/1.1 403"), (path, origin, status)
            status, _, _ = ask(port, upgrade(path, host, own))
            assert status.startswith("HTTP/1.1 101"), (path, status)
            status, _, _ = ask(port, upgrade(path, f"evil.example:{port}",
                                             f"http://evil.example:{port}"))
            assert status.startswith("HTTP/1.1 421"), (path, status)
        for path in ("/seat", "/watch"):
            status, _, _ = ask(port, upgrade(path, host, None))
            assert status.startswith("HTTP/1.1 403"), (path, status)
        status, _, _ = ask(port, upgrade("/", "teachers-laptop.example:1", None))
        assert status.startswith("HTTP/1.1 101")  # the terminal, by whatever name it was given


@pytest.mark.skipif(not socket.has_ipv6, reason="no IPv6 on this computer")
def test_a_table_bound_to_ipv6_loopback_seats_terminals_and_pages(tmp_path: Path) -> None:
    """--bind ::1 failed: "Address family for hostname not supported"."""
    import json
    from dataclasses import replace

    from websockets.sync.client import connect

    from .helpers import CODE, Child

    options = replace(table_options(tmp_path, players=("Asha", "Bikash")), bind="::1")
    with open_table(options) as (table, host_log, _):
        port = table.address[1]  # type: ignore[index]
        assert table.page_address("::1").startswith(f"http://[::1]:{port}/#")
        asha = Child(table, "Asha")  # a terminal, by the address the table shows
        host_log.wait_for(lambda lines: any("Asha has joined" in line for line in lines))
        with socket.create_connection(("::1", port), timeout=WAIT) as sock:
            sock.sendall(f"GET / HTTP/1.1\r\nHost: [::1]:{port}\r\n\r\n".encode())
            assert sock.recv(4096).startswith(b"HTTP/1.1 200 OK")
        with connect(f"ws://[::1]:{port}/seat", open_timeout=WAIT, compression=None,
                     origin=f"http://[::1]:{port}") as page:  # type: ignore[arg-type]
            page.send(json.dumps({"type": "join", "code": CODE, "name": "Bikash",
                                  "lang": "en"}))
            while (message := json.loads(page.recv(timeout=WAIT)))["type"] not in (
                    "joined", "refused"):
                pass
            assert message["type"] == "joined", message
        asha.leave()
        table.end()


@pytest.mark.skipif(not socket.has_dualstack_ipv6(), reason="no dual-stack IPv6 here")
def test_a_table_bound_to_every_ipv6_address_takes_ipv4_computers_too(tmp_path: Path) -> None:
    from dataclasses import replace

    from .helpers import Child

    options = replace(table_options(tmp_path, players=("Asha",)), bind="::")
    with open_table(options) as (table, host_log, _):
        port = table.address[1]  # type: ignore[index]
        status, _, _ = ask(port, f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n")
        assert status == "HTTP/1.1 200 OK"  # an IPv4 computer's browser
        asha = Child(table, "Asha")  # its seat's client reaches the door by ::1
        host_log.wait_for(lambda lines: any("Asha has joined" in line for line in lines))
        asha.leave()
        table.end()
