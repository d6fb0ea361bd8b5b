"""`snl rules`: the rules for the chosen board and options."""

from __future__ import annotations

import click

from snl_edu.boards import DEFAULT_BOARD, load_board
from snl_edu.cli.common import remember_localizer, rule_options, rules_from_options
from snl_edu.cli.group import language_options
from snl_edu.language.localizer import localizer_for
from snl_edu.views.rules_text import rules_lines


@click.command()
@click.option("--board", default=DEFAULT_BOARD, show_default=True, metavar="NAME|PATH",
              help="A shipped board's name or a board file.")
@rule_options
@language_options
def rules(board: str, lang: str | None, digits: str | None, **options: object) -> None:
    # Its help is its line in snl_edu.cli.group.COMMANDS.
    loc = remember_localizer(localizer_for(lang, digits))
    for line in rules_lines(load_board(board), rules_from_options(**options), loc):
        click.echo(line)

