"""A restart loses nobody: a table started again with --resume has its code and every
chair's key, so each child's computer comes back to its seat by itself."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from snl_edu.store.table_doors import TableDoors
from tests.table import test_browser as seats
from tests.table.helpers import WAIT, Child, open_table, table_options
from tests.table.test_cli_table import snl, unique_table_name

browser = seats.browser  # the seat tests' fixture: one Chromium for the module


def test_a_resumed_table_opens_with_its_code_and_lets_each_child_back_with_her_key(
        tmp_path: Path) -> None:
    first = table_options(tmp_path, players=("Asha", "Bikash"))
    with open_table(first) as (table, _, _):
        asha = Child(table, "Asha", stop_after=1)
        bikash = Child(table, "Bikash", stop_after=1)
        asha.log.wait_for(lambda lines: any("Wait for your turn" in line for line in lines))
        bikash.log.wait_for(lambda lines: any("Wait for your turn" in line for line in lines))
        code, game_id = table.code, table.prepared.autosave.game_id
        keys = {"Asha": asha.client.token, "Bikash": bikash.client.token}
        asha.leave()
        bikash.leave()
    # The power came back: the teacher types snl table host --resume N, and nothing else.
    again = replace(first, code=None,  # no --code: the table's own comes back
                    play=replace(first.play, resume=str(game_id), players=None))
    with open_table(again) as (table, host_log, _):
        assert table.code == code
        back = [Child(table, name, token=key, code=code) for name, key in keys.items()]
        for child, name in zip(back, keys, strict=True):
            child.log.wait_for(lambda lines, name=name: f"Welcome back, {name}." in lines)
        assert not any("asked to come back" in line for line in host_log.lines)
        for child in back:
            child.leave()
    kept = json.loads((tmp_path / "table-doors.json").read_text())
    assert "Asha" not in json.dumps(kept)  # by the game's number, no child's name



def test_two_children_seated_moments_apart_both_keep_their_keys_on_a_slow_disk(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Each join keeps the chairs' keys; a write that lands late must not put back an older
    # picture of the chairs over a later join's (Bikash's key lost, so after a restart she
    # would sit down as new, never "welcomed back").
    with open_table(table_options(tmp_path, players=("Asha", "Bikash"))) as (table, _, _):
        assert table.doors is not None
        keep, first_writing, later_kept = table.doors.keep, threading.Event(), threading.Event()

        def slow_disk(game_id: int, code: str, keys: list[str | None], port: int) -> None:
            if first_writing.is_set():
                keep(game_id, code, keys, port)
                later_kept.set()
                return
            first_writing.set()
            later_kept.wait(2.0)  # Asha's write is slow: Bikash's may be done first
            keep(game_id, code, keys, port)

        monkeypatch.setattr(table.doors, "keep", slow_disk)
        asha = Child(table, "Asha", stop_after=1)
        assert first_writing.wait(WAIT)
        bikash = Child(table, "Bikash", stop_after=1)
        for child in (asha, bikash):
            child.log.wait_for(lambda lines: any("Wait for your turn" in line for line in lines))
        keys = [asha.client.token, bikash.client.token]
        game_id = table.prepared.autosave.game_id
        asha.leave()
        bikash.leave()
    door = TableDoors(tmp_path).door(game_id)
    assert door is not None and door.keys == keys


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_host(tmp_path: Path, port: int | None, *options: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "SNL_DATA_DIR": str(tmp_path)}
    chosen = () if port is None else ("--port", str(port))
    return subprocess.Popen(
        snl("table", "host", "--bind", "127.0.0.1", *chosen, "--turn-clock", "0",
            "--lang", "en", "--name", unique_table_name(), "--no-speech", *options),
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=env)


class Reader:
    """A process's output lines, read by a thread of their own (waited on with deadlines)."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.lines: list[tuple[float, str]] = []
        self.thread = threading.Thread(target=self._read, args=(process,), daemon=True)
        self.thread.start()

    def _read(self, process: subprocess.Popen[str]) -> None:
        assert process.stdout is not None
        for line in process.stdout:
            self.lines.append((time.monotonic(), line.rstrip("\n")))

    def wait_for(self, pattern: str, after: float = 0.0) -> tuple[float, str]:
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            for at, line in list(self.lines):
                if at >= after and re.search(pattern, line):
                    return at, line
            time.sleep(0.05)
        raise AssertionError(f"{pattern!r} not seen: {[line for _, line in self.lines[-8:]]}")


@pytest.mark.slow
def test_ctrl_c_at_the_host_stops_the_table_and_resume_brings_every_seat_back(
        browser: Any, tmp_path: Path) -> None:
    port = free_port()
    host = start_host(tmp_path, port, "--players", "Asha,Bikash", "--computer", "1",
                      "--seed", "4")
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "SNL_DATA_DIR": str(tmp_path / "asha")}
    output = Reader(host)
    asha = None
    try:
        code = re.search(r"Join code: (\S+)", output.wait_for(r"Join code: ")[1]).group(1)
        asha = subprocess.Popen(
            snl("table", "join", f"127.0.0.1:{port}", code, "--name", "Asha", "--no-speech",
                "--no-sound"), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, env=env)
        terminal = Reader(asha)
        page = browser.new_context(viewport={"width": 360, "height": 640}).new_page()
        page.goto(f"http://127.0.0.1:{port}/#{code}")
        seats._join(page, "Bikash")
        terminal.wait_for(r"Wait for your turn")
        output.wait_for(r"Bikash has joined the table")
        host.send_signal(signal.SIGINT)  # the teacher's Ctrl-C (or a closed terminal)
        host.wait(WAIT)
        output.thread.join(WAIT)
        assert any("The table is stopped; the children keep their seats." in line
                   for _, line in output.lines)
        game = re.search(r"--resume (\d+)", " ".join(line for _, line in output.lines))
        assert game is not None
        terminal.wait_for(r"The teacher has stopped the table\. It can go on")
        page.wait_for_selector("#lost:not([hidden])", timeout=seats.MS)
        assert page.inner_text("#lost") == "Lost the table, trying again."
        # The teacher types the hint's command; nobody at a seat types anything.
        # From the restart: the terminal may be back before the host's own line is read.
        restarted = time.monotonic()
        host = start_host(tmp_path, port, "--resume", game.group(1))
        output = Reader(host)
        opened, _ = output.wait_for(r"Join code: " + re.escape(code))
        back, _ = terminal.wait_for(r"Welcome back, Asha\.", after=restarted)
        page.wait_for_selector("#lost[hidden]", state="attached", timeout=seats.MS)
        seats._wait_for_log(page, lambda lines: "Welcome back, Bikash." in lines)
        page_back = time.monotonic()
        print(f"every seat back {max(back, page_back) - opened:.1f} s after the table opened")
        assert max(back, page_back) - opened < 10.0
        page.context.close()
    finally:
        for process in (host, asha):
            if process is not None and process.poll() is None:
                process.kill()
                process.communicate(timeout=WAIT)


def stop(host: subprocess.Popen[str], output: Reader) -> str:
    """The teacher's Ctrl-C; the number of the game it kept."""
    host.send_signal(signal.SIGINT)
    host.wait(WAIT)
    output.thread.join(WAIT)
    game = re.search(r"--resume (\d+)", " ".join(line for _, line in output.lines))
    assert game is not None, [line for _, line in output.lines][-6:]
    return game.group(1)


def test_a_table_resumed_without_a_port_listens_on_the_one_it_had(tmp_path: Path) -> None:
    port = free_port()
    host = start_host(tmp_path, port, "--players", "Asha", "--computer", "1")
    asha = None
    try:
        output = Reader(host)
        code = re.search(r"Join code: (\S+)", output.wait_for(r"Join code: ")[1]).group(1)
        asha = subprocess.Popen(
            snl("table", "join", f"127.0.0.1:{port}", code, "--name", "Asha", "--no-speech",
                "--no-sound"), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True,
            env={**os.environ, "SNL_DATA_DIR": str(tmp_path / "asha")})
        Reader(asha).wait_for(r"Your turn")  # the game is on, and saved
        game = stop(host, output)
        host = start_host(tmp_path, None, "--resume", game)  # the pages kept its address
        output = Reader(host)
        output.wait_for(r"Join code: ")
        output.wait_for(rf"http://\S+:{port}/#")
        with socket.create_connection(("127.0.0.1", port), timeout=WAIT):
            pass
        host.kill()  # a power cut
        host.communicate(timeout=WAIT)
        other = free_port()  # told otherwise, it listens where it is told
        host = start_host(tmp_path, other, "--resume", game)
        output = Reader(host)
        output.wait_for(rf"http://\S+:{other}/#")
    finally:
        for process in (host, asha):
            if process is not None and process.poll() is None:
                process.kill()
                process.communicate(timeout=WAIT)


def test_a_damaged_door_file_is_kept_aside_and_the_teacher_is_told_once(
        tmp_path: Path) -> None:
    first = table_options(tmp_path, players=("Asha",))
    with open_table(first) as (table, _, _):
        game_id = table.prepared.autosave.game_id
    doors = tmp_path / "table-doors.json"
    damaged = doors.read_text()[:-7]  # a power cut in the middle of its writing
    doors.write_text(damaged)
    again = replace(first, code=None, play=replace(first.play, resume=str(game_id),
                                                   players=None))
    with open_table(again) as (table, host_log, _):
        asha = Child(table, "Asha", code=table.code, stop_after=1)
        asha.log.wait_for(lambda lines: any("Wait for your turn" in line for line in lines))
        asha.leave()
    (backup,) = tmp_path.glob("table-doors.json.corrupt-*.bak")
    assert backup.read_text() == damaged
    told = [line for line in host_log.lines if "was damaged" in line]
    assert told == [(f"The file {doors}, which keeps each table's join code and seat keys, "
                     f"was damaged, so it was kept as {backup} and a new one was started: a "
                     "resumed table opens with a new join code, and the children join again "
                     "with it.")]
    assert str(game_id) in json.loads(doors.read_text())  # a whole one, begun again


def test_ctrl_c_while_the_table_waits_for_its_children_stops_it_with_the_resume_hint(
        tmp_path: Path) -> None:
    # Tried: Ctrl-C before every seat was taken printed "Aborted!" and no way to go on.
    host = start_host(tmp_path, free_port(), "--players", "Asha,Bikash", "--computer", "1")
    try:
        output = Reader(host)
        output.wait_for(r"Keys: s starts")
        stop(host, output)
        assert any("The table is stopped; the children keep their seats." in line
                   for _, line in output.lines)
        assert host.stderr is not None and "Aborted" not in host.stderr.read()
    finally:
        if host.poll() is None:
            host.kill()
            host.communicate(timeout=WAIT)
