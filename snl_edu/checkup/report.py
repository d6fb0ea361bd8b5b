"""Before -> after, as text lines for one learner, a plain table and CSV for a class."""

from __future__ import annotations

import csv
import unicodedata
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, TextIO

from snl_edu.checkup.items import TASKS, Task
from snl_edu.checkup.results import CHECKUP_AFTER_MINUTES, Progress, Scored, TaskResult
from snl_edu.checkup.scoring import GUESSING_PAE, LineScore, Spread, interval
from snl_edu.language.localizer import Localizer
from snl_edu.store.progress import spreadsheet_row
from snl_edu.vocabulary import N_

if TYPE_CHECKING:
    from snl_edu.store import Store

TASK_NAMES = {
    Task.NUMBER_LINE: N_("Number line"),
    Task.COMPARE: N_("Which is bigger"),
    Task.COUNT_ON: N_("Counting on"),
    Task.NUMERAL: N_("Naming numbers"),
}
NOT_DONE = "–"  # a task a check-up stopped before
CSV_COLUMNS = ("learner", "task", "before_date", "after_date", "before_percent",
               "after_percent", "before_pae", "after_pae", "before_r2_linear",
               "after_r2_linear", "before_r2_log", "after_r2_log", "minutes_played",
               "questions", "hints")


def task_name(task: Task, loc: Localizer) -> str:
    return loc.gettext(TASK_NAMES[task]).format()


def _pct(value: float, loc: Localizer) -> str:
    return loc.number(round(value))


def _percent(value: float, loc: Localizer) -> str:
    """With the sign: msgids keep % out (gettext tools read it as a format)."""
    return _pct(value, loc) + "%"


# What the number-line fits mean, in a parent's words: now, and at the first check-up.
# Straight against logarithmic is said only of a line that goes the right way.
SPREAD_NOW = {
    Spread.EVEN: N_("{name}'s guesses are spread evenly along the line, as a grown-up's are."),
    Spread.CROWDED: N_("{name}'s guesses spread the small numbers wide and crowd the big ones "
                       "together at the right end, as young children's guesses often do."),
    Spread.SQUEEZED: N_("{name}'s guesses go the right way but are bunched between {low} and "
                        "{high}, not stretched from one end to the other."),
    Spread.BACKWARDS: N_("{name}'s guesses run backwards: the bigger the number, the further "
                         "left it was put."),
    Spread.ONE_PLACE: N_("{name} put every number in about the same place, so the line does "
                         "not show what {name} knows of the numbers yet."),
    Spread.SCATTERED: N_("{name}'s guesses do not follow the order of the numbers yet."),
}
SPREAD_FIRST = {
    Spread.EVEN: N_("In the first check-up they were already spread evenly."),
    Spread.CROWDED: N_("In the first check-up they spread the small numbers wide and crowded "
                       "the big ones together."),
    Spread.SQUEEZED: N_("In the first check-up they went the right way but were bunched "
                        "between {low} and {high}."),
    Spread.BACKWARDS: N_("In the first check-up they ran backwards."),
    Spread.ONE_PLACE: N_("In the first check-up every number was put in about the same place."),
    Spread.SCATTERED: N_("In the first check-up they did not follow the order of the numbers."),
}
# Tasks a child could get right by guessing, and how often: two numbers to choose from.
CHANCE = {Task.COMPARE: 50}


def _spread(line: LineScore, text: str, loc: Localizer, name: str = "") -> str:
    return loc.gettext(text).format(name=name, low=loc.number(round(line.low)),
                                    high=loc.number(round(line.high)))


def _skipped(result: TaskResult, loc: Localizer) -> list[str]:
    if not result.skipped:
        return []
    return [loc.ngettext("{count} not answered (a skip is not counted as wrong).",
                         "{count} not answered (a skip is not counted as wrong).",
                         result.skipped).format(count=loc.number(result.skipped))]


def _line_figures(line: LineScore, result: TaskResult, loc: Localizer) -> str:
    """The counts, the interval and the slope behind the number line's words."""
    return loc.gettext(
        "{placed} of {asked} numbers placed; the average is probably between {low} and "
        "{high} off (placing at random is about {chance} off); the best straight line has "
        "slope {slope} (a grown-up's is about 1, below 0 it runs backwards).").format(
        placed=loc.number(result.given), asked=loc.number(result.asked),
        low=_percent(max(0.0, line.pae - line.pae_margin), loc),
        high=_percent(line.pae + line.pae_margin, loc), chance=_percent(GUESSING_PAE, loc),
        slope=loc.number(f"{line.slope:.2f}"))


def _line_task(name: str, task: str, before: TaskResult, after: TaskResult | None,
               loc: Localizer) -> str:
    _ = loc.gettext
    if before.line is None or (after is not None and after.line is None):
        return _("{task}: too few places marked to score.").format(task=task)
    if after is None or after.line is None:
        return " ".join((
            _("{task}: {error} off on average.").format(
                task=task, error=_percent(before.line.pae, loc)),
            _spread(before.line, SPREAD_NOW[before.line.spread], loc, name),
            _line_figures(before.line, before, loc), *_skipped(before, loc)))
    return " ".join((
        _("{task}: {before} → {after} off on average.").format(
            task=task, before=_percent(before.line.pae, loc),
            after=_percent(after.line.pae, loc)),
        _spread(after.line, SPREAD_NOW[after.line.spread], loc, name),
        _spread(before.line, SPREAD_FIRST[before.line.spread], loc),
        _line_figures(after.line, after, loc), *_skipped(after, loc)))


def _right(result: TaskResult, loc: Localizer) -> str:
    low, high = interval(result.right, result.given)
    return loc.gettext("{right} of {answered} right ({percent}, probably between {low} and "
                       "{high})").format(
        right=loc.number(result.right), answered=loc.number(result.given),
        percent=_percent(result.percent, loc), low=_percent(low, loc),
        high=_percent(high, loc))


def _task_line(name: str, before: TaskResult, after: TaskResult | None,
               loc: Localizer) -> str:
    _ = loc.gettext
    task = task_name(before.task, loc)
    if after is None and not before.done:
        return _("{task}: not done (the check-up stopped before it).").format(task=task)
    if after is not None and not (before.done and after.done):
        return _("{task}: done in only one of the two check-ups, so there is no before and "
                 "after.").format(task=task)
    if before.task is Task.NUMBER_LINE:
        return _line_task(name, task, before, after, loc)
    latest = after or before
    if not latest.given:
        return _("{task}: none answered.").format(task=task)
    said = (_("{task}: {right}.").format(task=task, right=_right(before, loc)) if after is None
            else _("{task}: {before} → {after}.").format(
                task=task, before=_right(before, loc), after=_right(after, loc)))
    chance = CHANCE.get(before.task)
    extra = [_("Guessing would get about {chance} right.").format(
        chance=_percent(chance, loc))] if chance is not None else []
    return " ".join((said, *extra, *_skipped(latest, loc)))


def _unmeasured(scored: Scored) -> bool:
    """The number line comes first: missing from a check-up that went on past it, it was
    not measured (no tone to hear, no line to see), not stopped before."""
    return not scored.tasks[Task.NUMBER_LINE].done and any(
        scored.tasks[task].done for task in TASKS if task is not Task.NUMBER_LINE)


def progress_lines(progress: Progress, loc: Localizer) -> list[str]:
    """The check-up part of a learner's report, for a teacher."""
    _ = loc.gettext
    before, after = progress.before, progress.after
    minutes = round(progress.minutes)
    if after is None:
        lines = [_("Number check-up for {name}: baseline on {date}.").format(
            name=progress.learner, date=loc.number(before.at.date().isoformat()))]
    else:
        lines = [_("Number check-up for {name}: before {before} → after {after}.").format(
            name=progress.learner, before=loc.number(before.at.date().isoformat()),
            after=loc.number(after.at.date().isoformat())),
            loc.ngettext("Between them: {minutes} minute of play, {questions} questions "
                         "answered, {hints} hints.",
                         "Between them: {minutes} minutes of play, {questions} questions "
                         "answered, {hints} hints.", minutes).format(
                                       minutes=loc.number(minutes),
                                       questions=loc.number(progress.questions),
                                       hints=loc.number(progress.hints))]
    for task in TASKS:
        if task is Task.NUMBER_LINE and (_unmeasured(before)
                                         or (after is not None and _unmeasured(after))):
            lines.append("  " + _("{task}: not measured (it needs the line seen or its tone "
                                  "heard: typing where a number goes would only copy "
                                  "it).").format(task=task_name(task, loc)))
            continue
        lines.append("  " + _task_line(progress.learner, before.tasks[task],
                                       after.tasks[task] if after else None, loc))
    if after is None:
        if progress.checkup_due:
            lines.append(loc.ngettext(
                "{minutes} minute played since: time for the next check-up "
                "(snl checkup {name}).",
                "{minutes} minutes played since: time for the next check-up "
                "(snl checkup {name}).", minutes).format(minutes=loc.number(minutes),
                                                        name=progress.learner))
        else:
            lines.append(_("The next check-up is due after {minutes} minutes of play "
                           "({played} so far).").format(
                minutes=loc.number(CHECKUP_AFTER_MINUTES), played=loc.number(minutes)))
    return lines


def _width(text: str) -> int:
    return sum(0 if unicodedata.combining(c) or unicodedata.category(c) == "Mn" else 1
               for c in text)


def _pad(text: str, width: int) -> str:
    return text + " " * (width - _width(text))


def _figure(result: TaskResult) -> float:
    """What the class table shows: percent right of those answered, and for the number
    line its percent error (lower is better), never a "closeness" beside percents right."""
    if result.task is Task.NUMBER_LINE:
        return result.line.pae if result.line else 100.0
    return result.percent


def _cell(progress: Progress, task: Task, loc: Localizer) -> str:
    before = progress.before.tasks[task]
    after = progress.after.tasks[task] if progress.after else None
    shown = [_pct(_figure(r), loc) if r.done else NOT_DONE for r in (before, after) if r]
    return " → ".join(shown)


def paired_in(everyone: Sequence[Progress], task: Task) -> list[Progress]:
    """Learners with a before and an after of the task, both done."""
    return [p for p in everyone if p.after is not None and p.before.tasks[task].done
            and p.after.tasks[task].done]


def class_table(everyone: Sequence[Progress], loc: Localizer) -> list[str]:
    """One row a learner: each task before → after, in percent right (the number line
    in percent off), and the lesson questions answered and minutes played between (at
    every seat of the tables hosted here: a child's terminal sends its answers)."""
    _ = loc.gettext
    header = [_("Learner").format()] + [task_name(t, loc) for t in TASKS] + \
        [_("Questions answered").format(), _("Minutes played").format()]
    rows = [[p.learner] + [_cell(p, t, loc) for t in TASKS]
            + [loc.number(p.questions), loc.number(round(p.minutes))] for p in everyone]
    paired = [p for p in everyone if p.after is not None]
    if paired:
        average = [_("Class average ({count})").format(count=loc.number(len(paired)))]
        for task in TASKS:
            both = paired_in(paired, task)
            before = sum(_figure(p.before.tasks[task]) for p in both) / max(len(both), 1)
            after = sum(_figure(p.after.tasks[task]) for p in both if p.after) / max(len(both), 1)
            average.append(f"{_pct(before, loc)} → {_pct(after, loc)}" if both else NOT_DONE)
        average.append(loc.number(round(sum(p.questions for p in paired) / len(paired))))
        average.append(loc.number(round(sum(p.minutes for p in paired) / len(paired))))
        rows.append(average)
    widths = [max(_width(row[i]) for row in [header, *rows]) for i in range(len(header))]
    lines = ["  ".join(_pad(cell, w) for cell, w in zip(header, widths, strict=True)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(_pad(cell, w) for cell, w in zip(row, widths, strict=True)).rstrip()
              for row in rows]
    lines.append(_("Percent right of the questions answered (skips left out); the number "
                   "line as percent off on average, lower is better. Before → after: the "
                   "first and the latest check-up.").format())
    return lines


def write_class_csv(everyone: Sequence[Progress], stream: TextIO) -> None:
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for p in everyone:
        for task in TASKS:
            before = p.before.tasks[task]
            after = p.after.tasks[task] if p.after else None

            def line(result: TaskResult | None, field: str) -> str:
                if result is None or result.line is None:
                    return ""
                return f"{getattr(result.line, field):.3f}"

            writer.writerow(spreadsheet_row([
                p.learner, task.value, p.before.at.date().isoformat(),
                p.after.at.date().isoformat() if p.after else "",
                f"{before.percent:.1f}" if before.done else "",
                f"{after.percent:.1f}" if after and after.done else "",
                line(before, "pae"), line(after, "pae"), line(before, "r2_linear"),
                line(after, "r2_linear"), line(before, "r2_log"), line(after, "r2_log"),
                f"{p.minutes:.0f}", p.questions, p.hints]))


def checkup_reminders(store: Store | None, names: list[str], loc: Localizer) -> list[str]:
    """After a game: which players with a baseline check-up have played long enough
    since their latest check-up for the next one."""
    if store is None:
        return []
    from snl_edu.checkup.results import minutes_since_last
    from snl_edu.store.checkups import CheckupStore

    kept = CheckupStore(store)
    reminders = []
    play = kept.play()
    for name in names:
        minutes = minutes_since_last(name, kept.checkups(name), play, datetime.now(UTC))
        if minutes is not None and minutes >= CHECKUP_AFTER_MINUTES:
            reminders.append(loc.ngettext(
                "{name} has played {minutes} minute since the last number check-up: time "
                "for the next one (snl checkup {name}).",
                "{name} has played {minutes} minutes since the last number check-up: time "
                "for the next one (snl checkup {name}).", round(minutes)).format(
                name=name, minutes=loc.number(round(minutes))))
    return reminders
