"""Hostile clients written as raw sockets (loopback only): they speak just enough websocket
to get in, then do what no honest client does (never read, reset, stay silent)."""

from __future__ import annotations

import base64
import json
import os
import socket
import struct


def open_socket(port: int, source: str = "127.0.0.1", timeout: float = 5.0) -> socket.socket:
    """A TCP connection to the table from ``source`` (any 127.x.y.z is this computer: an
    attacker's sockets come from another address than the honest children's)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", port))
    return sock


def handshake(sock: socket.socket, path: str = "/", origin: str | None = None) -> None:
    """The websocket opening handshake, by hand; raises if the table does not upgrade. A
    page's path needs its page's ``origin`` (the Host is then the origin's)."""
    key = base64.b64encode(os.urandom(16)).decode()
    host = origin.split("//", 1)[1] if origin else "127.0.0.1"
    sock.sendall((f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  + (f"Origin: {origin}\r\n" if origin else "")
                  + "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    reply = b""
    while b"\r\n\r\n" not in reply:
        chunk = sock.recv(4096)
        if not chunk:
            raise ConnectionError("closed during the handshake")
        reply += chunk
    if not reply.startswith(b"HTTP/1.1 101"):
        raise ConnectionError(reply.split(b"\r\n", 1)[0].decode(errors="replace"))


def frame(message: object) -> bytes:
    """One masked text frame, as a client must send it."""
    payload = (message if isinstance(message, str) else json.dumps(message)).encode()
    mask = os.urandom(4)
    length = len(payload)
    if length < 126:
        head = struct.pack("!BB", 0x81, 0x80 | length)
    elif length < 65536:
        head = struct.pack("!BBH", 0x81, 0x80 | 126, length)
    else:
        head = struct.pack("!BBQ", 0x81, 0x80 | 127, length)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def reset(sock: socket.socket) -> None:
    """Close with a TCP reset (RST), not a goodbye."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


def joined(port: int, code: str, name: str, source: str = "127.0.0.1", watch: bool = False
           ) -> socket.socket:
    """A seated client on a raw socket: handshake and join sent, nothing read after the
    upgrade (its receive buffer is kept small, so it fills soon when it never reads)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.settimeout(5.0)
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", port))
    handshake(sock)
    sock.sendall(frame({"type": "join", "code": code, "name": name, "watch": watch}))
    return sock
