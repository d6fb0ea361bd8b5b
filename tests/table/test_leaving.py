"""What a new user met at the table, tried in real terminals: leaving, questions, the turn clock,
pausing, joining. Real tables and clients on loopback."""

from __future__ import annotations

import itertools
import json
import re
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from websockets.sync.client import connect

from snl_edu.error_text import describe
from snl_edu.inputs.commands import Action, Command, parse_key
from snl_edu.inputs.gestures import your_turn
from snl_edu.table.client import TableClient
from snl_edu.table.host import Table
from snl_edu.table.seats import AWAY_CLOCK
from snl_edu.table.wire import Notice
from snl_edu.vocabulary import Message

from .helpers import CODE, WAIT, Child, LineLog, RollWhenAsked, open_table, table_options

pytestmark = pytest.mark.slow


class LeavesAtTheirTurn(RollWhenAsked):
    """A child who presses q in their turn, says no once, then q again and yes."""

    interactive = True

    def __init__(self, log: LineLog, prompt: str, question: str) -> None:
        super().__init__(log, prompt)
        self.question = question
        self.keys = [Action.QUIT, Action.NO, Action.QUIT, Action.YES]

    def next_command(self, timeout: float | None = None) -> Command | None:
        if not self.keys:
            self.stopped.wait(timeout)
            return None
        if self.keys[0] is Action.QUIT:
            self.log.wait_for(lambda lines: any(self.prompt in line for line in lines))
        else:
            asked = 1 if len(self.keys) == 3 else 2
            self.log.wait_for(lambda lines: sum(self.question in line
                                                for line in lines) >= asked)
        return Command(self.keys.pop(0))


@pytest.mark.parametrize("language", ["en", "ne"])
def test_a_childs_q_asks_that_child_and_leaving_keeps_the_seat_and_the_table(
        tmp_path: Path, language: str) -> None:
    options = table_options(tmp_path, players=("Asha", "Chandra"), computers=0)
    with open_table(options) as (table, host_log, runner):
        asha = Child(table, "Asha", language, start=False)
        _ = asha.loc.gettext
        asha.keys = LeavesAtTheirTurn(asha.log, your_turn(asha.loc),
                                      _("Leave the table? Press y for yes or n for no."))
        asha.start()
        chandra = Child(table, "Chandra")
        asha.join_thread()  # her client ends: she left
        host_log.wait_for(lambda lines: any("Asha has left the table; the seat is kept."
                                            in line for line in lines))
        assert runner.is_alive() and not table.control.ended.is_set()  # the table plays on
        # Her seat is hers: by name alone she (or anyone) comes back only with the
        # teacher's yes, which the host asks for.
        refused = Child(table, "Asha")
        refused.join_thread()
        assert refused.error is not None and "let you back in" in refused.error.message
        host_log.wait_for(lambda lines: any("Asha asked to come back without their key"
                                            in line for line in lines))
        assert table.let_back_in() == ["Asha"]
        back = Child(table, "Asha")  # and she comes back to her seat
        back.log.wait_for(lambda lines: any("Welcome back, Asha." in line for line in lines))
        back.log.wait_for(lambda lines: any(" rolled a " in line for line in lines))
        assert table.let_back_in() == []  # the teacher's yes was for that one join
        back.leave()
        chandra.leave()
    said = asha.log.lines
    assert _("Let us play on.") in said
    come_back = _("You have left the table; your seat is kept for you. To come back, "
                  "ask the teacher to let you back in, then type: {command}").format(
        command="snl table join ")
    assert any(line.startswith(come_back) and line.endswith(f"{CODE} --name Asha")
               for line in said), said[-3:]
    assert not any("Quit the game" in line for line in host_log.lines)
    assert not any("The table has closed" in line or "टेबल बन्द" in line for line in said)


def test_the_table_refuses_a_quit_a_yes_or_an_end_from_any_client(tmp_path: Path) -> None:
    options = table_options(tmp_path, players=("Asha", "Bikash"), computers=0)
    with open_table(options) as (table, host_log, runner):
        host, port = table.address  # type: ignore[misc]
        with connect(f"ws://{host}:{port}", compression=None, proxy=None) as asha:
            asha.send(json.dumps({"type": "join", "code": CODE, "name": "Asha"}))
            assert json.loads(asha.recv(timeout=WAIT))["type"] == "welcome"
            bikash = Child(table, "Bikash", stop_after=0)
            host_log.wait_for(lambda lines: any("Asha's turn." in line for line in lines))
            replies = []
            for action in ("quit", "yes", "end"):  # in her own turn, as a hostile client
                asha.send(json.dumps({"type": "command", "action": action}))
                while not replies or replies[-1].get("type") != "refused":
                    replies.append(json.loads(asha.recv(timeout=WAIT)))
                replies.append({})
            assert runner.is_alive() and not table.control.ended.is_set()
            assert not any("Quit the game" in line or "saved" in line
                           for line in host_log.lines)
            bikash.leave()


@pytest.mark.parametrize("language", ["en", "ne"])
def test_an_open_question_gives_way_to_the_childs_own_turn(tmp_path: Path,
                                                           language: str) -> None:
    options = table_options(tmp_path / "host", players=("Asha",), computers=1)
    with open_table(options) as (table, host_log, runner):
        asha = Child(table, "Asha", language, lessons="every", data_dir=str(tmp_path / "a"))
        _ = asha.loc.gettext
        skipped = _("That is fine, we will skip this one. The answer was {answer}.").split(
            "{")[0]
        asha.log.wait_for(lambda lines: sum(line.startswith(skipped) for line in lines) >= 2)
        asha.log.wait_for(lambda lines: asha.keys.answered >= 3)  # type: ignore[union-attr]
        table.end()  # the teacher ends the table while a question may be open
        runner.join(WAIT)
        asha.join_thread()  # the client ends with the table
    assert not any("Time is up" in line for line in host_log.lines)  # she rolled herself
    prompt = your_turn(asha.loc)
    lines = asha.log.lines
    first = next(i for i, line in enumerate(lines) if line.startswith(skipped))
    assert prompt in lines[:first]  # told it is her turn while the question was open
    rolled = {"en": "Asha rolled a ", "ne": "Asha को पासामा"}[language]
    assert any(line.startswith(rolled) for line in lines[first:])


def test_a_team_mates_roll_is_not_blocked_by_the_others_open_question(tmp_path: Path) -> None:
    options = table_options(tmp_path / "host", players=(), teams=("Asha+Bikash",),
                            computers=1)
    with open_table(options) as (table, host_log, _):
        team = Child(table, "Asha+Bikash", lessons="every", data_dir=str(tmp_path / "t"))
        team.log.wait_for(lambda lines: sum("A question for Asha" in line for line in lines)
                          >= 1 and sum("A question for Bikash" in line for line in lines) >= 1)
        team.log.wait_for(lambda lines: sum("Bikash rolled a" in line for line in lines) >= 2)
        team.leave()
    assert not any("Time is up" in line for line in host_log.lines)


LOOK = 0.02  # how often a pretend child looks at the screen again


def until(done: Callable[[], bool], what: str) -> None:
    """Wait (with a deadline) for the client to reach a state; the outcome is asserted after."""
    deadline = time.monotonic() + WAIT
    while not done():
        assert time.monotonic() < deadline, what
        threading.Event().wait(0.01)


class AnswersWhenTheTableHasMovedOn(RollWhenAsked):
    """Asha: rolls when asked to; a question she leaves open until her computer has said
    Bikash's roll and Chandra leaving (both happen while she thinks) with her question below
    them, then puts it aside. Her keyboard is read as a child's is: a little at a time."""

    def __init__(self, log: LineLog, prompt: str, client: TableClient,
                 meanwhile: Callable[[], None], left: str) -> None:
        super().__init__(log, prompt)
        self.client = client
        self.meanwhile = meanwhile
        self.left = left
        self.before_answering: list[str] = []

    def next_command(self, timeout: float | None = None) -> Command | None:
        if self.log.count("A question for Asha") <= len(self.before_answering):
            return super().next_command(timeout)
        if len(self.client.game.rolls) >= 2 and not self.gone:  # type: ignore[union-attr]
            self.gone = True
            self.meanwhile()  # Bikash has rolled: Chandra leaves while Asha thinks
        lines = self.log.lines
        prompt = lines[lines.index("A question for Asha:") + 1]
        if self.left in lines and lines[-1] == prompt:
            self.before_answering.append("\n".join(lines))
            return Command(Action.SKIP)
        threading.Event().wait(min(timeout or LOOK, LOOK))  # a key not yet pressed
        return None

    gone = False


def test_a_question_comes_right_after_the_childs_move_and_stays_below_what_comes(
        tmp_path: Path) -> None:
    """The question came after the next turn was called, mixed with
    other children's moves; a listening child heard it buried in them. Now it comes right
    after her move, and whatever the table says while she thinks is said with the question
    again below it."""
    options = table_options(tmp_path / "host", players=("Asha", "Bikash", "Chandra"),
                            computers=0)
    left = "Chandra has left the table; the seat is kept."
    with open_table(options) as (table, _log, _):
        asha = Child(table, "Asha", start=False, lessons="every", data_dir=str(tmp_path / "a"))
        chandra: list[Child] = []
        keys = AnswersWhenTheTableHasMovedOn(asha.log, your_turn(asha.loc), asha.client,
            lambda: chandra[0].leave(), left)
        asha.keys = keys
        asha.start()
        bikash = Child(table, "Bikash")
        chandra.append(Child(table, "Chandra", stop_after=0))  # the table then waits for her
        asha.log.wait_for(lambda lines: any("we will skip this one" in line for line in lines))
        for child in (asha, bikash):
            child.leave()
    lines = asha.log.lines
    question = lines.index("A question for Asha:")
    prompt = lines[question + 1]
    assert lines[question - 3].startswith("Asha rolled a 5")  # her move, then her question
    assert lines[question - 2].startswith("Asha, your go!")  # (left to the game: Enter)
    assert lines[question - 1] == "Asha comes onto the board at square 5."
    # While she thought, Bikash rolled and Chandra left: said, and her question below them.
    thinking = keys.before_answering[0].splitlines()
    assert thinking[-1] == prompt and left in thinking
    skipped = next(i for i, line in enumerate(lines) if "we will skip this one" in line)
    climbed = lines.index("Bharyang! Bikash climbs the ladder from 3 to 22.")
    card = next(i for i, line in enumerate(lines) if line.startswith("From the history"))
    # His ladder's history card comes with his move, before the next turn is called.
    assert question < lines.index("Bikash's turn.") < climbed < card \
        < lines.index("Chandra's turn.") < lines.index(left) < skipped
    assert lines[climbed + 1: card] == [] and lines[lines.index(left) + 1] == prompt


class RollsWhenAshaIsAsked(RollWhenAsked):
    """Bikash: rolls when it is his turn and Asha's question is open at her computer."""

    def __init__(self, log: LineLog, prompt: str, asha: TableClient) -> None:
        super().__init__(log, prompt)
        self.asha = asha

    def next_command(self, timeout: float | None = None) -> Command | None:
        command = super().next_command(timeout)
        if command is not None and command.action is Action.ROLL:
            until(lambda: self.asha.listener.question_open, "Asha was never asked")
        return command


def test_a_turn_called_while_a_question_is_open_is_said_at_once_and_enter_rolls(
        tmp_path: Path) -> None:
    options = table_options(tmp_path / "host", players=("Asha", "Bikash"), computers=0)
    with open_table(options) as (table, _log, _):
        asha = Child(table, "Asha", lessons="every", history="off",
                     data_dir=str(tmp_path / "a"))
        bikash = Child(table, "Bikash", start=False)
        bikash.keys = RollsWhenAshaIsAsked(bikash.log, bikash.keys.prompt,  # type: ignore[union-attr]
                                           asha.client)
        bikash.start()
        asha.log.wait_for(lambda lines: sum(line.startswith("Asha rolled") for line in lines)
                          >= 2)  # her Enter put the question aside and rolled
        for child in (asha, bikash):
            child.leave()
    lines = asha.log.lines
    question = lines.index("A question for Asha:")
    prompts = [i for i, line in enumerate(lines) if line.startswith("Your turn")]
    assert lines.index("Bikash's turn.") < prompts[1]  # up to date, then her turn
    assert question < prompts[1] < next(
        i for i, line in enumerate(lines) if "we will skip this one" in line)


class KeysThatWaitForTheEnd(RollWhenAsked):
    """A computer whose keys are busy: after the first roll nothing comes until the end."""

    def __init__(self, log: LineLog, prompt: str, client: TableClient) -> None:
        super().__init__(log, prompt)
        self.client = client

    def next_command(self, timeout: float | None = None) -> Command | None:
        if self.answered:
            self.client.ended.wait(WAIT)
            return Command(Action.END)
        return super().next_command(timeout)


def test_what_the_table_said_behind_a_lesson_not_begun_is_said_when_the_table_closes(
        tmp_path: Path) -> None:
    # A clock: her busy keys never take her go, which the table waits for as for a roll.
    options = table_options(tmp_path / "host", players=("Asha",), computers=1, turn_clock=1.0)
    with open_table(options) as (table, host_log, runner):
        asha = Child(table, "Asha", start=False, lessons="every", data_dir=str(tmp_path / "a"))
        asha.keys = KeysThatWaitForTheEnd(asha.log, asha.keys.prompt,  # type: ignore[union-attr]
                                          asha.client)
        asha.start()
        host_log.wait_for(lambda lines: lines.count("Asha's turn.") >= 2)
        table.end()
        runner.join(WAIT)
        asha.join_thread()
    lines = asha.log.lines
    assert any(line.startswith("Computer 1 rolled") for line in lines)
    assert lines[-1] == "The table has closed."


class SlowVoice:
    """A child's computer that speaks: "your turn" takes as long as the test holds it."""

    def __init__(self, console: object, prompt: str) -> None:
        self.console = console
        self.prompt = prompt
        self.saying = threading.Event()
        self.done = threading.Event()
        self.said_at = 0.0

    def show(self, message: Message) -> None:
        self.console.show(message)  # type: ignore[attr-defined]
        if message.text == self.prompt and not self.said_at:  # her first turn
            self.saying.set()
            self.done.wait(WAIT)
            self.said_at = time.monotonic()

    def flush(self) -> None:
        self.console.flush()  # type: ignore[attr-defined]

    def echo(self, text: str) -> None:
        self.console.echo(text)  # type: ignore[attr-defined]


@pytest.mark.parametrize("language", ["en", "ne"])
def test_the_turn_clock_runs_from_the_notice_with_a_grace_for_a_computer_still_saying_it(
        tmp_path: Path, language: str) -> None:
    clock = 0.5
    options = table_options(tmp_path, players=("Asha",), computers=1, turn_clock=clock)
    options = type(options)(**{**options.__dict__, "warning_before": 0.2})
    with open_table(options) as (table, host_log, _):
        asha = Child(table, "Asha", language, start=False, stop_after=0)  # she never rolls
        voice = SlowVoice(asha.client.console, your_turn(asha.loc))
        asha.client.console = voice  # type: ignore[assignment]
        asha.start()
        voice.saying.wait(WAIT)
        saying_from = time.monotonic()
        # Still saying it, three clocks long (within the grace): the table has not rolled
        # for her.
        voice.done.wait(3 * clock)
        assert not any("Time is up" in line for line in host_log.lines)
        voice.done.set()
        host_log.wait_for(lambda lines: any("Time is up: rolling for Asha." in line
                                            for line in lines))
        rolled_at = time.monotonic()
        time_up = asha.loc.gettext("Time is up: rolling for {name}.").format(name="Asha")
        asha.log.wait_for(lambda lines: time_up in lines)  # her computer says it too
        asha.leave()
    # Her time ran from the turn's notice: said late, the turn is rolled for at once,
    # never a whole clock more (a page's turns waited up to 60 s so).
    assert rolled_at - saying_from >= 3 * clock
    assert rolled_at - voice.said_at < clock


@pytest.mark.parametrize("language", ["en", "ne"])
def test_a_pause_stops_the_turn_clock_and_the_host_says_so(tmp_path: Path,
                                                          language: str) -> None:
    clock = 0.6
    options = table_options(tmp_path, players=("Asha",), computers=1, turn_clock=clock)
    options = type(options)(**{**options.__dict__, "warning_before": 0.2})
    with open_table(options) as (table, host_log, _):
        seat = table.chairs[0].source
        tell = seat.tell

        def pause_at_the_warning(notice: Notice) -> None:
            """The teacher pauses as the table first warns Asha: her time almost out."""
            tell(notice)
            if notice is Notice.WARNING and seat.tell is pause_at_the_warning:
                seat.tell = tell
                table.pause()

        seat.tell = pause_at_the_warning
        asha = Child(table, "Asha", language, stop_after=0)  # she never rolls
        _ = asha.loc.gettext
        warning = asha.loc.ngettext("{name}, {seconds} second left to roll!",
                                    "{name}, {seconds} seconds left to roll!", 1).format(
            name="Asha", seconds=asha.loc.words(1))
        asha.log.wait_for(lambda lines: warning in lines)
        host_log.wait_for(lambda lines: "The teacher has paused the game." in lines)
        asha.log.wait_for(lambda lines: _("The teacher has paused the game.") in lines)
        threading.Event().wait(3 * clock)  # a long pause (a right table never rolls in it)
        assert not any("Time is up" in line for line in host_log.lines)
        resumed_at = time.monotonic()
        table.resume()
        host_log.wait_for(lambda lines: "The game goes on." in lines)
        asha.log.wait_for(lambda lines: _("The game goes on.") in lines)
        host_log.wait_for(lambda lines: any("Time is up: rolling for Asha." in line
                                            for line in lines))
        rolled_at = time.monotonic()
        asha.leave()
    assert rolled_at - resumed_at >= clock  # her whole time again after the pause


class RollsWhenLet(RollWhenAsked):
    """A child who rolls each time she is asked, once the test lets her."""

    def __init__(self, log: LineLog, prompt: str, said: threading.Event,
                 let: threading.Event) -> None:
        super().__init__(log, prompt, said=said)
        self.let = let

    def next_command(self, timeout: float | None = None) -> Command | None:
        if not self.let.wait(timeout or WAIT):
            return None
        return super().next_command(timeout)


def test_with_the_turn_clock_off_a_child_back_in_her_turn_is_never_warned_or_rolled_for(
        tmp_path: Path) -> None:
    """Tried at a real table with --turn-clock 0: Asha quit and joined again while her turn
    waited for her, and half a minute later the host and Asha printed "Asha, five seconds
    left to roll!": the turn begun while she was away kept the clock it waits an absent
    child, after she was back. Her seat's clock is the test's, so those seconds pass at
    once; no second of real time decides it."""
    options = table_options(tmp_path, players=("Asha", "Dipa"), computers=1, turn_clock=0)
    with open_table(options) as (table, host_log, _):
        now = [0.0]
        seat = table.chairs[0].source
        seat.monotonic = lambda: now[0]
        asha = Child(table, "Asha", stop_after=1)
        dipa_may, asha_may = threading.Event(), threading.Event()
        dipa = Child(table, "Dipa", start=False)
        dipa.keys = RollsWhenLet(dipa.log, dipa.keys.prompt,  # type: ignore[union-attr]
                                 dipa.client.turn_said, dipa_may)
        dipa.start()
        host_log.wait_for(lambda lines: "Dipa's turn." in lines)
        asha.leave()  # Ctrl-C in Dipa's turn
        host_log.wait_for(lambda lines: "Asha has left the table; the seat is kept." in lines)
        dipa_may.set()
        host_log.wait_for(lambda lines: lines.count("Asha's turn.") == 2)  # begun while away
        back = Child(table, "Asha", token=asha.client.token, start=False)
        back.keys = RollsWhenLet(back.log, back.keys.prompt,  # type: ignore[union-attr]
                                 back.client.turn_said, asha_may)
        back.start()
        back.log.wait_for(lambda lines: "Welcome back, Asha." in lines
                          and back.keys.prompt in lines)  # type: ignore[union-attr]
        for seconds in (26.0, 31.0):  # past the warning, then past any clock of 30 s
            now[0] = seconds
            seat.wake()
        asha_may.set()  # her roll comes after both, so the seat has read its clock by then
        host_log.wait_for(lambda lines: sum(line.startswith("Asha rolled") for line in lines)
                          == 2)
        back.leave()
        dipa.leave()
    after = host_log.lines[host_log.lines.index("Asha is back at the table."):]
    assert not any("left to roll" in line or "Time is up" in line for line in after), after


def test_with_the_turn_clock_off_the_table_says_an_away_child_is_away_not_that_time_is_up(
        tmp_path: Path) -> None:
    """Tried at a real table with --turn-clock 0: after the away wait the host and every
    child printed "Time is up: rolling for Gita.", a clock that is off. Gita's seat's clock
    is the test's: each look at it is past the away wait, so no second of real time passes."""
    options = table_options(tmp_path, players=("Gita", "Dipa"), computers=0, turn_clock=0)
    with open_table(options) as (table, host_log, _):
        table.chairs[0].source.monotonic = itertools.count(step=AWAY_CLOCK + 1).__next__
        dipa = Child(table, "Dipa", "ne")  # Gita is not here today: the teacher starts anyway
        host_log.wait_for(lambda lines: "Dipa has joined the table." in lines)
        table.start_now()
        host_log.wait_for(lambda lines: lines.count("Gita is away: rolling for Gita.") == 2)
        dipa.log.wait_for(lambda lines: "Gita टेबलमा छैन: Gita का लागि पासा फालिँदै छ।" in lines)
        dipa.leave()
    assert not any("Time is up" in line for line in host_log.lines), host_log.lines
    assert not any("समय सकियो" in line for line in dipa.log.lines), dipa.log.lines
    assert sum(line.startswith("Gita rolled") for line in host_log.lines) >= 2


@pytest.mark.parametrize("language", ["en", "ne"])
def test_the_teachers_end_says_how_to_continue_at_the_table(tmp_path: Path,
                                                           language: str) -> None:
    options = table_options(tmp_path, players=("Asha",), computers=1, lang=language)
    with open_table(options) as (table, host_log, runner):
        asha = Child(table, "Asha", stop_after=1)
        asha.log.wait_for(lambda lines: any("Asha rolled a" in line for line in lines))
        table.end()
        runner.join(WAIT)
        asha.join_thread()
    # The table took any free port (--port 0): its children's computers come back only to
    # that one, so the command names it (tried: a plain --resume opened on 8765, and they
    # waited at the old port for ever). Its game is in a folder of its own (--data-dir):
    # named too, or --resume looks for it where it is not.
    hint = f"snl table host --resume 1 --data-dir {tmp_path} --port {table.address[1]}"
    assert any(line.endswith(hint) for line in host_log.lines), host_log.lines[-2:]
    # The child hears that the teacher ended it, the places as they stand, and that it is kept.
    said = asha.log.lines  # Asha's computer speaks English whatever the host's language
    ended = said.index("The teacher has ended the game.")
    assert any(line.startswith("Place 1: ") for line in said[ended:])
    assert "The game is saved: the class can play on with it another day." in said[ended:]
    assert said[-1] == "The table has closed."
    assert not any("snl play" in line for line in host_log.lines)
    assert not any("Press Enter" in line for line in host_log.lines)  # no keys to roll there
    # Tried at a real table: the host said each child had left, keeping her seat, and never
    # showed the places. The host hears the end as the children do, in its own language.
    _ = table.loc.gettext
    host_ended = host_log.lines.index(_("The teacher has ended the game."))
    places = [line for line in said[ended:] if line.startswith("Place ")]
    assert len(places) == 2  # Asha and the computer
    if language == "en":
        assert host_log.lines[host_ended + 1:host_ended + 3] == places
    assert host_log.lines[host_ended + 3].endswith(hint)
    away = _("{name} has left the table; the seat is kept.").format(name="Asha")
    assert away not in host_log.lines, host_log.lines[-6:]


def test_a_child_pressing_enter_in_another_childs_turn_hears_whose_it_is(tmp_path: Path
                                                                         ) -> None:
    options = table_options(tmp_path, players=("Asha", "Chandra"), computers=0)
    with open_table(options) as (table, host_log, _):
        asha = Child(table, "Asha", stop_after=0)  # Asha thinks
        chandra = Child(table, "Chandra", "ne", start=False)
        chandra.keys = RollWhenAsked(chandra.log, "तिम्रो पालो", stop_after=0)
        chandra.start()
        host_log.wait_for(lambda lines: "Asha's turn." in lines)
        asha.log.wait_for(lambda lines: your_turn(asha.loc) in lines)
        chandra.client.connection.send(json.dumps({"type": "command", "action": "roll"}))
        chandra.log.wait_for(lambda lines: "पर्ख: अहिले Asha को पासा फाल्ने पालो हो।" in lines)
        asha.leave()
        chandra.leave()


def test_a_child_already_seated_elsewhere_is_told_so_and_a_team_joins_in_any_order(
        tmp_path: Path) -> None:
    options = table_options(tmp_path, players=("Asha",), teams=("Bikash+Chandra",),
                            computers=0)
    with open_table(options) as (table, _, _):
        asha = Child(table, "Asha", stop_after=0)
        asha.log.wait_for(lambda lines: any("You sit at the table" in line for line in lines))
        for language, said in (("en", "Asha is already at the table on another computer."),
                               ("ne", "Asha नाम अर्को कम्प्युटरबाट टेबलमा जोडिइसकेको छ।")):
            again = Child(table, "Asha", language, stop_after=0)
            again.join_thread()
            assert again.error is not None
            assert said in describe(again.error, again.loc)
        team = Child(table, "chandra + BIKASH", stop_after=0)  # any order, spaces, case
        team.log.wait_for(lambda lines: any("You sit at the table as Bikash and Chandra."
                                            in line for line in lines))
        asha.leave()
        team.leave()


def test_a_resumed_table_speaks_the_language_it_was_hosted_in_and_keeps_its_seats(
        tmp_path: Path) -> None:
    from click.testing import CliRunner

    from snl_edu.app.options import LATEST
    from snl_edu.cli import main

    with open_table(table_options(tmp_path, players=("Asha",), lang="ne")) as (
            table, _, runner):
        asha = Child(table, "Asha", stop_after=1)
        asha.log.wait_for(lambda lines: any("Asha rolled a" in line for line in lines))
        table.end()
        runner.join(WAIT)
        asha.join_thread()
    again = table_options(tmp_path, players=None, computers=None, resume=LATEST)
    with open_table(again) as (table, host_log, _):
        assert table.loc.language == "ne"
        assert [seat.name for seat in table.game.seats] == ["Asha", "कम्प्युटर १"]
        assert host_log.lines[0] == "खेल १ जारी राखिँदै छ।", host_log.lines[:2]
        assert host_log.lines[1].startswith("Asha")  # where everyone stands
        asha = Child(table, "Asha", stop_after=0)
        asha.log.wait_for(lambda lines: any(line.startswith("Asha is on square")
                                            for line in lines))
        asha.leave()
    refused = CliRunner().invoke(main, ["table", "host", "--resume", "--team", "Sita+Gita",
                                        "--port", "0", "--bind", "127.0.0.1",
                                        "--data-dir", str(tmp_path), "--lang", "en"])
    assert refused.exit_code != 0 and "leave out --team" in refused.output, refused.output


def test_before_the_start_the_host_says_whom_the_table_still_waits_for(tmp_path: Path
                                                                      ) -> None:
    options = table_options(tmp_path, players=("Asha", "Bikash", "Chandra"), computers=0)
    with open_table(options) as (table, host_log, _):
        children = [Child(table, "Asha")]
        host_log.wait_for(lambda lines: "Still to join: Bikash and Chandra." in lines)
        children.append(Child(table, "Chandra"))
        host_log.wait_for(lambda lines: "Still to join: Bikash." in lines)
        children.append(Child(table, "Bikash"))
        host_log.wait_for(lambda lines: "Asha's turn." in lines)  # everyone: the game starts
        for child in children:
            child.leave()
    said = host_log.lines
    assert [line for line in said if line.startswith("Still to join")] == [
        "Still to join: Bikash and Chandra.", "Still to join: Bikash."]  # none once playing
    assert said.index("Still to join: Bikash.") < said.index("Asha's turn.")


class ThinksThroughHerTurn(RollWhenAsked):
    """Asha: rolls once; then thinks over her question while her next turn is called, the
    teacher pauses and resumes, and three of her clocks pass; then puts it aside and waits."""

    def __init__(self, log: LineLog, prompt: str, table: Table, host_log: LineLog,
                 clock: float) -> None:
        super().__init__(log, prompt, stop_after=1)
        self.table, self.host_log, self.clock = table, host_log, clock
        self.step = 0
        self.thought_until = 0.0
        self.rolled_for_her_meanwhile = True
        self.skipped_at = 0.0
        self.before_answering: list[str] = []

    def next_command(self, timeout: float | None = None) -> Command | None:
        lines = self.log.lines
        if "A question for Asha:" not in lines or self.skipped_at:
            return super().next_command(timeout)
        question = lines.index("A question for Asha:")
        prompt = lines[question + 1]
        below = lines[-1] == prompt  # her question is the last thing said
        if self.step == 0 and below and self.prompt in lines[question:]:
            self.step = 1
            self.table.pause()  # her turn has been called while she thinks
        elif self.step == 1 and below and "The teacher has paused the game." in lines:
            self.step = 2
            self.table.resume()
        elif self.step == 2 and below and "The game goes on." in lines:
            self.step, self.thought_until = 3, time.monotonic() + 3 * self.clock
        elif self.step == 3 and time.monotonic() >= self.thought_until:
            self.rolled_for_her_meanwhile = any(
                "Asha" in line and ("Time is up: rolling" in line or "left to roll" in line)
                for line in self.host_log.lines)
            self.before_answering.append("\n".join(lines))
            self.skipped_at = time.monotonic()
            return Command(Action.SKIP)
        threading.Event().wait(min(timeout or LOOK, LOOK))
        return None


def test_a_childs_clock_stands_still_while_her_own_question_is_open(tmp_path: Path) -> None:
    """Tried at a real table: her question stayed open while her turn, the warning, the
    clock's roll and the teacher's pause were printed over it, and she answered one turn
    late from then on. Now what comes is said above her question, and her clock waits."""
    clock = 0.3
    options = table_options(tmp_path / "host", players=("Asha", "Bikash"), computers=0,
                            turn_clock=clock)
    options = type(options)(**{**options.__dict__, "warning_before": 0.1})
    with open_table(options) as (table, host_log, _):
        asha = Child(table, "Asha", start=False, lessons="every", history="off",
                     data_dir=str(tmp_path / "a"))
        keys = ThinksThroughHerTurn(asha.log, asha.keys.prompt,  # type: ignore[union-attr]
                                    table, host_log, clock)
        asha.keys = keys
        asha.start()
        bikash = Child(table, "Bikash")
        host_log.wait_for(lambda lines: any("Time is up: rolling for Asha." in line
                                            for line in lines))
        rolled_at = time.monotonic()
        asha.log.wait_for(lambda lines: any(line.startswith("Time is up: rolling for Asha")
                                            for line in lines))
        for child in (asha, bikash):
            child.leave()
    assert not keys.rolled_for_her_meanwhile  # three clocks long, her turn waited
    assert rolled_at - keys.skipped_at >= clock  # her whole time, once the question was over
    thinking = keys.before_answering[0].splitlines()
    question = thinking.index("A question for Asha:")
    said_meanwhile = thinking[question + 3:]  # after the question and how to answer it
    for line in ("Bikash's turn.", "Asha's turn.", keys.prompt,
                 "The teacher has paused the game.", "The game goes on."):
        # each said while she thought, with her question again right below
        at = said_meanwhile.index(line)
        assert thinking[question + 1] in said_meanwhile[at + 1:]
    lines = asha.log.lines
    skipped = next(i for i, line in enumerate(lines) if "we will skip this one" in line)
    assert lines[skipped + 1] == keys.prompt  # the question over: her turn, her clock


class LeavesHerQuestionOpenPastTheCap(RollWhenAsked):
    """Asha: rolls once, then leaves her question open until the table has rolled for her
    and Bikash has played after it; then puts it aside (late), and rolls no more."""

    def __init__(self, log: LineLog, prompt: str, host_log: LineLog) -> None:
        super().__init__(log, prompt, stop_after=1)
        self.host_log = host_log
        self.skipped = False

    def next_command(self, timeout: float | None = None) -> Command | None:
        if "A question for Asha:" not in self.log.lines or self.skipped:
            return super().next_command(timeout)
        lines = self.host_log.lines
        if "Time is up: rolling for Asha." in lines and any(
                line.startswith("Bikash rolled")
                for line in lines[lines.index("Time is up: rolling for Asha."):]):
            self.skipped = True
            return Command(Action.SKIP)
        threading.Event().wait(min(timeout or LOOK, LOOK))
        return None


def test_a_question_left_open_past_the_cap_is_put_aside_and_the_table_is_told_in_order(
        tmp_path: Path) -> None:
    """Tried at a real table: her question open past the cap, the table rolled for her;
    her screen fell behind (her later moves waited behind the old question), and when she
    answered, old lines came in a burst, with "Your turn" though the turn was Bikash's.
    Now the cap puts her question aside at once, said once, and the table is told as it
    plays; a "your turn" line is said only while it is true."""
    options = replace(table_options(tmp_path / "host", players=("Asha", "Bikash"),
                                    computers=0, turn_clock=0.3),
                      warning_before=0.1, question_cap=0.4)
    with open_table(options) as (table, host_log, _):
        asha = Child(table, "Asha", start=False, lessons="every", history="off",
                     data_dir=str(tmp_path / "a"))
        asha.keys = LeavesHerQuestionOpenPastTheCap(
            asha.log, asha.keys.prompt, host_log)  # type: ignore[union-attr]
        asha.start()
        bikash = Child(table, "Bikash")
        asha.log.wait_for(lambda lines: lines.count("Time is up: rolling for Asha.") >= 2)
        for child in (asha, bikash):
            child.leave()
    lines = asha.log.lines
    timed_out = lines.index("Time is up: rolling for Asha.")
    # Her question put aside, said once, then her move as the table played it.
    assert lines[timed_out + 1].startswith("That is fine, we will skip this one.")
    assert lines[timed_out + 2].startswith("Asha rolled")
    turn_open = False  # every "your turn" line is said while the table waits for her roll
    for line in lines:
        if line in ("Asha's turn.", "Chhakka! Asha rolls again."):
            turn_open = True
        elif line.startswith(("Asha rolled", "Time is up: rolling for Asha")):
            turn_open = False
        elif line == asha.keys.prompt:  # type: ignore[union-attr]
            assert turn_open, lines


class LooksAroundDuringHerQuestion(RollWhenAsked):
    """Asha at her keyboard: rolls when asked; at her question presses w, a, h, comma and
    ], as in ``snl play``, then Escape."""

    keys = ("w", "a", "h", ",", "]", "\x1b")

    def next_command(self, timeout: float | None = None) -> Command | None:
        if self.log.count("A question for Asha") > self.asked:
            key = self.keys[self.pressed]
            self.pressed += 1
            if self.pressed == len(self.keys):
                self.asked, self.pressed = self.asked + 1, 0
            return parse_key(key)
        return super().next_command(timeout)

    asked = pressed = 0


def test_the_game_keys_work_while_a_question_is_open_at_the_table(tmp_path: Path) -> None:
    """w, a and h were typed into her answer at the table; now they say where everyone is,
    what is ahead and the help, and comma and ] read back and explore, as in ``snl play``,
    while her question stays open."""
    with open_table(table_options(tmp_path / "host", players=("Asha",))) as (table, _, _):
        asha = Child(table, "Asha", start=False, lessons="every", level=2,
                     data_dir=str(tmp_path / "a"))
        asha.keys = LooksAroundDuringHerQuestion(asha.log, your_turn(asha.loc))
        asha.start()
        asha.log.wait_for(lambda lines: any("we will skip this one" in line for line in lines))
        asha.leave()
    lines = asha.log.lines
    asked = lines.index("A question for Asha:")
    skipped = next(i for i, line in enumerate(lines) if "we will skip this one" in line)
    during = lines[asked:skipped]
    where = [re.fullmatch(r"Asha is on square (\d+)\.", line) for line in during]
    square = int(next(found for found in where if found).group(1))  # w
    assert any(line.startswith(("A ladder on", "A snake on", "No snakes or ladders"))
               for line in during)  # a
    assert "w: where is everyone." in during  # h
    assert any(line.startswith(f"Square {square + 1}") for line in during)  # ]
    assert not any(line.startswith("Please answer with a number") for line in during)


def test_the_places_told_at_the_teachers_end_are_the_games_own() -> None:
    # Played to the end, two have finished, in turn: they are places 1 and 2, as the game
    # ranks them, not both 1 for standing on the last square.
    from snl_edu.boards import load_board
    from snl_edu.engine import Game, Rules, Seat
    from snl_edu.language.localizer import Localizer
    from snl_edu.play.narration import Narrator
    from snl_edu.table.notices import ended_by_teacher

    seats = [Seat("Asha"), Seat("Bikash"), Seat("Sita")]
    board = load_board("classic")
    game = Game(board, Rules(play_to_end=True), seats)
    game.positions = [board.last, board.last, 40]
    game.finished = [1, 0]
    loc = Localizer.create("en")
    lines = [m.text for m in ended_by_teacher(loc, Narrator(loc, board, seats), game)]
    assert [line.split(":")[0] for line in lines[1:]] == ["Place 1", "Place 2", "Place 3"]
    assert lines[1].startswith("Place 1: Bikash")
