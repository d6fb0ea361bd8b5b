"""A learner's progress as readable lines, for a teacher or a parent."""

from __future__ import annotations

from snl_edu.language.localizer import Localizer
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
# Answers, all right at the first try and none skipped, before the report says "Wonderful!".
PRAISED_FROM = 5


def kind_name(kind: str, loc: Localizer) -> str:
    return loc.gettext(KIND_NAMES[kind]) if kind in KIND_NAMES else kind


def percent(part: int, whole: int, loc: Localizer) -> str:
    """A share of answers as a whole percentage; only asked for when there are answers,
    so no learner reads "0%" for questions nobody answered."""
    return loc.number(round(100 * part / whole)) + "%"


def _skipped(count: int, loc: Localizer) -> str:
    return loc.ngettext("{count} question skipped.", "{count} questions skipped.",
                        count).format(count=loc.number(count))


def learner_line(summary: Summary, loc: Localizer) -> str:
    """One learner in the list of learners."""
    n = loc.number
    if summary.answered:
        line = loc.ngettext(
            "{name}: {count} answer, {percent} right, suggested level {level}.",
            "{name}: {count} answers, {percent} right, suggested level {level}.",
            summary.answered).format(
            name=summary.learner, count=n(summary.answered),
            percent=percent(summary.correct, summary.answered, loc),
            level=n(summary.suggested_level))
    else:
        line = loc.gettext("{name}: no answers yet, suggested level {level}.").format(
            name=summary.learner, level=n(summary.suggested_level))
    return f"{line} {_skipped(summary.skipped, loc)}" if summary.skipped else line


def _numbers_line(summary: Summary, loc: Localizer) -> list[str]:
    """The numbers to practise, or praise the counts support: every answer right at the
    first try, said with how many, and "Wonderful!" only for enough answers and no skips
    (one answer and three questions skipped is not a wonderful record)."""
    _ = loc.gettext
    n = loc.number
    if summary.missed_numbers:
        missed = loc.join(_("{number} ({times}×)").format(number=n(number), times=n(times))
                          for number, times in summary.missed_numbers[:MISSED_SHOWN])
        return [_("Numbers to practise (not right at the first try): {numbers}.")
                .format(numbers=missed)]
    if summary.first_try < summary.answered:
        return []  # a miss on a question about no one number: the count line says it
    line = loc.ngettext("The {count} answer was right at the first try.",
                        "All {count} answers were right at the first try.",
                        summary.answered).format(count=n(summary.answered))
    if summary.answered >= PRAISED_FROM and not summary.skipped:
        line += " " + _("Wonderful!")
    return [line]


def report_lines(summary: Summary, loc: Localizer) -> list[str]:
    _ = loc.gettext
    n = loc.number
    lines = [_("Progress for {name}").format(name=summary.learner)]
    skipped = [_skipped(summary.skipped, loc)] if summary.skipped else []
    if not summary.answered:
        lines.append(_("No answers yet."))
        lines += skipped
        lines.append(_("Suggested level: {level}.").format(level=n(summary.suggested_level)))
        return lines
    lines.append(loc.ngettext(
        "{count} answer, {correct} right ({percent}), {first} at the first try, about "
        "{seconds} seconds each.",
        "{count} answers, {correct} right ({percent}), {first} at the first try, about "
        "{seconds} seconds each.",
        summary.answered).format(count=n(summary.answered), correct=n(summary.correct),
                                 percent=percent(summary.correct, summary.answered, loc),
                                 first=n(summary.first_try),
                                 seconds=n(round(summary.mean_seconds))))
    lines += skipped
    lines.append(_("By kind of question:"))
    for kind in summary.kinds:
        values = {"kind": kind_name(kind.kind, loc), "correct": n(kind.correct),
                  "count": n(kind.answered), "first": n(kind.first_try),
                  "skipped": n(kind.skipped)}
        if not kind.answered:
            text = _("{kind}: not answered, {skipped} skipped.")
        else:
            values["percent"] = percent(kind.correct, kind.answered, loc)
            text = _("{kind}: {correct} of {count} right ({percent}), {first} at the first "
                     "try, {skipped} skipped.") if kind.skipped else \
                _("{kind}: {correct} of {count} right ({percent}), {first} at the first try.")
        lines.append("  " + text.format(**values))
    lines += _numbers_line(summary, loc)
    lines.append(_("Sessions, oldest first:"))
    for session in summary.sessions[-SESSIONS_SHOWN:]:
        values = {"date": loc.number(session.started), "correct": n(session.correct),
                  "count": n(session.answered), "skipped": n(session.skipped)}
        if not session.answered:
            text = _("{date}: not answered, {skipped} skipped")
        else:
            values["percent"] = percent(session.correct, session.answered, loc)
            text = _("{date}: {correct} of {count} right ({percent}), {skipped} skipped") \
                if session.skipped else _("{date}: {correct} of {count} right ({percent})")
        lines.append("  " + text.format(**values))
    lines.append(_("Suggested level: {level}.").format(level=n(summary.suggested_level)))
    return lines
