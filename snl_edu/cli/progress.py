"""`snl progress`: what each learner practised and where they struggle."""

from __future__ import annotations

import sys

import click

from snl_edu.cli.common import localizer_for, remember_localizer
from snl_edu.cli.group import language_options
from snl_edu.cli.storage import data_dir_option, open_cli_store
from snl_edu.i18n import Localizer
from snl_edu.lessons.adaptive import summarise
from snl_edu.lessons.report import percent, report_lines
from snl_edu.safe_text import clean_name
from snl_edu.store import Store
from snl_edu.store.forget import forget, learner_or_player
from snl_edu.store.progress import ProgressStore, UnknownLearnerError, write_csv


@click.command()
@click.argument("name", required=False)
@click.option("--csv", "as_csv", is_flag=True,
              help="Every answer as CSV for a spreadsheet (one learner, or all).")
@click.option("--forget", metavar="NAME", default=None,
              help="Delete everything kept for this learner, after asking.")
@click.option("--yes", "sure", is_flag=True,
              help="Do not ask before forgetting (for scripts).")
@data_dir_option
@language_options
def progress(name: str | None, as_csv: bool, forget: str | None, sure: bool,
             data_dir: str | None, lang: str | None, digits: str | None) -> None:
    # Its help is its line in snl_edu.cli.group.COMMANDS.
    loc = remember_localizer(localizer_for(lang, digits))
    _ = loc.gettext
    with open_cli_store(data_dir, loc) as store:
        kept = ProgressStore(store)
        if forget is not None:
            _forget(store, forget, sure, loc)
            return
        if name is not None:
            name = kept.canonical_name(name)
        if as_csv:
            write_csv(kept.answers(name), sys.stdout)
            return
        if name is not None:
            for line in report_lines(summarise(name, kept.answers(name)), loc):
                click.echo(line)
            return
        learners = kept.learners()
        if not learners:
            click.echo(_("No progress is kept yet. Lessons in a game or snl lesson --learner "
                         "NAME start it."))
            return
        click.echo(_("Learners:"))
        for learner in learners:
            summary = summarise(learner, kept.answers(learner))
            click.echo("  " + loc.ngettext(
                "{name}: {count} answer, {percent} right, suggested level {level}.",
                "{name}: {count} answers, {percent} right, suggested level {level}.",
                summary.answered).format(
                name=learner, count=loc.number(summary.answered),
                percent=loc.number(percent(summary.correct, summary.answered)) + "%",
                level=loc.number(summary.suggested_level)))
        click.echo(_("For one learner's report: snl progress NAME"))


def _confirm_forget(name: str, answers: int, loc: Localizer) -> bool:
    """Ask before deleting a child's record: it cannot be undone. No answer means no."""
    click.echo(loc.ngettext(
        "Forget {name}? This deletes {count} answer and every saved game {name} played, "
        "and cannot be undone.",
        "Forget {name}? This deletes {count} answers and every saved game {name} played, "
        "and cannot be undone.", answers).format(name=name, count=loc.number(answers)))
    click.echo(loc.gettext("Type y and press Enter to forget, or just Enter to keep."))
    from snl_edu.languages import languages

    reply = " ".join(sys.stdin.readline().split()).casefold()
    return reply == "y" or any(reply in language.yes_words for language in languages())


def _forget(store: Store, name: str, sure: bool, loc: Localizer) -> None:
    kept = ProgressStore(store)
    if not learner_or_player(store, name):
        raise UnknownLearnerError(name, kept.learners())
    shown = kept.canonical_name(name) if kept.exists(name) else clean_name(name)
    if not sure and not _confirm_forget(shown, len(kept.answers(name)), loc):
        click.echo(loc.gettext("Nothing was deleted."))
        raise click.exceptions.Exit(1)
    done = forget(store, name)
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
    for backup in done.cleaned:
        click.echo(loc.gettext("{name} was also removed from the backup {path}.").format(
            name=shown, path=str(backup)))
    for backup in done.left:
        click.echo(loc.gettext("The backup {path} is damaged and may still hold data about "
                               "{name}: delete it if it is no longer needed.").format(
            path=str(backup), name=shown))
