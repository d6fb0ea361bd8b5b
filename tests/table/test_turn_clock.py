"""One clock for every seat: a turn's time runs from its notice, whatever kind of seat
(a computer still saying the moves gets a short fixed grace, a question holds it), and a
seat whose computer says none of its turns is covered after the stated misses."""

from __future__ import annotations

import threading

from snl_edu.inputs.commands import Action, Command
from snl_edu.table.seats import MISSED_BEFORE_COVER, NetworkSeat, TableControl
from snl_edu.table.turn_clock import QUESTION_CAP, SAYING_GRACE, Signal, TurnClock
from snl_edu.table.wire import Notice
from tests.table.helpers import WAIT

CLOCK = 30.0


def clock_at(now: list[float]) -> TurnClock:
    return TurnClock.start(CLOCK, heard=False, monotonic=lambda: now[0])


def test_the_clock_runs_from_the_turns_notice_not_from_when_it_is_said() -> None:
    now = [100.0]
    turn = clock_at(now)
    now[0] = 112.0  # the page took 12 s to say the moves and then "your turn"
    turn.hear(Signal.SAID, present=True, question_cap=QUESTION_CAP)
    assert turn.deadline == 100.0 + CLOCK  # not 112 + 30, as a page's clock was


def test_a_computer_that_never_says_the_turn_gets_only_the_fixed_grace() -> None:
    now = [0.0]
    assert clock_at(now).deadline == CLOCK + SAYING_GRACE == 35.0  # was 30 + 30


def test_an_open_question_holds_the_clock_and_it_runs_from_the_questions_end() -> None:
    now = [0.0]
    turn = clock_at(now)
    now[0] = 5.0
    turn.hear(Signal.ASKING, present=True, question_cap=QUESTION_CAP)
    now[0] = 50.0
    turn.hear(Signal.SAID, present=True, question_cap=QUESTION_CAP)
    assert turn.deadline == 50.0 + CLOCK


def play_turn(seat: NetworkSeat, now: list[float], looked: threading.Event,
              said: bool) -> Command | None:
    """One turn of the seat, its clock run out by the test's time."""
    answers: list[Command | None] = []
    looked.clear()
    waiting = threading.Thread(target=lambda: answers.append(seat.next_command()))
    waiting.start()
    assert looked.wait(WAIT)
    if said:
        seat.said()
    now[0] += CLOCK + SAYING_GRACE + 1
    seat.wake()
    waiting.join(WAIT)
    return answers[0]


def test_a_seat_whose_computer_says_none_of_its_turns_is_covered_after_the_misses() -> None:
    """A page whose script froze with its socket open cost the class the whole clock at
    every one of its turns and was never covered (it was there)."""
    told: list[Notice] = []
    now = [0.0]
    looked = threading.Event()

    def monotonic() -> float:
        looked.set()
        return now[0]

    seat = NetworkSeat(TableControl(), CLOCK, told.append, monotonic=monotonic)
    seat.arrived()
    for _ in range(MISSED_BEFORE_COVER):
        assert play_turn(seat, now, looked, said=False) is None  # rolled at the clock
    assert seat.next_command() == Command(Action.ROLL, "covered")  # at once, no clock
    assert told.count(Notice.COVERED) == 1
    seat.put(Command(Action.REPEAT))  # the child is back: any key
    assert not seat.covered


def test_a_child_whose_computer_says_her_turns_is_rolled_for_but_never_covered() -> None:
    told: list[Notice] = []
    now = [0.0]
    looked = threading.Event()

    def monotonic() -> float:
        looked.set()
        return now[0]

    seat = NetworkSeat(TableControl(), CLOCK, told.append, monotonic=monotonic)
    seat.arrived()
    for _ in range(MISSED_BEFORE_COVER + 1):  # she is thinking: the clock rolls each time
        assert play_turn(seat, now, looked, said=True) is None
    assert Notice.COVERED not in told
