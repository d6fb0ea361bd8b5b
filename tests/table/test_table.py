"""The classroom table with real servers and clients on loopback (127.0.0.1 only)."""

from __future__ import annotations

import contextlib
import json
import re
import secrets
import threading
import time
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from snl_edu.app.options import LATEST
from snl_edu.inputs.commands import Action, Command
from snl_edu.table import codes
from snl_edu.table.turn_clock import Signal

from .helpers import CODE, WAIT, Child, RollWhenAsked, open_table, table_options

pytestmark = pytest.mark.slow


def game_over(lines: list[str]) -> bool:
    return any(line == "The table has closed." or line == "टेबल बन्द भयो।" for line in lines)


def test_two_children_in_two_languages_play_one_game_to_the_end(tmp_path: Path) -> None:
    with open_table(table_options(tmp_path)) as (table, host_log, runner):
        asha = Child(table, "Asha", "en")
        bikash = Child(table, "bikash", "ne")  # names match whatever the case
        runner.join(WAIT)
        assert not runner.is_alive()
        for child in (asha, bikash):
            child.join_thread()
            assert child.error is None
    # The table rolled; each child heard every roll in its own language.
    host_rolls = [line for line in host_log.lines if " rolled a " in line]
    asha_rolls = [line for line in asha.log.lines if " rolled a " in line]
    assert host_rolls == asha_rolls and len(host_rolls) > 10
    nepali_rolls = [line for line in bikash.log.lines if "पासामा" in line]
    assert len(nepali_rolls) == len(host_rolls)
    assert not any(re.search(r"[0-9]", line) for line in nepali_rolls)  # Devanagari digits
    assert any("कम्प्युटर" in line for line in bikash.log.lines)  # the computer, in Nepali
    assert any(line.startswith("Place 1:") for line in asha.log.lines)
    assert table.game.over


def test_a_wrong_code_is_refused_and_guessing_in_a_loop_gets_nowhere(tmp_path: Path) -> None:
    with open_table(table_options(tmp_path)) as (table, _, _):
        for _ in range(codes.WRONG_TRIES):
            wrong = Child(table, "Asha", code="AAAA-AAAA")
            wrong.join_thread()
            assert wrong.error is not None and "code" in str(wrong.error.message)
        right_but_blocked = Child(table, "Asha")
        right_but_blocked.join_thread()
        assert "Too many wrong codes" in str(right_but_blocked.error.message)  # type: ignore


def raw(table, message: object) -> list[dict[str, object]]:  # type: ignore[no-untyped-def]
    """Send one raw message as a hostile client would; return what came back."""
    host, port = table.address
    replies = []
    with connect(f"ws://{host}:{port}", compression=None, proxy=None) as connection:
        connection.send(message if isinstance(message, str) else json.dumps(message))
        with contextlib.suppress(TimeoutError, ConnectionClosed):
            while True:
                replies.append(json.loads(connection.recv(timeout=2)))
    return replies


@pytest.mark.parametrize("message", [
    "not json", "[]", "{}", json.dumps({"type": "join"}),
    json.dumps({"type": "join", "code": CODE, "name": 5}),
    json.dumps({"type": "join", "code": CODE, "name": "x" * 5000}),
    json.dumps({"type": "command", "action": "roll"}),  # no join first
    "[" * 100_000,
])
def test_malformed_and_oversized_messages_are_refused(tmp_path: Path, message: str) -> None:
    with open_table(table_options(tmp_path)) as (table, _, _):
        replies = raw(table, message)
        assert all(reply.get("type") == "refused" for reply in replies)
        assert not any(chair.peer for chair in table.chairs)


def test_names_full_of_escape_codes_are_cleaned(tmp_path: Path) -> None:
    name = "\x1b]52;c;ZXZpbA==\x07\x1b[2JAsha"
    with open_table(table_options(tmp_path, players=(name,))) as (table, host_log, _):
        child = Child(table, name)
        host_log.wait_for(lambda lines: any("has joined" in line for line in lines))
        child.leave()
    assert not any("\x1b" in line or "\x07" in line for line in host_log.lines + child.log.lines)


def test_a_client_can_act_only_for_its_own_seat(tmp_path: Path) -> None:
    with open_table(table_options(tmp_path, computers=0)) as (table, host_log, _):
        asha = Child(table, "Asha", stop_after=0)  # Asha never rolls
        host, port = table.address  # type: ignore[misc]
        with connect(f"ws://{host}:{port}", compression=None, proxy=None) as bikash:
            bikash.send(json.dumps({"type": "join", "code": CODE, "name": "Bikash"}))
            assert json.loads(bikash.recv(timeout=WAIT))["type"] == "welcome"
            host_log.wait_for(lambda lines: any("Asha's turn." in line for line in lines))
            for _ in range(20):  # Bikash presses roll again and again during Asha's turn
                bikash.send(json.dumps({"type": "command", "action": "roll"}))
            bikash.send(json.dumps({"type": "command", "action": "answer", "number": 3}))
            bikash.send("not a command")  # answered in order: the presses are all handled
            replies = []
            while not replies or replies[-1].get("type") != "refused":
                replies.append(json.loads(bikash.recv(timeout=WAIT)))
            # The table is still waiting for Asha: nobody rolled for her.
            assert [r for r in replies if r.get("type") == "refused"] == [replies[-1]]
            assert not any(r.get("type") == "update" and len(r["game"]["rolls"])
                           for r in replies)
        assert not any(" rolled " in line for line in host_log.lines)
        # Nothing of Bikash's reached Asha's seat (her own computer's "said" may still wait)
        assert all(item is Signal.SAID
                   for item in list(table.chairs[0].source.commands.queue))
        asha.leave()


def test_a_dropped_child_keeps_the_seat_the_computer_covers_and_they_rejoin(
        tmp_path: Path) -> None:
    options = table_options(tmp_path, computers=0, turn_clock=0.3)
    with open_table(options) as (table, host_log, _):
        asha = Child(table, "Asha")
        bikash = Child(table, "Bikash", stop_after=1)
        bikash.log.wait_for(lambda lines: any(" rolled a " in line for line in lines))
        bikash.leave()  # Bikash's computer drops off the network mid-game
        host_log.wait_for(lambda lines: any("the computer rolls for Bikash" in line
                                            for line in lines))
        rolls_while_away = host_log.count("Bikash rolled")
        back = Child(table, "Bikash", token=bikash.client.token)  # his key: his seat
        back.log.wait_for(lambda lines: any("Welcome back, Bikash." in line for line in lines))
        back.log.wait_for(lambda lines: any("the table rolled for you" in line
                                            for line in lines))
        back.log.wait_for(lambda lines: any("Your turn" in line for line in lines))
        assert rolls_while_away >= 2
        asha.leave()
        back.leave()
    assert any("Bikash has left the table; the seat is kept." in line
               for line in host_log.lines)


def test_the_turn_clock_warns_then_rolls_for_a_child_who_waits(tmp_path: Path) -> None:
    options = table_options(tmp_path, players=("Asha",), computers=1, turn_clock=0.6)
    options = type(options)(**{**options.__dict__, "warning_before": 0.3})
    with open_table(options) as (table, host_log, _):
        asha = Child(table, "Asha", stop_after=0)
        # The warning says the table's own warning time (0.3 s: one second, whole).
        asha.log.wait_for(lambda lines: any("Asha, one second left to roll!" in line
                                            for line in lines))
        host_log.wait_for(lambda lines: any("Time is up: rolling for Asha." in line
                                            for line in lines))
        asha.log.wait_for(lambda lines: any("Asha rolled a" in line for line in lines))
        asha.leave()


def test_a_host_restart_resumes_the_same_game_with_the_same_seats(tmp_path: Path) -> None:
    with open_table(table_options(tmp_path)) as (table, _, runner):
        asha = Child(table, "Asha", stop_after=3)
        bikash = Child(table, "Bikash", stop_after=3)
        asha.log.wait_for(lambda lines: sum(" rolled a " in line for line in lines) >= 6)
        asha.keys.stopped.wait(0)  # type: ignore[union-attr]
        table.end()  # the teacher ends the table (or the host restarts)
        runner.join(WAIT)
        rolls = list(table.game.rolls)
        asha.leave()
        bikash.leave()
    assert rolls and not table.game.over
    again = table_options(tmp_path, resume=LATEST)
    with open_table(again) as (table2, _, runner2):
        assert list(table2.game.rolls) == rolls
        assert [s.name for s in table2.game.seats] == ["Asha", "Bikash", "Computer 1"]
        asha2, bikash2 = Child(table2, "Asha"), Child(table2, "Bikash")
        runner2.join(WAIT)
        assert table2.game.over and table2.game.rolls[:len(rolls)] == rolls
        asha2.join_thread()
        bikash2.join_thread()


def test_a_watcher_sees_the_board_and_where_everyone_is(tmp_path: Path) -> None:
    with open_table(table_options(tmp_path)) as (table, _, runner):
        projector = Child(table, "", watch=True)
        Child(table, "Asha")
        Child(table, "Bikash")
        runner.join(WAIT)
        projector.join_thread()
    lines = projector.log.lines
    assert lines[0].startswith("Watching the table")
    assert any(line.split()[:3] == ["100", "99", "98"] for line in lines)  # the grid
    assert any(line.startswith("Asha is on square") for line in lines)
    assert any(re.search(r"\b\d+[LS]?\(\d(,\d)*\)", line) for line in lines)  # tokens


def test_a_table_is_found_on_the_network_by_name_never_by_code(tmp_path: Path) -> None:
    from snl_edu.table.discovery import Announcement, look_for_tables

    found: list[tuple[str, str, int, str]] = []

    def announce_and_look(host: str, port: int) -> None:
        announced = Announcement(name, host, port, "Saanp Bharyang")  # loopback only
        try:
            # Other runs on this shared machine may announce tables of their own, and a look
            # ends soon after the first answer: look again until ours is among them.
            deadline = time.monotonic() + WAIT
            while name not in [entry[0] for entry in found] and time.monotonic() < deadline:
                found[:] = [(t.name, t.host, t.port, t.board)
                            for t in look_for_tables(via="127.0.0.1", seconds=15)]
        finally:
            announced.close()

    with open_table(table_options(tmp_path)) as (table, _, _):
        host, port = table.address  # type: ignore[misc]
        name = f"Class {secrets.token_hex(4)}"  # no other test run on this machine has it
        # In a thread of its own: zeroconf takes a running event
        # loop of its thread for its own, and a browser test before this one in the same
        # process leaves Playwright's loop marked running on the main thread, never turned.
        looking = threading.Thread(target=announce_and_look, args=(host, port))
        looking.start()
        looking.join()
    assert (name, "127.0.0.1", port, "Saanp Bharyang") in found
    assert not any(CODE.replace("-", "") in "".join(map(str, entry)) for entry in found)


def test_the_hosts_projector_view_and_starting_without_everyone(tmp_path: Path) -> None:
    options = table_options(tmp_path, players=("Asha", "Bikash"), computers=0, turn_clock=0.3)
    options = type(options)(**{**options.__dict__, "show": True})
    with open_table(options) as (table, host_log, _):
        asha = Child(table, "Asha")  # Bikash is not here today: the teacher starts anyway
        table.start_now()
        host_log.wait_for(lambda lines: any(line.split()[:3] == ["100", "99", "98"]
                                            for line in lines))
        host_log.wait_for(lambda lines: any("Time is up: rolling for Bikash." in line
                                            for line in lines))
        assert any(line.startswith("Asha is on square") for line in host_log.lines)
        # Each token on the board is marked on the grid, and the grid says whose is which.
        host_log.wait_for(lambda lines: any(re.search(r"\b\d+[LS]?\((1|2)(,\d)?\)", line)
                                            for line in lines))
        assert "In brackets, each player's number: (1) Asha, (2) Bikash." in host_log.lines
        asha.leave()


class SkipsQuestions(RollWhenAsked):
    """A child at the table who rolls when it is their turn and says "skip" to questions."""

    interactive = False

    def next_command(self, timeout: float | None = None) -> Command | None:
        if self.stopped.is_set():
            return Command(Action.END)
        questions = self.log.count("A question for")
        if questions > self.skipped:
            self.skipped += 1
            return Command(None, "skip")
        return super().next_command(0.1)

    skipped = 0


def test_lessons_are_asked_on_the_childs_own_computer_and_kept_in_its_progress(
        tmp_path: Path) -> None:
    from snl_edu.store import open_store
    from snl_edu.store.progress import ProgressStore

    asha_data = tmp_path / "asha-computer"
    with open_table(table_options(tmp_path / "host", players=("Asha",), computers=1)) as (
            table, host_log, _):
        asha = Child(table, "Asha", start=False, lessons="every", data_dir=str(asha_data))
        asha.keys = SkipsQuestions(asha.log, asha.keys.prompt)  # type: ignore[union-attr]
        asha.start()
        asha.log.wait_for(lambda lines: sum("we will skip this one" in line
                                            for line in lines) >= 2)
        asha.leave()
    assert not any("A question for" in line for line in host_log.lines)  # not on the host
    with open_store(asha_data) as store:
        answers = ProgressStore(store).answers("Asha")
    assert len(answers) >= 2 and all(answer.skipped for answer in answers[:2])


def test_a_new_child_at_the_table_hears_her_moves_counted_on_and_a_level_two_child_does_not(
        tmp_path: Path) -> None:
    """As in ``snl play``: a child with no record learns at level 1, so at her own computer
    her roll is tapped and her move counted on aloud from her square; the computer's moves,
    and a child asked at level 2, are told plainly. (The level is decided where her progress
    is kept; the moves are told on the network's thread.)"""
    seen = {}
    for level in (None, 2):
        with open_table(table_options(tmp_path / f"host{level}", players=("Asha",))) as (
                table, _, _):
            asha = Child(table, "Asha", start=False, lessons="every", level=level,
                         data_dir=str(tmp_path / f"asha{level}"))
            asha.keys = SkipsQuestions(asha.log, asha.keys.prompt)  # type: ignore[union-attr]
            asha.start()
            asha.log.wait_for(lambda lines: sum(line.startswith("Asha moves from")
                                                for line in lines) >= 2)
            asha.leave()
        seen[level] = asha.log.lines
    lines = seen[None]
    counted = [i for i, line in enumerate(lines) if line.startswith("Counting on from")]
    moved = [i for i, line in enumerate(lines) if line.startswith("Asha moves from")]
    assert counted and [i + 1 for i in counted] == moved[:len(counted)]
    start, end = re.match(r"Asha moves from (\d+) to (\d+)\.", lines[moved[0]]).groups()
    words = asha.loc.words
    assert lines[counted[0]] == "Counting on from {}: {}.".format(
        words(int(start)), ", ".join(words(s) for s in range(int(start) + 1, int(end) + 1)))
    assert not any(line.startswith("Counting") for line in seen[2])


def test_a_busy_computer_slow_to_announce_still_hosts(monkeypatch: pytest.MonkeyPatch) -> None:
    """zeroconf gives up waiting for its own thread on a loaded computer (EventLoopBlocked)
    while it goes on announcing: the table opens all the same."""
    import zeroconf

    from snl_edu.table.discovery import Announcement

    def slow(*_: object, **__: object) -> None:
        raise zeroconf.EventLoopBlocked

    monkeypatch.setattr(zeroconf.Zeroconf, "register_service", slow)
    announced = Announcement("Class 4", "127.0.0.1", 9, "Saanp Bharyang")
    announced.zeroconf.close()
