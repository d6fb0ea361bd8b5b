"""The table's door under attack: honest children's join and roll -> update, the host's
memory and threads, and the seconds from the teacher's e, y to the host's exit.

    python benchmarks/bench_door.py [--before PATH] [--joins N] [--rolls N]

Each scenario starts a real `snl table host` (a process of its own, on 127.0.0.1), lets
an attack run, then measures a child's raw websocket client from 127.0.0.1: the time
from connecting to its welcome (join), and from its roll to the update carrying it (what
its computer narrates as its line). Attacks, from other loopback addresses standing for
other computers: 2,000 half-open sockets from 8 addresses (never a byte sent), and 96
sockets on /seat from 4 addresses flooding hellos without a code and never reading (each
reopened when the table shuts it). The reference is the same host with no attack, in the
same run. ``--before PATH`` runs every scenario a second time with the snl_edu package
found in PATH (an older checkout), for a before -> after table.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from websockets.exceptions import WebSocketException

sys.path.insert(0, str(Path(__file__).resolve().parent))

from measure import Result, report

HERE = Path(__file__).resolve().parent.parent
CODE = "ACDE-FGHJ"
WAIT = 60.0
HUNG = 20.0  # seconds after the teacher's e, y: a host still running is hung
NEVER = float("inf")  # a join refused (the door full), or no roll after it
SETTLE = 3.0  # seconds an attack runs before the child comes (tiny: a tenth, a check only)


def _or_never(join: Callable[[], float]) -> float:
    try:
        return join()
    except (OSError, RuntimeError, WebSocketException):  # refused or shut: not in
        return NEVER


@contextlib.contextmanager
def host(package: Path, data: Path) -> Iterator[tuple[subprocess.Popen[str], int]]:
    env = {**os.environ, "PYTHONPATH": str(package), "PYTHONUNBUFFERED": "1",
           "SNL_DATA_DIR": str(data)}
    process = subprocess.Popen(
        [sys.executable, "-m", "snl_edu", "table", "host", "--bind", "127.0.0.1", "--port", "0",
         "--players", "Asha", "--computer", "1", "--seed", "3", "--turn-clock", "0",
         "--pace", "0", "--code", CODE, "--lang", "en", "--no-speech",
         "--name", f"bench-{os.getpid()}-{time.monotonic_ns()}"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        env=env)
    port = None
    assert process.stdout is not None
    while port is None:
        line = process.stdout.readline()
        if not line:
            raise RuntimeError("the host did not open")
        found = re.search(r"snl table join 127\.0\.0\.1:(\d+)", line)
        port = int(found.group(1)) if found else None
    threading.Thread(target=lambda: process.stdout and process.stdout.read(),  # drained
                     daemon=True).start()
    try:
        yield process, port
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(WAIT)


def status(pid: int) -> tuple[float, int]:
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text()
                  .splitlines())
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["Threads"])


class Child:
    """A child's computer as raw websocket frames over the websockets client."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.token: str | None = None
        self.connection: Any = None
        self.held = contextlib.ExitStack()

    def join(self) -> float:
        from websockets.sync.client import connect

        start = time.perf_counter()
        for pause in (0.3, 0.6, 1.2, 2.4, None):  # as the terminal does at a full door
            try:
                self.connection = self.held.enter_context(connect(
                    f"ws://127.0.0.1:{self.port}", open_timeout=WAIT, compression=None,
                    proxy=None))
                break
            except (OSError, WebSocketException):
                if pause is None:
                    raise
                time.sleep(pause)
        self.connection.send(json.dumps({"type": "join", "code": CODE, "name": "Asha",
                                         "token": self.token}))
        while (message := json.loads(self.connection.recv(timeout=WAIT)))["type"] != "welcome":
            if message["type"] == "refused":
                raise RuntimeError(message)
        self.token = message["token"]
        return time.perf_counter() - start

    def roll(self) -> float:
        """Wait for the turn, roll, and time it to the update carrying the roll."""
        while True:
            message = json.loads(self.connection.recv(timeout=WAIT))
            if message["type"] == "notice" and message["kind"] == "turn":
                break
        self.connection.send(json.dumps({"type": "said"}))
        start = time.perf_counter()
        self.connection.send(json.dumps({"type": "command", "action": "roll"}))
        while True:
            message = json.loads(self.connection.recv(timeout=WAIT))
            if message["type"] == "update" and any(
                    event.get("kind") == "Rolled" and event.get("seat") == 0
                    for event in message["events"]):
                return time.perf_counter() - start

    def leave(self) -> None:
        self.held.close()
        self.connection = None


def half_open(port: int, count: int) -> Iterator[None]:
    sockets = []
    for n in range(count):
        sock = socket.socket()
        sock.setblocking(False)
        sock.bind((f"127.0.0.{10 + n % 8}", 0))
        sock.connect_ex(("127.0.0.1", port))
        sockets.append(sock)
    try:
        yield
    finally:
        for sock in sockets:
            sock.close()


def _flooder(port: int, source: str) -> socket.socket | None:
    try:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.bind((source, 0))
        sock.settimeout(2.0)
        sock.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall((f"GET /seat HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                      f"Origin: http://127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                      f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                      "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        sock.settimeout(0.01)
        return sock
    except OSError:
        return None


def hello_frame() -> bytes:
    """One masked websocket text frame of a page's hello, as a client must send it."""
    payload = json.dumps({"type": "hello", "lang": "ne"}).encode()
    mask = os.urandom(4)
    return bytes([0x81, 0x80 | len(payload)]) + mask + bytes(
        byte ^ mask[index % 4] for index, byte in enumerate(payload))


def flooders(port: int, count: int, reopen: bool = False) -> Iterator[None]:
    """``count`` sockets flooding hellos; ``reopen``: each one shut is opened again (a
    connection flood), else it stays shut (the attack round's flooders)."""
    burst = hello_frame() * 50
    stop = threading.Event()

    def flood() -> None:
        held: list[socket.socket | None] = [
            _flooder(port, f"127.0.0.{20 + index % 4}") for index in range(count)]
        while not stop.is_set():
            for index in range(count):
                if held[index] is None and reopen:
                    held[index] = _flooder(port, f"127.0.0.{20 + index % 4}")
                sock = held[index]
                if sock is None:
                    continue
                try:
                    sock.sendall(burst)
                except TimeoutError:
                    pass  # full both ways: the table's sends to it are stuck
                except OSError:
                    sock.close()
                    held[index] = None  # shut by the table: open another
            stop.wait(0.05)
        for sock in held:
            if sock is not None:
                sock.close()

    thread = threading.Thread(target=flood, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(WAIT)


def reopening_flooders(port: int, count: int) -> Iterator[None]:
    yield from flooders(port, count, reopen=True)


ATTACKS = {"quiet": None, "2000 half-open from 8": half_open, "96 no-code flooders": flooders,
           "96 flooders reopening": reopening_flooders}


def scenario(package: Path, attack: str, joins: int, rolls: int, size: int,
             settle: float = SETTLE) -> dict[str, list[float]]:
    with tempfile.TemporaryDirectory() as data, host(package, Path(data)) as (process, port):
        made = ATTACKS[attack]
        with (contextlib.contextmanager(made)(port, size) if made else contextlib.nullcontext()):
            time.sleep(settle)  # the attack under way, as a class would meet it
            memory, threads = status(process.pid)
            child = Child(port)
            joined, rolled = [], []
            for _ in range(joins):
                joined.append(_or_never(child.join))
                child.leave()
            joined.append(_or_never(child.join))
            rolled = [child.roll() for _ in range(rolls)] if child.connection else [NEVER]
            assert process.stdin is not None
            ending = time.perf_counter()
            process.stdin.write("e\n")
            process.stdin.flush()
            time.sleep(0.3)  # "End the game for everyone?" is asked; then the teacher's y
            process.stdin.write("y\n")
            process.stdin.flush()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(HUNG)  # a host that hangs is killed on leaving, counted as HUNG
            ended = min(time.perf_counter() - ending - 0.3, HUNG)
            child.leave()
    return {"join": joined, "roll": rolled, "rss": [memory], "threads": [float(threads)],
            "end": [ended]}


def run(tiny: bool = False, before: str | None = None, joins: int = 3, rolls: int = 5
        ) -> list[Result]:
    sizes = {"quiet": 0, "2000 half-open from 8": 40 if tiny else 2000,
             "96 no-code flooders": 4 if tiny else 96,
             "96 flooders reopening": 4 if tiny else 96}
    trees = [("after", HERE)] + ([("before", Path(before))] if before else [])
    if tiny:
        joins, rolls = 1, 1
    results = []
    for tree, package in trees:
        measured = {attack: scenario(package, attack, joins, rolls, size,
                                     SETTLE / 10 if tiny else SETTLE)
                    for attack, size in sizes.items()}
        quiet = measured["quiet"]
        for attack in list(sizes)[1:]:
            for key, unit, factor in (("join", "ms", 1000), ("roll", "ms", 1000),
                                      ("rss", "MB", 1), ("threads", "threads", 1),
                                      ("end", "s", 1)):
                results.append(Result(
                    f"{tree}: {key} under {attack}", unit,
                    [v * factor for v in measured[attack][key]],
                    f"{key}, no attack", [v * factor for v in quiet[key]]))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--before", default=None, metavar="PATH")
    parser.add_argument("--joins", type=int, default=3)
    parser.add_argument("--rolls", type=int, default=5)
    arguments = parser.parse_args()
    report("The door under attack (before and after with --before)",
           lambda: run(before=arguments.before, joins=arguments.joins, rolls=arguments.rolls))


if __name__ == "__main__":
    main()
