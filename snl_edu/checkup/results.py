"""Check-ups scored, and a learner's first and latest check-up paired with the play
between them: what a teacher reads in ``snl progress``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from snl_edu.checkup.items import TASKS, Task
from snl_edu.checkup.scoring import LineScore, percent_right, score_line
from snl_edu.store.checkups import CheckupRecord, PlaySpan, minutes_played
from snl_edu.vocabulary import AnswerRecord

# The game suggests the next check-up after this much play since the last one.
CHECKUP_AFTER_MINUTES = 60


@dataclass(frozen=True)
class TaskResult:
    task: Task
    asked: int
    right: int
    line: LineScore | None = None  # the number line only (None: under two estimates)
    answered: int | None = None  # not skipped (None: all that were asked)

    @property
    def done(self) -> bool:
        """Asked at all: a check-up stopped early keeps only the tasks it finished."""
        return self.asked > 0

    @property
    def given(self) -> int:
        """Answered, not skipped: a skip says nothing of what the child knows."""
        return self.asked if self.answered is None else self.answered

    @property
    def skipped(self) -> int:
        return self.asked - self.given

    @property
    def percent(self) -> float:
        """Percent right of those answered; for the number line, closeness: 100 minus the
        percent error."""
        if self.task is Task.NUMBER_LINE:
            return 100 - self.line.pae if self.line else 0.0
        return percent_right(self.right, self.given)


@dataclass(frozen=True)
class Scored:
    at: datetime
    form: int
    tasks: dict[Task, TaskResult]


def score(record: CheckupRecord) -> Scored:
    tasks: dict[Task, TaskResult] = {}
    for task in TASKS:
        answers = [a for a in record.answers if a.task == task.value]
        if task is Task.NUMBER_LINE:
            placed = [a for a in answers if a.given is not None]
            line = score_line([a.numbers[0] for a in placed], [a.given or 0 for a in placed]) \
                if len(placed) >= 2 else None
            # Within 10 of the target counts as right, for the plain "right" count.
            right = sum(1 for a in placed if abs((a.given or 0) - a.answer) <= 10)
            tasks[task] = TaskResult(task, len(answers), right, line, len(placed))
        else:
            given = [a for a in answers if a.given is not None]
            right = sum(1 for a in given if a.given == a.answer)
            tasks[task] = TaskResult(task, len(answers), right, answered=len(given))
    return Scored(record.at, record.form, tasks)


@dataclass(frozen=True)
class Progress:
    learner: str
    before: Scored
    after: Scored | None
    minutes: float  # played between the two (or since the baseline)
    questions: int  # lesson questions answered in that time
    hints: int  # hints those questions gave (one after each wrong try)

    @property
    def checkup_due(self) -> bool:
        return self.minutes >= CHECKUP_AFTER_MINUTES


def progress(learner: str, checkups: Sequence[CheckupRecord], play: Sequence[PlaySpan],
             answers: Sequence[AnswerRecord], now: datetime) -> Progress | None:
    """The first check-up (the baseline) and the latest one, or None without any.

    Minutes, questions and hints count the play between them; with only a baseline,
    the play since it (so the game can say when the next check-up is due).
    """
    mine = sorted((c for c in checkups if c.learner.casefold() == learner.casefold()),
                  key=lambda c: c.at)
    if not mine:
        return None
    first, last = mine[0], mine[-1]
    end = last.at if len(mine) > 1 else now
    between = [a for a in answers if a.at is not None and first.at <= a.at <= end
               and not a.skipped]
    since = last.at
    minutes = minutes_played(play, learner, first.at, end) if len(mine) > 1 \
        else minutes_played(play, learner, since, now)
    return Progress(learner, score(first), score(last) if len(mine) > 1 else None, minutes,
                    len(between), sum(max(a.tries - 1, 0) for a in between))


def finished(record: CheckupRecord) -> bool:
    """Asked to the end: the tasks come in order, so one with its last task answered
    was not stopped early (a number line not measured leaves the first task out)."""
    return any(answer.task == TASKS[-1].value for answer in record.answers)


def minutes_since_last(learner: str, checkups: Sequence[CheckupRecord],
                       play: Sequence[PlaySpan], now: datetime) -> float | None:
    """Play since the learner's latest check-up; None if they never had one."""
    mine = [c.at for c in checkups if c.learner.casefold() == learner.casefold()]
    return minutes_played(play, learner, max(mine), now) if mine else None
