"""A learner's progress as readable lines, for a teacher or a parent."""

from __future__ import annotations

from snl_edu.i18n import Localizer
from snl_edu.lessons.adaptive import Summary
from snl_edu.vocabulary import N_

KIND_NAMES = {
    "count-on": N_("counting on"),
    "next-number": N_("the next number"),
    "numeral": N_("reading numerals"),
    "land-where": N_("where you land"),
    "to-ladder": N_("squares to a ladder"),
    "number-words": N_("number words"),
    "to-end": N_("squares to the end"),
    "who-ahead": N_("who is ahead"),
    "tens-ones": N_("tens and ones"),
    "board-row": N_("rows of the board"),
    "chance-faces": N_("chances on the pasa"),
    "chance-compare": N_("comparing chances"),
}
MISSED_SHOWN = 8
SESSIONS_SHOWN = 10


def kind_name(kind: str, loc: Localizer) -> str:
    return loc.gettext(KIND_NAMES[kind]) if kind in KIND_NAMES else kind


def percent(part: int, whole: int) -> int:
    return round(100 * part / whole) if whole else 0


def report_lines(summary: Summary, loc: Localizer) -> list[str]:
    _ = loc.gettext
    n = loc.number
    lines = [_("Progress for {name}").format(name=summary.learner)]
    if not summary.answered:
        lines.append(_("No answers yet."))
        lines.append(_("Suggested level: {level}.").format(level=n(summary.suggested_level)))
        return lines
    lines.append(loc.ngettext(
        "{count} answer, {correct} right ({percent}), about {seconds} seconds each.",
        "{count} answers, {correct} right ({percent}), about {seconds} seconds each.",
        summary.answered).format(count=n(summary.answered), correct=n(summary.correct),
                                   percent=n(percent(summary.correct, summary.answered)) + "%",
                                   seconds=n(round(summary.mean_seconds))))
    lines.append(_("By kind of question:"))
    for kind in summary.kinds:
        lines.append("  " + _("{kind}: {correct} of {count} right ({percent}), {first} at the "
                              "first try.").format(
            kind=kind_name(kind.kind, loc), correct=n(kind.correct), count=n(kind.answered),
            percent=n(percent(kind.correct, kind.answered)) + "%", first=n(kind.first_try)))
    if summary.missed_numbers:
        missed = loc.join(_("{number} ({times}×)").format(number=n(number), times=n(times))
                          for number, times in summary.missed_numbers[:MISSED_SHOWN])
        lines.append(_("Numbers to practise: {numbers}.").format(numbers=missed))
    else:
        lines.append(_("No number was missed. Wonderful!"))
    lines.append(_("Sessions, oldest first:"))
    for session in summary.sessions[-SESSIONS_SHOWN:]:
        lines.append("  " + _("{date}: {correct} of {count} right ({percent})").format(
            date=loc.digits_in(session.started), correct=n(session.correct),
            count=n(session.answered), percent=n(percent(session.correct, session.answered)) + "%"))
    lines.append(_("Suggested level: {level}.").format(level=n(summary.suggested_level)))
    return lines
