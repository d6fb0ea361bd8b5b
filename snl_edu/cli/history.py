"""`snl history`: the Moksha Patam history cards and the board's virtues and vices."""

from __future__ import annotations

import click

from snl_edu.cli.common import IntRange, remember_localizer
from snl_edu.cli.group import language_options
from snl_edu.language.localizer import Localizer, localizer_for
from snl_edu.language.registry import SOURCE_LANGUAGE
from snl_edu.lessons.content import history_cards, meanings


@click.command()
@click.option("--card", "card_number", type=IntRange(min=1), default=None,
              metavar="NUMBER", help="Show only this card.")
@click.option("--meanings", "show_meanings", is_flag=True,
              help="The virtues and vices of the moksha-patam board instead of the cards.")
@click.option("--sources/--no-sources", default=True, show_default=True,
              help="Say where each fact comes from.")
@language_options
def history(card_number: int | None, show_meanings: bool, sources: bool, lang: str | None,
            digits: str | None) -> None:
    # Its help is its line in snl_edu.cli.group.COMMANDS.
    loc = remember_localizer(localizer_for(lang, digits))
    _ = loc.gettext
    if show_meanings:
        for kind, title in (("virtue", _("Ladders: virtues that lift you up")),
                            ("vice", _("Snakes: vices that pull you down"))):
            click.echo(title)
            for meaning in (m for m in meanings() if m.kind == kind):
                click.echo("  " + _("{name}: {meaning}").format(
                    name=meaning.title(loc), meaning=meaning.in_language(loc)))
                if sources:
                    click.echo("    " + _("Source: {source}").format(
                        source=meaning.source_in(loc)))
        _say_where_the_titles_are(loc, sources, "snl history --meanings --lang en")
        return
    cards = history_cards()
    if card_number is not None and card_number > len(cards):
        raise click.BadParameter(_("There are {count} cards; choose a number from 1 to "
                                   "{count}.").format(count=loc.number(len(cards))),
                                 param_hint="--card")
    chosen = [(card_number, cards[card_number - 1])] if card_number else \
        list(enumerate(cards, start=1))
    if card_number is None:
        click.echo(_("Moksha Patam: {count} history cards").format(count=loc.number(len(cards))))
    for number, card in chosen:
        click.echo(_("{number}. {fact}").format(number=loc.number(number),
                                                fact=card.in_language(loc)))
        if sources:
            click.echo("   " + _("Source: {source}").format(source=card.source_in(loc)))
    _say_where_the_titles_are(loc, sources, "snl history --lang en")


def _say_where_the_titles_are(loc: Localizer, sources: bool, command: str) -> None:
    """Sources told in another language than their works' own: where a teacher finds the
    titles to search for."""
    if sources and loc.language != SOURCE_LANGUAGE:
        click.echo(loc.gettext("The sources as their works are titled, in English: "
                               "{command}").format(command=command))

