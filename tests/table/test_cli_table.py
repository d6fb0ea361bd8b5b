"""`snl table host` and `snl table join` as real processes on 127.0.0.1, as a class uses them."""

from __future__ import annotations

import os
import re
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner
from websockets.exceptions import InvalidHandshake

from snl_edu.cli import main

pytestmark = pytest.mark.slow
WAIT = 60.0


def snl(*args: str) -> list[str]:
    return [sys.executable, "-m", "snl_edu", *args]


def unique_table_name() -> str:
    """A host's name in snl table list that no other test run on this shared machine has
    (a host announces itself on loopback; by the computer's name they would all be alike)."""
    return f"test-{secrets.token_hex(6)}"


def read_until(process: subprocess.Popen[str], pattern: str) -> list[str]:
    """Lines until one matches (the program's progress decides, with a deadline)."""
    assert process.stdout is not None
    deadline = time.monotonic() + WAIT
    lines: list[str] = []
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line.rstrip("\n"))
        if re.search(pattern, line):
            return lines
    raise AssertionError(f"{pattern!r} not seen: {lines[-5:]}")


def play_a_class(tmp_path: Path, host_options: tuple[str, ...],
                 children: dict[str, tuple[str, ...]]) -> tuple[str, str, list[tuple[str, str]]]:
    """A whole game through the real programs: `snl table host` with these options, and one
    `snl table join` per child (name: its own options), each pressing Enter for every roll.
    Returns the host's output and errors, and each child's."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "SNL_DATA_DIR": str(tmp_path)}
    with hosted(tmp_path, *host_options, seed=3) as (host, address, code):
        joined: list[subprocess.Popen[str]] = []
        try:
            joined += [subprocess.Popen(
                snl("table", "join", address, code, "--name", name, "--no-speech",
                    "--no-sound", *options),
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                text=True, env=env) for name, options in children.items()]
            for child in joined:  # a script's Enter presses each wait for that child's roll
                assert child.stdin is not None
                child.stdin.write("\n" * 400)
                child.stdin.close()
            outputs = [(child.stdout.read(), child.stderr.read())  # type: ignore[union-attr]
                       for child in joined]
            for child in joined:
                child.wait(WAIT)
            host_out, host_err = host.communicate(timeout=WAIT)
        finally:
            for process in joined:
                if process.poll() is None:
                    process.kill()
    assert host.returncode == 0, host_err
    return host_out, host_err, outputs


def test_a_class_plays_at_a_table_from_the_command_line(tmp_path: Path) -> None:
    host_out, host_err, outputs = play_a_class(
        tmp_path, ("--players", "Asha,Bikash"),
        {"Asha": ("--lang", "en"), "Bikash": ("--lang", "ne")})
    assert "Game over" in host_out
    english, nepali = outputs[0][0], outputs[1][0]
    assert "Asha rolled a" in english and "Place 1:" in english
    assert "पासामा" in nepali and "टेबल बन्द भयो।" in nepali
    assert "Traceback" not in host_err + outputs[0][1] + outputs[1][1]


def test_a_team_plays_at_a_table_from_two_computers(tmp_path: Path) -> None:
    child = ("--lessons", "off", "--lang", "en")
    host_out, _, outputs = play_a_class(
        tmp_path, ("--team", "Asha+Bikash", "--computer", "1", "--no-speech", "--no-sound"),
        {"Asha": child, "Bikash": child})
    rolls = re.findall(r"Asha and Bikash's turn: it is (\w+)'s roll\.", host_out)
    assert len(rolls) > 4 and rolls[:4] == ["Asha", "Bikash", "Asha", "Bikash"], (
        host_out[-500:], outputs)
    for (out, err), name in zip(outputs, ("Asha", "Bikash"), strict=True):
        assert f"You sit at the table as {name}, in the team Asha and Bikash." in out
        # Asked on each of their own rolls only: their turns and the chhakkas they roll again.
        assert out.count("Your turn: press Enter") == rolls.count(name) + host_out.count(
            f"Chhakka! {name} rolls again.")
        assert "Traceback" not in err


def test_a_wrong_address_is_one_clear_line() -> None:
    result = CliRunner().invoke(main, ["table", "join", "127.0.0.1:1", "ABCD-EFGH",
                                       "--name", "Asha", "--no-speech", "--no-sound"])
    assert result.exit_code == 1
    assert result.output == ("Error: Cannot reach a table at 127.0.0.1:1: nothing is listening "
                             "there. Is the table open, and is the number after the colon "
                             "right?\n")


@pytest.mark.parametrize("error", [
    ConnectionRefusedError(111, "Connection refused"), socket.gaierror(-2, "Name unknown"),
    TimeoutError("timed out"), InvalidHandshake("not a websocket"),
    OSError(113, "No route to host")])
@pytest.mark.parametrize("language", ["en", "ne"])
def test_every_way_a_table_cannot_be_reached_is_a_sentence_without_class_names(
        error: Exception, language: str) -> None:
    from snl_edu.error_text import describe
    from snl_edu.language.localizer import Localizer
    from snl_edu.table.client import TableError, unreachable

    line = describe(TableError(unreachable(error), address="10.0.0.9:8765"),
                    Localizer.create(language))
    assert "10.0.0.9:8765" in line or "१०.०.०.९:८७६५" in line
    assert not re.search(r"[A-Z][a-z]+(Error|Handshake)|\{", line), line
    if language == "ne":
        assert not re.search(r"[a-z]{4}", line.replace("snl", "")), line  # all Nepali


def test_no_table_on_the_network_says_how_to_join_by_address(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A network where multicast is blocked (other test runs on this machine may be announcing
    # tables on loopback, so the empty network is made, not hoped for).
    monkeypatch.setattr("snl_edu.table.discovery.look_for_tables", lambda *a, **k: [])
    result = CliRunner().invoke(main, ["table", "list", "--via", "127.0.0.1"])
    assert result.exit_code == 0
    assert "snl table join HOST:PORT CODE --name NAME" in result.output


def test_a_mistyped_address_is_one_line_in_the_childs_language() -> None:
    result = CliRunner().invoke(main, ["table", "join", "nohost:99999", "ABCD-EFGH",
                                       "--name", "Asha", "--lang", "ne"])
    assert result.exit_code == 2
    assert "'nohost:99999' ठेगाना होइन: कम्प्युटर:पोर्ट देऊ" in result.output
    assert "Traceback" not in result.output


@contextmanager
def hosted(tmp_path: Path, *options: str,
           seed: int = 2) -> Iterator[tuple[subprocess.Popen[str], str, str]]:
    """A real `snl table host` (English, no clock) and the address and code it shows;
    it is stopped on leaving unless it has ended by itself."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "SNL_DATA_DIR": str(tmp_path)}
    host = subprocess.Popen(
        snl("table", "host", *options, "--bind", "127.0.0.1", "--port", "0", "--seed", str(seed),
            "--turn-clock", "0", "--lang", "en", "--name", unique_table_name()),
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=env)
    try:
        joining = read_until(host, r"snl table join")[-1]
        address, code = re.search(r"join (\S+) (\S+) --name", joining).groups()  # type: ignore
        yield host, address, code
    finally:
        if host.poll() is None:
            host.kill()
            host.communicate(timeout=WAIT)


def test_a_child_at_a_real_terminal_rolls_with_single_keys(tmp_path: Path) -> None:
    from tests.cli.terminal import Terminal

    with hosted(tmp_path, "--players", "Asha", "--computer", "1") as (_, address, code), \
            Terminal("table", "join", address, code, "--name", "Asha", "--no-speech",
                     "--no-sound", "--lessons", "off", "--lang", "en") as child:
        for _ in range(3):  # one key, no Enter line: each turn rolls at once
            child.expect("Your turn: press Enter to roll the pasa.")
            child.type("\r")
            child.expect("Asha rolled a")
        child.type("w")  # answered on the child's own computer
        child.expect("Computer 1 is on square")
        child.type("]")  # the board, explored by ear from the child's own square
        child.expect("Square ")
        child.type("x")  # a key the game does not use: said so, as in snl play
        child.expect("I did not understand 'x'. Press h for help.")
        assert child.mode() != child.before  # single-key mode while playing


def test_a_child_leaves_by_q_or_ctrl_c_and_is_told_how_to_come_back(tmp_path: Path) -> None:
    from tests.cli.terminal import Terminal

    with hosted(tmp_path, "--players", "Asha,Chandra", "--no-speech") as (
            host, address, code):
        with Terminal("table", "join", address, code, "--name", "Chandra", "--no-speech",
                      "--no-sound", "--lessons", "off", "--lang", "ne") as chandra, \
                Terminal("table", "join", address, code, "--name", "Asha", "--no-speech",
                         "--no-sound", "--lessons", "off", "--lang", "en") as asha:
            asha.expect("Your turn: press Enter to roll the pasa.")
            asha.type("q")  # the quit question is the child's own, at their own computer
            asha.expect("Leave the table? Press y for yes or n for no.")
            asha.type("n")
            asha.expect("Let us play on.")
            asha.type("\r")
            chandra.expect("तिम्रो पालो: पासा फाल्न Enter थिच।")
            chandra.type("q")
            chandra.expect("टेबल छोड्ने? हो भए y, होइन भए n थिच।")
            chandra.type("y")
            # Her computer keeps her key to the seat: she needs no teacher to come back.
            chandra.expect("फेरि आउन यो टाइप गर: "
                           f"snl table join {address} {code} --name Chandra")
            assert chandra.wait() == 0
            read_until(host, r"Chandra has left the table; the seat is kept\.")
            asha.interrupt()  # Ctrl-C: the same sentence, no "Aborted!"
            asha.expect("To come back, type: "
                        f"snl table join {address} {code} --name Asha")
            asha.wait()
            assert "Aborted" not in asha.output
            read_until(host, r"Asha has left the table; the seat is kept\.")
        assert host.poll() is None  # the table waits for its children


@pytest.mark.parametrize("ending", ["e", "ctrl-c"])
def test_the_teachers_end_and_ctrl_c_work_while_a_client_floods_and_never_reads(
        tmp_path: Path, ending: str) -> None:
    import signal

    from .hostile import frame, joined

    with hosted(tmp_path, "--players", "Bikash", "--computer", "1", "--pace", "0") as (
            host, address, code):
        flooder = joined(int(address.rsplit(":", 1)[1]), code, "Bikash")
        flooder.settimeout(0.2)
        read_until(host, r"Bikash has joined the table")
        burst = frame({"type": "said"}) + frame({"type": "command", "action": "roll"}) * 50
        deadline = time.monotonic() + WAIT
        dropped = False
        while not dropped and time.monotonic() < deadline:  # until the table drops it
            try:
                flooder.sendall(burst)
            except TimeoutError:
                continue
            except OSError:
                dropped = True
        read_until(host, r"Bikash's turn\.")  # the game is under way, its seat left empty
        assert host.stdin is not None
        asked = time.monotonic()
        if ending == "e":
            host.stdin.write("e\n")
            host.stdin.flush()
            read_until(host, r"End the game for everyone\?")
            host.stdin.write("y\n")
            host.stdin.flush()
        else:
            host.send_signal(signal.SIGINT)
        out, err = host.communicate(timeout=WAIT)
        assert time.monotonic() - asked < 10, "the end waited on the flooder"
        flooder.close()
    assert "The game is saved. To continue it at the table" in out, (out[-300:], err[-500:])
    assert "Traceback" not in err


def test_a_child_whose_program_is_killed_joins_again_and_has_her_seat_without_the_teacher(
        tmp_path: Path) -> None:
    """Her key to the seat lived only in the program's memory: killed (or her computer
    restarted), she had to wait for the teacher's b. Now it is kept in her data folder, and
    goes when she is forgotten."""
    from tests.cli.terminal import Terminal

    own = {"SNL_DATA_DIR": str(tmp_path / "asha-computer")}
    join = ("table", "join", "--name", "Asha", "--no-speech", "--no-sound", "--lessons", "off",
            "--lang", "en")
    with hosted(tmp_path / "host", "--players", "Asha,Chandra") as (host, address, code):
        args = (*join[:2], address, code, *join[2:])
        with Terminal(*args, env=own) as asha:
            asha.expect("You sit at the table as Asha. Wait for your turn.")
            asha.process.kill()  # kill -9: nothing said, nothing saved on the way out
            asha.wait()
        read_until(host, r"Asha has left the table; the seat is kept\.")
        with Terminal(*args, env=own) as asha:
            asha.expect("Welcome back, Asha.")
            asha.process.kill()
            asha.wait()
        read_until(host, r"Asha has left the table; the seat is kept\.")
        forgotten = CliRunner().invoke(main, ["progress", "--yes", "--forget", "Asha",
                                              "--data-dir", own["SNL_DATA_DIR"]])
        assert forgotten.exit_code == 0, forgotten.output
        with Terminal(*args, env=own) as asha:  # forgotten: the seat waits for the teacher
            asha.expect("The seat of Asha is kept for Asha. If it is yours, ask the teacher")
    assert b"asha" not in b"".join(path.read_bytes().lower() for path in
                                   (tmp_path / "asha-computer").rglob("*") if path.is_file())


def test_a_host_whose_input_is_at_its_end_waits_without_spinning() -> None:
    """nohup, or < /dev/null: every read says "ended" at once; asked again and again that
    was 194 CPU ticks in 10 s of an idle table."""
    import threading

    from snl_edu.inputs.commands import Action, Command
    from snl_edu.table.hosting import _teacher_keys
    from snl_edu.table.seats import TableControl

    asked: list[float] = []

    class AtItsEnd:
        def next_command(self, timeout: float | None = None) -> Command:
            asked.append(time.monotonic())
            return Command(Action.END)

    control = TableControl()
    waiting = threading.Event()
    wait = control.ended.wait

    def watched_wait(timeout: float | None = None) -> bool:
        waiting.set()
        return wait(timeout)

    control.ended.wait = watched_wait  # type: ignore[method-assign]
    table = type("Table", (), {"control": control})()
    keys = threading.Thread(target=_teacher_keys, daemon=True,
                            args=(table, AtItsEnd(), lambda: None, None))
    keys.start()
    deadline = time.monotonic() + WAIT
    while not waiting.is_set() and len(asked) < 1000 and time.monotonic() < deadline:
        waiting.wait(0.01)
    control.end()
    keys.join(WAIT)
    assert waiting.is_set() and len(asked) == 1, len(asked)
