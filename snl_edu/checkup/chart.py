"""The class chart: for each check-up task, every learner's before -> after on one
A4 page, in the teacher's language, with the page's fonts embedded.

Four panels (two by two), one per task; each learner is a row with a hollow dot
at the first check-up and a filled dot at the latest, joined by an arrow; the
class average is the last row. A task a check-up stopped before is said in
words on the row ("before: not done"), not left blank. Everything is on a 0-100
scale where more is better (the number line as closeness: 100 minus the percent
error).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from snl_edu.checkup.items import TASKS, Task
from snl_edu.checkup.report import class_table, paired_in, task_name
from snl_edu.checkup.results import Progress
from snl_edu.language.localizer import Localizer
from snl_edu.views.printing.fonts import text_width
from snl_edu.views.printing.page import MARGIN, PAGE_HEIGHT, PAGE_WIDTH, Page, num, wrap

BEFORE = "#6a6a6a"
AFTER = "#1565c0"
TITLE_SIZE = 7.0
HEAD_SIZE = 4.2
NOTE_SIZE = 3.0
PANEL_GAP = 8.0
TOP = 30.0
FOOT = 24.0  # room for the key and the note under the panels


def _fit(text: str, size: float, width: float, bold: bool = False) -> str:
    """The text, cut with an ellipsis if it is wider than ``width``."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text + "…"


def class_chart(everyone: Sequence[Progress], loc: Localizer) -> str:
    _ = loc.gettext
    title = _("Number check-up: before and after").format()
    page = Page(title, " ".join(class_table(everyone, loc)), loc.language, names_children=True)
    page.text(PAGE_WIDTH / 2, MARGIN + TITLE_SIZE * 0.8, title, TITLE_SIZE, anchor="middle",
              bold=True, extra=' class="title"')
    paired = [p for p in everyone if p.after is not None]
    subtitle = loc.ngettext("{learners} learner, {paired} with a check-up before and after.",
                            "{learners} learners, {paired} with a check-up before and after.",
                            len(everyone)).format(learners=loc.number(len(everyone)),
                                                  paired=loc.number(len(paired)))
    page.text(PAGE_WIDTH / 2, MARGIN + TITLE_SIZE + 6, subtitle, NOTE_SIZE + 0.6,
              anchor="middle", extra=' class="subtitle"')
    panel_width = (PAGE_WIDTH - 2 * MARGIN - PANEL_GAP) / 2
    panel_height = (PAGE_HEIGHT - TOP - FOOT - MARGIN - PANEL_GAP) / 2
    for index, task in enumerate(TASKS):
        x = MARGIN + (index % 2) * (panel_width + PANEL_GAP)
        y = TOP + (index // 2) * (panel_height + PANEL_GAP)
        _panel(page, everyone, paired, task, x, y, panel_width, panel_height, loc)
    _key(page, loc)
    return page.svg()


class _Row(NamedTuple):
    """One line of a panel: a dot for each check-up that did the task, and words for
    what is missing (a check-up stopped before the task), never a gap alone."""

    name: str
    before: float | None
    after: float | None
    missing: str | None
    average: bool = False


def _row(progress: Progress, task: Task, loc: Localizer) -> _Row:
    _ = loc.gettext
    first = progress.before.tasks[task]
    latest = progress.after.tasks[task] if progress.after else None
    before = first.percent if first.done else None
    after = latest.percent if latest and latest.done else None
    if before is None and after is None:
        missing: str | None = _("not done").format()
    elif before is None:
        missing = _("before: not done").format()
    elif latest is not None and after is None:
        missing = _("after: not done").format()
    else:
        missing = None
    return _Row(progress.learner, before, after, missing)


def _panel(page: Page, everyone: Sequence[Progress], paired: Sequence[Progress], task: Task,
           x: float, y: float, width: float, height: float, loc: Localizer) -> None:
    _ = loc.gettext
    page.add(f'<g class="panel" data-task="{task.value}">')
    page.text(x, y + HEAD_SIZE, _fit(task_name(task, loc), HEAD_SIZE, width, bold=True),
              HEAD_SIZE, bold=True, extra=' class="panel-title"')
    rows = [_row(p, task, loc) for p in everyone]
    both = paired_in(paired, task)
    if both:
        before = sum(p.before.tasks[task].percent for p in both) / len(both)
        after = sum(p.after.tasks[task].percent for p in both if p.after) / len(both)
        rows.append(_Row(_("Class average").format(), before, after, None, True))
    elif paired:
        rows.append(_Row(_("Class average").format(), None, None,
                         _("no before and after").format(), True))
    axis_top = y + HEAD_SIZE + 7
    row_height = min(7.0, (y + height - axis_top) / max(len(rows), 1))
    size = min(3.4, row_height * 0.72)
    name_width = min(width * 0.34, max(text_width(r.name, size, r.average) for r in rows) + 2)
    left, right = x + name_width, x + width - 3
    # Axis: 0, 25, 50, 75, 100 percent, with faint lines down the panel.
    bottom = axis_top + row_height * len(rows)
    for tick in range(0, 101, 25):
        tx = left + (right - left) * tick / 100
        page.add(f'<line x1="{num(tx)}" y1="{num(axis_top)}" x2="{num(tx)}" '
                 f'y2="{num(bottom)}" stroke="#d0d0d0" stroke-width="0.2"/>')
        page.text(tx, axis_top - 1.2, loc.number(tick), NOTE_SIZE * 0.9, anchor="middle",
                  fill="#444444", extra=' class="tick"')
    for number, row in enumerate(rows):
        cy = axis_top + row_height * (number + 0.5)
        page.text(x, cy + size * 0.35, _fit(row.name, size, name_width - 1.5, row.average),
                  size, bold=row.average, extra=' class="row-name"')
        radius = min(1.3, row_height * 0.3)
        bx = None if row.before is None else left + (right - left) * row.before / 100
        ax = None if row.after is None else left + (right - left) * row.after / 100
        if bx is not None and ax is not None and abs(ax - bx) > radius * 2:
            tip = ax - radius * (1 if ax > bx else -1)
            head = 1.2 * (1 if ax > bx else -1)
            page.add(f'<line x1="{num(bx)}" y1="{num(cy)}" x2="{num(tip)}" y2="{num(cy)}" '
                     f'stroke="{AFTER}" stroke-width="0.5"/>',
                     f'<path d="M {num(tip)} {num(cy)} L {num(tip - head)} '
                     f'{num(cy - 0.8)} L {num(tip - head)} {num(cy + 0.8)} Z" '
                     f'fill="{AFTER}"/>')
        if ax is not None:
            page.add(f'<circle cx="{num(ax)}" cy="{num(cy)}" r="{num(radius)}" fill="{AFTER}" '
                     f'class="after" data-percent="{row.after:.1f}"/>')
        if bx is not None:
            page.add(f'<circle cx="{num(bx)}" cy="{num(cy)}" r="{num(radius)}" fill="#ffffff" '
                     f'stroke="{BEFORE}" stroke-width="0.45" class="before" '
                     f'data-percent="{row.before:.1f}"/>')
        if row.missing is not None:
            # In words, on the half of the line away from the one dot there may be.
            dot = bx if bx is not None else ax
            room = right - left if dot is None else (right - left) / 2 - radius * 2
            words = _fit(row.missing, size, room - 1)
            at_right = dot is not None and dot < (left + right) / 2
            page.text(right - 1 if at_right else left + 1, cy + size * 0.35, words, size,
                      anchor="end" if at_right else "start", fill="#333333",
                      extra=' class="not-done"')
    page.add("</g>")


def _key(page: Page, loc: Localizer) -> None:
    _ = loc.gettext
    y = PAGE_HEIGHT - MARGIN - FOOT + 6
    x = MARGIN
    page.add(f'<circle cx="{num(x + 1.5)}" cy="{num(y - 1)}" r="1.3" fill="#ffffff" '
             f'stroke="{BEFORE}" stroke-width="0.45"/>')
    before = _("before: the first check-up").format()
    page.text(x + 4, y, before, NOTE_SIZE + 0.4, extra=' class="key"')
    x2 = x + 4 + text_width(before, NOTE_SIZE + 0.4) + 8
    page.add(f'<circle cx="{num(x2 + 1.5)}" cy="{num(y - 1)}" r="1.3" fill="{AFTER}"/>')
    page.text(x2 + 4, y, _("after: the latest check-up").format(), NOTE_SIZE + 0.4,
              extra=' class="key"')
    note = _("Percent right in each task; the number line as closeness, 100 minus the average "
             "distance from the right place in percent. Minutes of play, questions and hints "
             "for each learner are in the table (snl progress --class).").format()
    lines = wrap(note, NOTE_SIZE, PAGE_WIDTH - 2 * MARGIN) or [note]
    for number, line in enumerate(lines):
        page.text(MARGIN, y + 6 + number * NOTE_SIZE * 1.3, line, NOTE_SIZE, fill="#333333",
                  extra=' class="note"')
