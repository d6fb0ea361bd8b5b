"""A table seat's turn clock and cover, on a clock the test moves (no real waiting)."""

from __future__ import annotations

import itertools
import threading

from snl_edu.inputs.commands import Action, Command
from snl_edu.table.seats import AWAY_CLOCK, NetworkSeat, TableControl
from snl_edu.table.wire import Notice

from .helpers import WAIT


def test_a_chhakkas_extra_roll_missed_with_its_turn_is_one_missed_turn_not_two() -> None:
    """Found at a real table: the clock rolled a six and its extra roll for an away child, and
    at her next turn the table covered her as having "missed two turns"."""
    told: list[Notice] = []
    extra = [False, True, False, False]  # her turn, its extra roll, her next two turns
    ticks = itertools.count(step=100.0)  # every look at the clock: long past any deadline
    seat = NetworkSeat(TableControl(), 20.0, told.append, monotonic=lambda: next(ticks),
                       rolling_again=lambda: extra[0])
    answers = []
    for _ in range(4):
        answers.append(seat.next_command())
        extra.pop(0)
    assert answers == [None, None, None, Command(Action.ROLL, "covered")]
    assert told == [Notice.TURN, Notice.TIME_UP, Notice.TURN, Notice.TIME_UP,
                    Notice.TURN, Notice.TIME_UP, Notice.COVERED]


def test_the_room_hears_once_that_the_computer_covers_a_seat_not_at_every_turn() -> None:
    """A review heard "Bikash has missed two turns" at every one of Bikash's turns; it is
    said when the cover begins, and again only after Bikash is back and misses two more."""
    told: list[Notice] = []
    ticks = itertools.count(step=100.0)  # every look at the clock: long past any deadline
    seat = NetworkSeat(TableControl(), 20.0, told.append, monotonic=lambda: next(ticks))
    answers = [seat.next_command() for _ in range(5)]
    assert answers == [None, None] + [Command(Action.ROLL, "covered")] * 3
    assert told == [Notice.TURN, Notice.TIME_UP, Notice.TURN, Notice.TIME_UP, Notice.COVERED]
    assert seat.covered_rolls == 5  # every roll made for the away child is still counted
    seat.arrived()
    seat.left()
    told.clear()
    [seat.next_command() for _ in range(3)]
    assert told.count(Notice.COVERED) == 1


def test_with_the_clock_off_a_child_who_leaves_in_her_turn_is_rolled_for_after_the_away_wait(
        ) -> None:
    """With --turn-clock 0 the turn of a child who left in it waited for her for ever, the
    whole table with it; it waits as long as any absent child's turn (AWAY_CLOCK)."""
    told: list[Notice] = []
    turn, looked = threading.Event(), threading.Event()
    now = [0.0]

    def tell(notice: Notice) -> None:
        told.append(notice)
        turn.set()

    def monotonic() -> float:
        looked.set()
        return now[0]

    seat = NetworkSeat(TableControl(), 0, tell, monotonic=monotonic)
    seat.arrived()
    answers: list[Command | None] = []
    waiting = threading.Thread(target=lambda: answers.append(seat.next_command()), daemon=True)
    waiting.start()
    assert turn.wait(WAIT)
    seat.left()  # her computer dropped in her turn
    assert looked.wait(WAIT)  # her turn has a clock now (it looks at no clock without one)
    now[0] = AWAY_CLOCK + 1
    seat.wake()
    waiting.join(WAIT)
    # No clock ran out, so the table says she is away, not that her time is up (tried at a
    # real table with --turn-clock 0: "Time is up: rolling for Gita.").
    assert answers == [Command(Action.ROLL, "away")] and told == [Notice.TURN, Notice.AWAY_ROLL]


def test_a_turn_said_late_by_a_frozen_page_is_no_word_on_her_next_turn() -> None:
    """Under load a frozen page was covered a turn late: its seat, held 30 s waiting for the
    page, said turn 1 during turn 2, and that counted for turn 2. A "said" names its turn."""
    told: list[Notice] = []
    turn = threading.Event()
    now = [0.0]

    def tell(notice: Notice) -> None:
        told.append(notice)
        turn.set()

    seat = NetworkSeat(TableControl(), 2.0, tell, monotonic=lambda: now[0])
    seat.arrived()
    answers: list[Command | None] = []
    for late in (None, 1):  # turn 1 is never said; during turn 2, turn 1 is
        turn.clear()
        waiting = threading.Thread(target=lambda: answers.append(seat.next_command()),
                                   daemon=True)
        waiting.start()
        assert turn.wait(WAIT)
        if late is not None:
            seat.said(late)
        now[0] += 100.0
        seat.wake()
        waiting.join(WAIT)
    answers.append(seat.next_command())
    assert answers == [None, None, Command(Action.ROLL, "covered")], told
