"""A child's lesson question at the table, as the teacher ends it and as she comes back
after her program quit. Real tables and clients on loopback."""

from __future__ import annotations

import itertools
import threading
from pathlib import Path

import pytest

from snl_edu.inputs.commands import Action, Command
from snl_edu.lessons.questions import LEVEL_KINDS, Kind
from snl_edu.store import open_store
from snl_edu.store.progress import ProgressStore
from snl_edu.store.seat_keys import SeatKeys
from snl_edu.table.client import TableClient
from snl_edu.table.codes import normalise
from snl_edu.table.host import Table
from snl_edu.table.seats import AWAY_CLOCK
from tests.lessons.truth import Audit, facts_of

from .helpers import CODE, WAIT, Child, LineLog, RollWhenAsked, open_table, table_options
from .test_leaving import RollsWhenLet, until

pytestmark = pytest.mark.slow


def test_after_the_teacher_ends_the_table_the_open_question_is_not_asked_again(
        tmp_path: Path) -> None:
    """Tried at a real table: Dipa's computer said the question was left for another time
    and that the table had closed, then asked her question once more."""
    options = table_options(tmp_path / "host", players=("Dipa",), computers=1)
    with open_table(options) as (table, _, runner):
        dipa = Child(table, "Dipa", "ne", stop_after=1, lessons="every", history="off",
                     data_dir=str(tmp_path / "d"))  # she thinks over her first question
        until(lambda: dipa.client.listener.question_open, "Dipa was never asked")
        table.end()
        runner.join(WAIT)
        dipa.join_thread()
    _ = dipa.loc.gettext
    lines = dipa.log.lines
    asked = lines.index(_("A question for {name}:").format(name="Dipa"))
    prompt = lines[asked + 1]
    put_aside = lines.index(_("The game has ended, so we leave this question for another "
                              "time."))
    assert prompt not in lines[put_aside:], lines[put_aside:]
    assert lines[-1] == _("The table has closed.") == "टेबल बन्द भयो।"


class SkipsHerQuestion(RollWhenAsked):
    """A child who rolls when asked, and puts each question aside once it is asked."""

    def next_command(self, timeout: float | None = None) -> Command | None:
        if self.log.count("A question for Asha:") > self.skipped:
            self.skipped += 1
            return Command(Action.SKIP)
        return super().next_command(timeout)

    skipped = 0


LESSONS = {"lessons": "every", "history": "off"}
DIPA_LEFT = "Dipa has left the table; the seat is kept."


def quit_during_her_question(table: Table, host_log: LineLog, data: Path,
                             dipa_may: threading.Event | None = None) -> tuple[str, Child]:
    """Asha rolls, is asked, and her program quits with her question open (the table then
    waits for Dipa, who never rolls, or with ``dipa_may`` rolls once when it is set): the
    question, and Dipa."""
    asha = Child(table, "Asha", stop_after=1, seat_keys=SeatKeys(data), data_dir=str(data),
                 **LESSONS)
    dipa = Child(table, "Dipa", stop_after=0, start=False)
    if dipa_may is not None:
        dipa.keys = RollsWhenLet(dipa.log, dipa.keys.prompt,  # type: ignore[union-attr]
                                 dipa.client.turn_said, dipa_may)
        dipa.keys.stop_after = 1
    dipa.start()
    until(lambda: asha.client.listener.question_open, "Asha was never asked")
    question = asha.log.lines[asha.log.lines.index("A question for Asha:") + 1]
    asha.leave()
    host_log.wait_for(lambda lines: "Asha has left the table; the seat is kept." in lines)
    return question, dipa


def test_a_question_open_when_her_program_quit_is_asked_again_when_she_is_back(
        tmp_path: Path) -> None:
    """Tried at a real table: Asha's program quit (Ctrl-C) while her question was open,
    and when she joined again it was not asked (a game stopped at one computer asks it
    again when it resumes). Now her computer keeps it with her seat's key."""
    options = table_options(tmp_path / "host", players=("Asha", "Dipa"), computers=1)
    data = tmp_path / "asha"  # her computer's data folder, the same both times
    with open_table(options) as (table, host_log, _):
        question, dipa = quit_during_her_question(table, host_log, data)
        back = Child(table, "Asha", start=False, seat_keys=SeatKeys(data), data_dir=str(data),
                     **LESSONS)
        back.keys = SkipsHerQuestion(back.log, back.keys.prompt)  # type: ignore[union-attr]
        back.start()
        back.log.wait_for(lambda lines: any("we will skip this one" in line for line in lines))
        back.leave()
        dipa.leave()
    lines = back.log.lines
    welcome = lines.index("Welcome back, Asha.")  # with her key: no teacher was needed
    assert question in lines[welcome:]
    # Put aside, it is over: it would not be asked a third time.
    kept = SeatKeys(data)
    assert kept.key("Asha", normalise(CODE)) is not None  # (the same table)
    assert kept.question("Asha", normalise(CODE)) is None


def test_back_at_the_table_her_question_is_asked_once_not_again_below_her_own_return(
        tmp_path: Path) -> None:
    """Tried at a real table: a child who joined again after Ctrl-C saw her open question
    over and over. Her computer asked it, then the table told it "Asha is back at the
    table." (her welcome had said so), and the question was said again below that. What
    the table tells of her coming back goes to the others; she hears her question once
    until the table has something new to say."""
    options = table_options(tmp_path / "host", players=("Asha", "Dipa"), computers=1)
    data = tmp_path / "asha"
    with open_table(options) as (table, host_log, _):
        question, dipa = quit_during_her_question(table, host_log, data)
        back = Child(table, "Asha", stop_after=0, seat_keys=SeatKeys(data), data_dir=str(data),
                     **LESSONS)  # she thinks it over
        until(lambda: back.client.listener.question_open, "Asha was not asked again")
        host_log.wait_for(lambda lines: "Asha is back at the table." in lines)
        dipa.log.wait_for(lambda lines: "Asha is back at the table." in lines)
        dipa.leave()  # news, after everything the table told Asha's computer of her return
        back.log.wait_for(lambda lines: DIPA_LEFT in lines)
        back.leave()
    lines = back.log.lines
    asked = lines.index("A question for Asha:")
    assert lines[asked + 1] == question
    said = lines[asked:lines.index(DIPA_LEFT)]
    assert said.count(question) == 1 and "Asha is back at the table." not in lines, said


def test_a_question_the_table_has_rolled_past_while_she_was_away_is_not_asked_again(
        tmp_path: Path) -> None:
    """Found by an audit: Asha's program quit during "You are on 5. If you roll 1 next, on
    which square will you end up?"; while she was away the table rolled for her, and back
    at the table she was asked it word for word, though she was on 9. A kept question is
    asked again only while the game has not rolled since; this one is let go without a
    word (kept no longer, counted neither right nor skipped). Her seat's clock is the
    test's: each look at it is past the half minute an absent child's turn waits."""
    options = table_options(tmp_path / "host", players=("Asha", "Dipa"), computers=1)
    data = tmp_path / "asha"
    with open_table(options) as (table, host_log, _):
        # Only a turn with a clock looks at it: hers (and a chhakka's extra roll), without her.
        table.chairs[0].source.monotonic = itertools.count(step=AWAY_CLOCK + 1).__next__
        dipa_may = threading.Event()
        question, dipa = quit_during_her_question(table, host_log, data, dipa_may)
        dipa_may.set()  # Dipa rolls once, then the computer; then Asha's turn, without her
        host_log.wait_for(lambda lines: lines.count("Dipa's turn.") == 2)  # the table waits
        back = Child(table, "Asha", start=False, seat_keys=SeatKeys(data), data_dir=str(data),
                     **LESSONS)
        back.keys = SkipsHerQuestion(back.log, back.keys.prompt)  # type: ignore[union-attr]
        back.start()
        host_log.wait_for(lambda lines: "Asha is back at the table." in lines)
        # What the table says after her welcome waits for her kept question: this comes
        # once it has been asked, or let go.
        dipa.leave()
        back.log.wait_for(lambda lines: DIPA_LEFT in lines)
        back.leave()
    lines = back.log.lines
    assert any(line.startswith("While you were away, the table rolled for you")
               for line in lines), lines
    assert question not in lines and "A question for Asha:" not in lines, lines
    assert SeatKeys(data).question("Asha", normalise(CODE)) is None
    with open_store(data) as store:
        assert ProgressStore(store).recent("Asha") == []


def test_back_with_lessons_off_she_is_not_asked_and_hears_the_table(tmp_path: Path) -> None:
    options = table_options(tmp_path / "host", players=("Asha", "Dipa"), computers=1)
    data = tmp_path / "asha"
    with open_table(options) as (table, host_log, _):
        question, dipa = quit_during_her_question(table, host_log, data)
        back = Child(table, "Asha", stop_after=0, seat_keys=SeatKeys(data), data_dir=str(data))
        host_log.wait_for(lambda lines: "Asha is back at the table." in lines)
        dipa.leave()
        back.log.wait_for(lambda lines: DIPA_LEFT in lines)
        back.leave()
    assert question not in back.log.lines
    assert SeatKeys(data).question("Asha", normalise(CODE)) is not None  # for lessons on


class ThinksOverHerSecondQuestion:
    """Asha at her keyboard: rolls in her turn once it has been said, puts her first
    question aside (nobody else is on the board yet), and thinks over her second until she
    is stopped."""

    interactive = True

    def __init__(self, client: TableClient) -> None:
        self.client = client
        self.stopped = threading.Event()
        self.questions = 0

    def next_command(self, timeout: float | None = None) -> Command | None:
        client = self.client
        if client.listener.question_open and self.questions == 0:
            self.questions = 1
            return Command(Action.SKIP)
        if client.listener.question_open or self.questions > 1:
            self.questions = 2
        elif client.my_turn.is_set() and client.turn_said.is_set():
            return Command(Action.ROLL)
        self.stopped.wait(timeout)
        return Command(Action.END) if self.stopped.is_set() else None


def said_below(lines: list[str], move: str, prompt: str) -> bool:
    """After the second question was asked, a move starting so was said, the prompt below it."""
    asked = [i for i, line in enumerate(lines) if line == "A question for Asha:"][1]
    moved = [i for i, line in enumerate(lines[asked:], asked) if line.startswith(move)]
    return bool(moved) and prompt in lines[moved[0]:]


def test_her_open_question_says_only_what_is_so_after_another_child_rolls(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """At a real table Asha was asked "Asha is on 14 and Bikash is on 22. Bikash is ahead:
    by how many squares?"; the table does not wait for her answer, Bikash rolled to 34
    while she thought, and her computer said his moves, then her question again with him
    still on 22. A table asks no question about where the others stand. Here level 3 asks
    that kind whenever it can (else its fallback), and what she is asked is checked against
    the game once Bikash has moved: the table then waits for her, so it holds still."""
    monkeypatch.setitem(LEVEL_KINDS, 3, (Kind.WHO_AHEAD,))
    options = table_options(tmp_path / "host", players=("Asha", "Bikash"), computers=0)
    with open_table(options) as (table, _, _):
        asha = Child(table, "Asha", start=False, level=3, data_dir=str(tmp_path / "asha"),
                     **LESSONS)
        asha.keys = ThinksOverHerSecondQuestion(asha.client)  # type: ignore[assignment]
        asha.start()
        bikash = Child(table, "Bikash")
        asha.log.wait_for(lambda lines: lines.count("A question for Asha:") == 2)
        until(lambda: asha.client.listener.question_open, "Asha's question was never open")
        assert asha.client.game is not None and asha.client.teacher is not None
        asked = asha.client.teacher.asker.asking  # type: ignore[union-attr]
        assert asked is not None
        # Bikash rolls while she thinks; her computer says his move, her question below it.
        asha.log.wait_for(lambda lines: said_below(lines, "Bikash rolled", asked.prompt))
        game = asha.client.game
        asha.leave()
        bikash.leave()
    audit = Audit()
    audit.check(asked, facts_of(game, 0, ()))
    assert audit.false == [] and audit.unread == [], (audit.false, audit.unread)
