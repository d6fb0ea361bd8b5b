"""Five scripted children place the check-up's numbers; each gets the report its data
deserves: a line that runs backwards, is bunched up or is one place is never praised."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, datetime

import pytest

from snl_edu.checkup.items import Task, draw_items
from snl_edu.checkup.report import progress_lines
from snl_edu.checkup.results import Progress, score
from snl_edu.checkup.scoring import Spread, interval
from snl_edu.language.localizer import Localizer
from snl_edu.store.checkups import CheckupAnswer, CheckupRecord

NOISE = random.Random(7)
CHILDREN: dict[str, Callable[[int], float]] = {
    "mirrored": lambda n: 100 - n,
    "compressed": lambda n: 41 + 19 * n / 100,
    "always-middle": lambda n: 50,
    "random": lambda n: NOISE.uniform(0, 100),
    "linear": lambda n: min(100, max(0, n + NOISE.uniform(-4, 4))),
}
SPREADS = {"mirrored": Spread.BACKWARDS, "compressed": Spread.SQUEEZED,
           "always-middle": Spread.ONE_PLACE, "random": Spread.SCATTERED,
           "linear": Spread.EVEN}


def report(place: Callable[[int], float], compare: Callable[[int, int], int | None]
           = max, skip_line: int = 0) -> list[str]:
    answers = []
    for item in draw_items(0, 3):
        if item.task is Task.NUMBER_LINE:
            given: float | None = place(item.numbers[0])
            if skip_line:
                given, skip_line = None, skip_line - 1
        elif item.task is Task.COMPARE:
            chosen = compare(*item.numbers)
            given = None if chosen is None else float(chosen)
        else:
            given = float(item.answer)
        answers.append(CheckupAnswer(item.task.value, item.numbers, item.answer, given, 1.0))
    record = CheckupRecord("Asha", datetime(2026, 12, 1, tzinfo=UTC), 0, "en", False,
                           tuple(answers))
    return progress_lines(Progress("Asha", score(record), None, 0, 0, 0),
                          Localizer.create("en"))


def line_of(lines: list[str], task: str) -> str:
    return next(line.strip() for line in lines if line.strip().startswith(task))


@pytest.mark.parametrize("child", CHILDREN)
def test_each_scripted_child_gets_the_report_its_data_deserves(child: str) -> None:
    items = [i.numbers[0] for i in draw_items(0, 3) if i.task is Task.NUMBER_LINE]
    answers = [CheckupAnswer("number-line", (n,), n, CHILDREN[child](n), 1.0) for n in items]
    record = CheckupRecord("Asha", datetime(2026, 12, 1, tzinfo=UTC), 0, "en", False,
                           tuple(answers))
    line = score(record).tasks[Task.NUMBER_LINE].line
    assert line is not None and line.spread is SPREADS[child]
    said = line_of(report(CHILDREN[child]), "Number line:")
    praised = "spread evenly" in said or "as a grown-up's are" in said
    assert praised is (child == "linear"), said
    assert f"{len(items)} of {len(items)} numbers placed" in said
    assert "placing at random is about 33% off" in said
    if child == "mirrored":
        assert "run backwards" in said and "slope -1.00" in said
    if child == "compressed":
        assert "bunched between 41 and 5" in said  # 41 + 19 n / 100 for n up to 98


def test_a_skip_is_not_answered_never_wrong_and_every_figure_gives_its_count() -> None:
    # Asha skips two comparisons and gets the rest right; and leaves one number unplaced.
    skips = iter([True, True])
    said = report(CHILDREN["linear"], lambda a, b: None if next(skips, False) else max(a, b),
                  skip_line=1)
    compare = line_of(said, "Which is bigger:")
    asked = sum(1 for i in draw_items(0, 3) if i.task is Task.COMPARE)
    low, _ = interval(asked - 2, asked - 2)
    assert compare.startswith(f"Which is bigger: {asked - 2} of {asked - 2} right (100%, "
                              f"probably between {round(low)}% and 100%).")
    assert "Guessing would get about 50% right." in compare
    assert "2 not answered (a skip is not counted as wrong)." in compare
    assert "1 not answered" in line_of(said, "Number line:")
    assert "Guessing" not in line_of(said, "Counting on:")  # an open answer: no chance level


def test_the_interval_is_wide_for_few_answers_and_narrows_with_more() -> None:
    few, many = interval(5, 7), interval(50, 70)
    assert few[0] < 40 and few[1] > 90 and many[1] - many[0] < few[1] - few[0]
    assert interval(0, 0) == (0.0, 100.0)
