"""The teacher sees the class: what a child answers at her own terminal is kept on the
teacher's computer too, so `snl progress --class` there counts every seat's practice beside
its check-ups; what a hostile computer sends there keeps nothing of anyone else's."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from websockets.sync.client import connect

from snl_edu.cli import main
from snl_edu.inputs.commands import Action, Command
from snl_edu.store import open_store
from snl_edu.store.progress import ProgressStore
from snl_edu.table import wire_requests
from snl_edu.table.client import TableClient
from snl_edu.table.host import Table
from snl_edu.vocabulary import AnswerRecord
from tests.checkup.classroom import checkup
from tests.table.helpers import CODE, WAIT, Child, open_table, table_options

pytestmark = pytest.mark.slow


class AnswersRight:
    """A child who rolls in her turn once it has been said, and answers each question
    right once it is asked."""

    interactive = True

    def __init__(self, client: TableClient) -> None:
        self.client = client
        self.stopped = threading.Event()

    def next_command(self, timeout: float | None = None) -> Command | None:
        if self.stopped.wait(0.05):
            return Command(Action.END)
        go = self.client.listener.go  # her go (level 1): where her token lands, said right
        if go is not None and go.result is None:
            return Command.answer(go.walk.landing)
        teacher = self.client.teacher
        asking = teacher.asker.asking if teacher is not None and teacher.asker else None
        if asking is not None and self.client.listener.question_open:
            return Command.answer(asking.answer)
        return Command(Action.ROLL) if self.client.turn_said.is_set() else None


def from_another_computer(table: Table) -> Callable[[], socket.socket]:
    """The child's computer at 127.0.0.2 (loopback stands for the classroom's network)."""
    assert table.address is not None
    return lambda: socket.create_connection(table.address, timeout=WAIT,  # type: ignore[arg-type]
                                            source_address=("127.0.0.2", 0))


def kept_answers(data: Path, name: str) -> list[AnswerRecord]:
    store = open_store(data)
    try:
        return ProgressStore(store).answers(name)
    finally:
        store.close()


def until(found: Callable[[], Any], what: Callable[[], str]) -> Any:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        value = found()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(what())


def test_answers_at_a_childs_terminal_are_kept_on_the_teachers_computer(
        tmp_path: Path) -> None:
    teacher, asha_computer = tmp_path / "teacher", tmp_path / "asha"
    checkup(teacher, "Asha", 0, 0.8, False)  # her first check-up, on the teacher's computer
    options = replace(table_options(teacher, players=("Asha",)), lessons="every", level=1,
                      history="off")
    with open_table(options) as (table, _, _):
        asha = Child(table, "Asha", start=False, data_dir=str(asha_computer))
        asha.client.relay = from_another_computer(table)
        asha.keys = AnswersRight(asha.client)  # type: ignore[assignment]
        asha.start()
        kept = until(lambda: kept_answers(teacher, "Asha"),
                     lambda: f"no answers kept at the teacher's: {asha.log.lines[-6:]}, {asha.error}")
        asha.leave()
    own = kept_answers(asha_computer, "Asha")  # her computer keeps hers too, as before
    assert [a.question for a in kept] == [a.question for a in own[:len(kept)]]
    assert all(a.correct and a.mode == "table" and a.language == "en" for a in kept)
    report = CliRunner().invoke(main, ["progress", "--class", "--csv", "--data-dir",
                                       str(teacher)])
    assert report.exit_code == 0, report.output
    rows = [row for row in csv.DictReader(io.StringIO(report.output))
            if row["learner"] == "Asha"]
    assert rows and all(int(row["questions"]) == len(kept) for row in rows), report.output
    table = CliRunner().invoke(main, ["progress", "--class", "--data-dir", str(teacher)])
    header, _, asha_row = table.output.splitlines()[:3]
    assert "Questions answered" in header  # her practice at the table, beside her check-up
    assert asha_row.split()[0] == "Asha" and asha_row.split()[-2] == str(len(kept))
    forgotten = CliRunner().invoke(main, ["progress", "--forget", "Asha", "--yes",
                                          "--data-dir", str(teacher)])
    assert forgotten.exit_code == 0, forgotten.output
    assert kept_answers(teacher, "Asha") == []


def answer(who: str, **changed: object) -> dict[str, Any]:
    data = wire_requests.Answered(who, "en", AnswerRecord(
        kind="next-number", level=1, question="What number comes after 4?", expected=5,
        given=5, correct=True, tries=1, skipped=False, seconds=2.5)).data()
    return {**data, **changed}


class Script:
    """A script, not the game, seated as Asha from her computer's address (127.0.0.2)."""

    def __init__(self, table: Table, closing: contextlib.ExitStack,
                 token: str | None = None) -> None:
        assert table.address is not None
        sock = socket.create_connection(table.address, timeout=WAIT,
                                        source_address=("127.0.0.2", 0))
        self.socket = closing.enter_context(connect(
            f"ws://127.0.0.1:{table.address[1]}", sock=sock, open_timeout=WAIT,
            compression=None))
        self.send({"type": "join", "code": CODE, "name": "Asha", "token": token})
        welcome = self.reply()
        assert welcome["type"] == "welcome", welcome
        self.token: str = welcome["token"]

    def send(self, message: dict[str, Any]) -> None:
        self.socket.send(json.dumps(message))

    def reply(self) -> dict[str, Any]:
        while True:
            message: dict[str, Any] = json.loads(self.socket.recv(timeout=WAIT))
            if message["type"] in ("welcome", "refused"):
                return message


def test_a_hostile_computer_keeps_no_answers_but_its_own_and_few_of_those(
        tmp_path: Path) -> None:
    with open_table(table_options(tmp_path, players=("Asha", "Bikash"))) as (table, _, _), \
            contextlib.ExitStack() as closing:
        bikash = Child(table, "Bikash", stop_after=0)  # at his own computer, never rolling
        asha = Script(table, closing)
        asha.send(answer("Bikash"))  # someone else's: let go without a word
        malformed = [answer("Asha", correct=False),  # right, said to be wrong
                     answer("Asha", given=None),  # tried, with nothing given
                     answer("Asha", skipped=True),  # skipped, said to be right
                     answer("Asha", kind="pick-a-lock"), answer("Asha", language="xx"),
                     answer("Asha", question="x" * (wire_requests.MAX_QUESTION + 1)),
                     answer("Asha", tries=4), answer("Asha", seconds=-1),
                     answer("Asha", seconds=float("nan")), answer("Asha", expected=10**9),
                     answer("Asha", focus="5"), answer("Asha", name=["Asha"])]
        for number, message in enumerate(malformed):
            if number and number % 2 == 0:  # three bad ones close the connection
                asha.socket.close()
                asha = Script(table, closing, asha.token)
            asha.send(message)
            assert asha.reply()["reason"] == "malformed", message
        asha.socket.close()
        asha = Script(table, closing, asha.token)
        for _ in range(20):  # a flood of her own: one is owed before her seat's first roll
            asha.send(answer("Asha"))
        asha.send({"type": "command", "action": "nonsense"})  # answered after the flood
        assert asha.reply()["reason"] == "malformed"
        asha.socket.close()
        bikash.leave()
    assert kept_answers(tmp_path, "Bikash") == []
    assert len(kept_answers(tmp_path, "Asha")) == 1
