"""The table attacked on loopback, by classmates with the code and by any computer on the
network, the hostile clients as raw sockets: each costs only itself."""

from __future__ import annotations

import contextlib
import json
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from websockets.sync.server import serve

from snl_edu.engine import Rules
from snl_edu.inputs.commands import Action
from snl_edu.table.client import UNTRUSTED
from snl_edu.table.turn_clock import Signal

from . import hostile
from .helpers import CODE, WAIT, Child, open_table, table_options

pytestmark = pytest.mark.slow


def until(done, what: str, seconds: float = WAIT) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, what
        time.sleep(0.01)


def test_a_seated_client_that_floods_and_never_reads_costs_only_itself(tmp_path: Path) -> None:
    options = table_options(tmp_path, players=("Asha", "Bikash", "Chandra"), computers=0,
                            turn_clock=0.5, rules=Rules(six_to_start=True, play_to_end=True))
    with open_table(options) as (table, host_log, runner):
        asha, bikash = Child(table, "Asha"), Child(table, "Bikash")
        flooder = hostile.joined(table.address[1], CODE, "Chandra")  # type: ignore[index]
        flooder.settimeout(0.2)
        asha.log.wait_for(lambda lines: any(" rolled a " in line for line in lines))
        before = asha.log.count(" rolled a ")
        deadline = time.monotonic() + WAIT
        while asha.log.count(" rolled a ") < before + 30 and time.monotonic() < deadline:
            try:  # rolls as fast as the socket takes them; never a byte read
                flooder.sendall(hostile.frame({"type": "command", "action": "roll"}) * 50)
            except TimeoutError:
                continue
            except OSError:  # the table has dropped it
                break
        # The others' updates kept coming, and the flooder was dropped (its seat kept).
        asha.log.wait_for(lambda lines: sum(" rolled a " in line for line in lines)
                          >= before + 30)
        host_log.wait_for(lambda lines: any("Chandra has left the table; the seat is kept."
                                            in line for line in lines))
        ending = time.monotonic()
        table.end()  # the teacher's e
        runner.join(WAIT)
        assert not runner.is_alive() and time.monotonic() - ending < 5
        flooder.close()
        for child in (asha, bikash):
            child.leave()


def test_a_watcher_that_never_reads_is_dropped_and_the_end_does_not_wait_for_it(
        tmp_path: Path) -> None:
    with open_table(table_options(tmp_path, players=("Asha",))) as (table, _, runner):
        sock = hostile.joined(table.address[1], CODE, "", watch=True)  # type: ignore[index]
        asha = Child(table, "Asha")
        asha.log.wait_for(lambda lines: sum(" rolled a " in line for line in lines) >= 40)
        ending = time.monotonic()
        table.end()
        runner.join(WAIT)
        assert not runner.is_alive() and time.monotonic() - ending < 5
        sock.close()
        asha.leave()


def test_a_dropped_childs_seat_is_not_taken_by_a_folded_name(tmp_path: Path) -> None:
    with open_table(table_options(tmp_path, computers=1)) as (table, host_log, _):
        asha = Child(table, "Asha", stop_after=0)
        asha.log.wait_for(lambda lines: any("You sit at the table" in line for line in lines))
        token = asha.client.token
        asha.leave()
        host_log.wait_for(lambda lines: any("Asha has left" in line for line in lines))
        for name in ("\uff41\uff53\uff48\uff41", "A\u200bsha", " ASHA "):  # fullwidth, ZWSP
            thief = Child(table, name)
            thief.join_thread()
            assert thief.error is not None and "let you back in" in thief.error.message
        assert table.chairs[0].peer is None
        real = Child(table, "Asha", token=token, stop_after=0)
        real.log.wait_for(lambda lines: "Welcome back, Asha." in lines)
        real.leave()


def test_a_join_by_an_unknown_name_is_told_the_free_seats(tmp_path: Path) -> None:
    with open_table(table_options(tmp_path)) as (table, _, _):
        sita = Child(table, "सीता")
        sita.join_thread()
        assert sita.error is not None
        assert sita.error.details["names"] == "Asha and Bikash"


def test_handshakes_reset_by_the_hundred_print_no_traceback(
        tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    with open_table(table_options(tmp_path)) as (table, host_log, _):
        port = table.address[1]  # type: ignore[index]
        for _ in range(200):
            sock = hostile.open_socket(port, "127.0.0.3")
            with contextlib.suppress(OSError):
                hostile.handshake(sock)
            hostile.reset(sock)
        asha = Child(table, "Asha")  # and the table still seats a child
        asha.log.wait_for(lambda lines: any("You sit at the table" in line for line in lines))
        asha.leave()
    printed = capfd.readouterr()
    for text in (printed.out, printed.err, "\n".join(host_log.lines)):
        assert "Traceback" not in text and "connection handler failed" not in text


def status() -> tuple[float, int]:
    fields = dict(line.split(":", 1) for line in Path("/proc/self/status").read_text()
                  .splitlines())
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["Threads"])


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_two_thousand_half_open_sockets_leave_the_host_bounded(tmp_path: Path) -> None:
    with open_table(table_options(tmp_path, players=("Asha",))) as (table, _, runner):
        port = table.address[1]  # type: ignore[index]
        memory, threads = status()
        silent = []
        for _ in range(2000):  # never a byte sent: not even the websocket handshake
            sock = socket.socket()
            sock.setblocking(False)
            sock.bind(("127.0.0.4", 0))
            sock.connect_ex(("127.0.0.1", port))
            silent.append(sock)
        until(lambda: table.gate.open_count() >= 1, "the first sockets are held")
        asha = Child(table, "Asha")  # the game goes on for the children
        asha.log.wait_for(lambda lines: sum(" rolled a " in line for line in lines) >= 4)
        now_memory, now_threads = status()
        assert now_threads - threads < 100, (threads, now_threads)
        assert now_memory - memory < 40, (memory, now_memory)
        asha.leave()
        for sock in silent:
            sock.close()
    assert not runner.is_alive()  # and the table closes: no refused socket is waited for


@pytest.mark.parametrize(("code", "said"), [
    ("-", "जोडिने कोडमा कम्तीमा"), ("1", "जोडिने कोडमा कम्तीमा"), ("ABCD", "जोडिने कोडमा कम्तीमा"),
    ("AAAA-AAA", "जोडिने कोडमा कम्तीमा"), ("0000-0000", "अक्षरले मात्र लेखिन्छ, तर 0000-0000 मा 0 छ")])
def test_a_weak_join_code_is_refused_in_the_teachers_language(code: str, said: str) -> None:
    done = subprocess.run([sys.executable, "-m", "snl_edu", "--lang", "ne", "table", "host",
                           "--bind", "127.0.0.1", "--port", "0", "--code", code],
                          capture_output=True, text=True, timeout=WAIT, stdin=subprocess.DEVNULL,
                          check=False)
    assert done.returncode != 0
    assert said in done.stderr and "Traceback" not in done.stderr


class RogueTable:
    """A table that is not one: it seats anyone, then names a seat that is not there."""

    def __init__(self, watch: bool) -> None:
        from snl_edu.boards import load_board
        from snl_edu.engine import Game, Seat

        evil = "\x1b]0;pwned\x07\x1b[2J\x1b[31m\u202eahsA"
        game = Game(load_board("classic"), Rules(), [Seat(evil), Seat("Bikash")])
        state = game.to_data()
        state["board"]["title"] = {"en": "\x1b]52;c;ZXZpbA==\x07Board"}
        self.welcome = {"type": "welcome", "game": state, "seat": None if watch else 0,
                        "token": "t", "back": False, "covered": 0, "members": []}
        bad = {"type": "update", "events": [{"kind": "TurnStarted", "seat": 999}],
               "game": state}
        self.messages = [self.welcome, bad]
        self.server = serve(self._handle, "127.0.0.1", 0, compression=None)
        self.port = self.server.socket.getsockname()[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def _handle(self, connection) -> None:  # type: ignore[no-untyped-def]
        connection.recv(timeout=WAIT)
        for message in self.messages:
            connection.send(json.dumps(message))
        connection.recv(timeout=WAIT)  # holds the line open: the client must leave itself


@pytest.mark.parametrize("watch", [False, True])
def test_a_rogue_table_cannot_print_escapes_or_hang_a_childs_computer(watch: bool) -> None:
    rogue = RogueTable(watch)
    failures: list[object] = []
    hook, threading.excepthook = threading.excepthook, failures.append  # type: ignore
    try:
        table = type("Address", (), {"address": ("127.0.0.1", rogue.port)})()
        child = Child(table, "" if watch else "Asha", watch=watch)  # type: ignore[arg-type]
        child.join_thread()
    finally:
        threading.excepthook = hook
        rogue.server.shutdown()
    assert child.error is not None and child.error.message == UNTRUSTED
    assert not failures
    shown = "\n".join(child.log.lines)
    assert not any(char in shown for char in "\x1b\x07\u202e")


def test_presses_count_only_in_their_own_turn_after_it_was_said_and_once(
        tmp_path: Path) -> None:
    from websockets.sync.client import connect

    with open_table(table_options(tmp_path, players=("Asha",))) as (table, host_log, _):
        seat = table.chairs[0].source
        host, port = table.address  # type: ignore[misc]
        with connect(f"ws://{host}:{port}", compression=None, proxy=None) as asha:
            asha.send(json.dumps({"type": "join", "code": CODE, "name": "Asha"}))
            turns = 0
            while turns < 2:
                message = json.loads(asha.recv(timeout=WAIT))
                if message["type"] == "notice" and message["kind"] == "turn":
                    turns += 1
                    if turns == 1:  # five Enters in one turn, the first before it was said
                        roll = json.dumps({"type": "command", "action": "roll"})
                        asha.send(roll)
                        asha.send(json.dumps({"type": "said"}))
                        for _ in range(4):
                            asha.send(roll)
                    else:
                        asha.send(json.dumps({"type": "said"}))
            until(lambda: seat.waiting and seat.announced, "the second turn is said")
            # One roll of the five: the second turn waits for a press of its own.
            assert host_log.count("Asha rolled") == 1
            assert all(isinstance(item, Signal) or item.action is not Action.ROLL
                       for item in seat.commands.queue)
