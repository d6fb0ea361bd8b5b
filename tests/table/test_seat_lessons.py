"""The teacher's lesson options (--lessons, --level, --history of snl play) apply to every
seat at the table: a terminal's own are used only where the teacher gave none."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from snl_edu.lessons.teacher import Frequency
from snl_edu.table import wire
from tests.table.helpers import Child, open_table, table_options


def test_the_teachers_lessons_reach_a_childs_terminal(tmp_path: Path) -> None:
    options = replace(table_options(tmp_path, players=("Asha",)), lessons="every", level=2,
                      history="off")
    with open_table(options) as (table, _, _):
        asha = Child(table, "Asha", stop_after=1, lessons="off", data_dir=str(tmp_path / "a"))
        asha.log.wait_for(lambda lines: any("Wait for your turn" in line for line in lines))
        asha.log.wait_for(lambda _: asha.client.teacher is not None)
        teacher = asha.client.teacher
        assert teacher.frequency is Frequency.EVERY and asha.client.table_lessons.level == 2
        asha.leave()


def test_without_the_teachers_lessons_a_terminal_keeps_its_own(tmp_path: Path) -> None:
    with open_table(table_options(tmp_path, players=("Asha",))) as (table, _, _):
        asha = Child(table, "Asha", stop_after=1, lessons="off")
        asha.log.wait_for(lambda lines: any("Wait for your turn" in line for line in lines))
        assert asha.client.table_lessons == wire.SeatLessons()
        assert asha.client.teacher is None  # her own: off
        asha.leave()


@pytest.mark.parametrize("lessons", [{"lessons": "loud"}, {"level": 9}, {"history": 1}, "all"])
def test_lesson_options_no_table_gives_are_refused(lessons: object) -> None:
    chosen = wire.SeatLessons("some", 3, "on")
    assert wire._seat_lessons({"lessons": chosen.data()}) == chosen
    with pytest.raises(wire.WireError):
        wire._seat_lessons({"lessons": lessons})
