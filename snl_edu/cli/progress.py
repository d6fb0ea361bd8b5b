"""`snl progress`: what each learner practised and where they struggle."""

from __future__ import annotations

import sqlite3
import sys
from datetime import UTC, datetime
from pathlib import Path

import click

from snl_edu.checkup.report import class_table, progress_lines, write_class_csv
from snl_edu.checkup.results import progress as learning
from snl_edu.cli.common import CHILD_NAME, remember_localizer
from snl_edu.cli.group import language_options
from snl_edu.cli.storage import data_dir_option, open_cli_store
from snl_edu.error_text import describe, system_words
from snl_edu.language.localizer import Localizer, localizer_for
from snl_edu.lessons.adaptive import summarise
from snl_edu.lessons.report import learner_line, report_lines
from snl_edu.safe_text import visible
from snl_edu.store import Store, StoreError
from snl_edu.store.checkups import CheckupStore
from snl_edu.store.forget import find, forget
from snl_edu.store.progress import ProgressStore, UnknownLearnerError, write_csv


@click.command()
@click.argument("name", required=False, type=CHILD_NAME)
@click.option("--csv", "as_csv", is_flag=True,
              help="Every answer as CSV for a spreadsheet (one learner, or all).")
@click.option("--forget", metavar="NAME", default=None, type=CHILD_NAME,
              help="Delete everything kept for this learner, after asking.")
@click.option("--yes", "sure", is_flag=True,
              help="Do not ask before forgetting (for scripts).")
@click.option("--class", "whole_class", is_flag=True,
              help="The class report: every learner's number check-ups, before and after.")
@click.option("--merge", "merged", multiple=True, metavar="FILE",
              type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="With --class: add the learners of another computer's saved-games file "
                   "(read only; repeatable).")
@click.option("--chart", metavar="FILE", default=None,
              type=click.Path(dir_okay=False, path_type=Path),
              help="With --class: draw the before and after of each task on an A4 page "
                   "(SVG, or PDF for a .pdf name).")
@data_dir_option
@language_options
def progress(name: str | None, as_csv: bool, forget: str | None, sure: bool,
             whole_class: bool, merged: tuple[Path, ...], chart: Path | None,
             data_dir: str | None, lang: str | None, digits: str | None) -> None:
    # Its help is its line in snl_edu.cli.group.COMMANDS.
    loc = remember_localizer(localizer_for(lang, digits))
    _ = loc.gettext
    if (merged or chart) and not whole_class:
        raise click.UsageError(_("--merge and --chart go with --class.").format())
    try:
        opened = open_cli_store(data_dir, loc)
    except StoreError as error:
        if forget is None:
            raise
        raise click.ClickException(describe(error, loc) + " " + _("Nothing was forgotten.")
                                   ) from None
    with opened as store:
        kept = ProgressStore(store)
        if whole_class:
            _class_report(store.connection, merged, as_csv, chart, loc)
            return
        if forget is not None:
            _forget(store, forget, sure, loc)
            return
        if name is not None:
            name = kept.canonical_name(name)
        if as_csv:
            write_csv(kept.answers(name), sys.stdout)
            return
        if name is not None:
            answers = kept.answers(name)
            if answers:
                for line in report_lines(summarise(name, answers), loc):
                    click.echo(line)
            checkups = CheckupStore(store)
            found = learning(name, checkups.checkups(name), checkups.play(), answers,
                             datetime.now(UTC))
            if found is not None:
                for line in progress_lines(found, loc):
                    click.echo(line)
            return
        learners = kept.learners()
        if not learners:
            click.echo(_("No progress is kept yet. Lessons in a game or snl lesson --learner "
                         "NAME start it."))
            return
        click.echo(_("Learners:"))
        for learner in learners:
            click.echo("  " + learner_line(summarise(learner, kept.answers(learner)), loc))
        click.echo(_("For one learner's report: snl progress NAME"))


def _class_report(here: sqlite3.Connection, merged: tuple[Path, ...], as_csv: bool,
                  chart: Path | None, loc: Localizer) -> None:
    from snl_edu.checkup.classroom import class_progress, open_other

    _ = loc.gettext
    others = []
    for path in merged:
        try:
            others.append(open_other(path))
        except sqlite3.Error as error:
            raise click.ClickException(_("{path} cannot be read as a saved-games file: "
                                         "{reason}.").format(path=str(path),
                                                             reason=str(error))) from None
    try:
        everyone = class_progress([here, *others], datetime.now(UTC))
    finally:
        for connection in others:
            connection.close()
    if not everyone:
        if chart is None:
            click.echo(_("Nobody has had a number check-up yet. Start one with: snl checkup "
                         "NAME").format())
        else:  # the file asked for is not written, and the teacher is told so
            click.echo(_("Nobody has had a number check-up yet, so no class chart was drawn. "
                         "Start one with: snl checkup NAME").format())
        return
    if as_csv:
        write_class_csv(everyone, sys.stdout)
    else:
        for line in class_table(everyone, loc):
            click.echo(line)
    if chart is not None:
        from snl_edu.checkup.chart import class_chart
        from snl_edu.cli.printed import write_page

        write_page(class_chart(everyone, loc), chart, chart.suffix.lower() == ".pdf", loc)
        click.echo(_("Drew the class chart on an A4 page: {path}").format(path=str(chart)),
                   err=as_csv)


def _confirm_forget(name: str, answers: int, loc: Localizer) -> bool:
    """Ask before deleting a child's record: it cannot be undone. No answer means no."""
    click.echo(loc.ngettext(
        "Forget {name}? This deletes {count} answer and every saved game {name} played, "
        "and cannot be undone.",
        "Forget {name}? This deletes {count} answers and every saved game {name} played, "
        "and cannot be undone.", answers).format(name=name, count=loc.number(answers)))
    click.echo(loc.gettext("Type y and press Enter to forget, or just Enter to keep."))
    from snl_edu.language.registry import languages

    reply = " ".join(sys.stdin.readline().split()).casefold()
    return reply == "y" or any(reply in language.yes_words for language in languages())


def _forget(store: Store, name: str, sure: bool, loc: Localizer) -> None:
    kept = ProgressStore(store)
    found = find(store, name)
    shown = kept.canonical_name(name) if kept.exists(name) else name
    if not found:
        # Nothing readable holds the name, but a damaged backup may: the user is told
        # where it is and that deleting it is theirs to decide.
        for backup in found.damaged:
            click.echo(_left_behind(backup, shown, loc), err=True)
        raise UnknownLearnerError(shown, kept.learners())
    if not sure and not _confirm_forget(shown, len(kept.answers(name)), loc):
        click.echo(loc.gettext("Nothing was deleted."))
        raise click.exceptions.Exit(1)
    try:
        done = forget(store, name)
    except StoreError as error:  # one transaction: all of it or none
        raise click.ClickException(loc.gettext(
            "Nothing was forgotten: {reason}. Free some space and try again.").format(
            reason=system_words(error.cause, error.detail, loc))) from None
    click.echo(loc.ngettext("Forgot {name}: {count} answer deleted.",
                            "Forgot {name}: {count} answers deleted.", done.answers).format(
        name=shown, count=loc.number(done.answers)))
    click.echo(loc.ngettext("{count} saved game with {name} deleted.",
                            "{count} saved games with {name} deleted.", done.games).format(
        name=shown, count=loc.number(done.games)))
    if done.mentions:
        click.echo(loc.ngettext(
            "{name} was also taken out of {count} answer of another learner.",
            "{name} was also taken out of {count} answers of other learners.",
            done.mentions).format(name=shown, count=loc.number(done.mentions)))
    for path in done.files:
        click.echo(loc.gettext("{name} was also removed from {path}.").format(
            name=shown, path=visible(str(path))))
    for path in done.discarded:
        click.echo(loc.gettext("The damaged file {path} was deleted: it could not be read, so "
                               "any data about {name} in it is gone too.").format(
            name=shown, path=visible(str(path))))
    for backup in done.cleaned:
        click.echo(loc.gettext("{name} was also removed from the backup {path}.").format(
            name=shown, path=visible(str(backup))))
    for backup in done.left:
        click.echo(_left_behind(backup, shown, loc))
    for path in done.stuck:
        click.echo(loc.gettext("{path} could not be written and still holds data about "
                               "{name}: delete it, or forget {name} again when there is "
                               "room on the disk.").format(path=visible(str(path)), name=shown))
    if not done.scrubbed:
        click.echo(loc.gettext("The saved-games file could not be tidied (the disk is full): "
                               "copies of what was deleted may stay on the disk until snl "
                               "next writes there.").format())


def _left_behind(path: Path, name: str, loc: Localizer) -> str:
    return loc.gettext("The backup {path} is damaged and may still hold data about "
                       "{name}: delete it if it is no longer needed.").format(
        path=visible(str(path)), name=name)
