"""A table seat's turn clock and cover, on a clock the test moves (no real waiting)."""

from __future__ import annotations

import itertools

from snl_edu.inputs.commands import Action, Command
from snl_edu.table.seats import NetworkSeat, TableControl
from snl_edu.table.wire import Notice


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
