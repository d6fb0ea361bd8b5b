"""`snl words`: the glossary of the game's Nepali words."""

from __future__ import annotations

import click

from snl_edu.cli.common import remember_localizer
from snl_edu.cli.group import language_options
from snl_edu.language.glossary import glossary_lines
from snl_edu.language.localizer import localizer_for


@click.command()
@language_options
def words(lang: str | None, digits: str | None) -> None:
    # Its help is its line in snl_edu.cli.group.COMMANDS.
    loc = remember_localizer(localizer_for(lang, digits))
    for line in glossary_lines(loc):
        click.echo(line)

