"""The `snl` command: a Click group whose commands load when they run (see cli/group.py)."""

from __future__ import annotations

import click

from snl_edu.cli.group import SnlGroup, language_options
from snl_edu.cli.localized import help_localizer, localize_tree


def _show_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    """--version in the language asked for (Click's own option words its line at import)."""
    if not value or ctx.resilient_parsing:
        return
    from importlib.metadata import version

    line = help_localizer(ctx).gettext("%(prog)s, version %(version)s")
    click.echo(line % {"prog": "snl", "version": version("snl_edu")})
    ctx.exit()


@click.group(cls=SnlGroup, invoke_without_command=True,
             context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True,
              callback=_show_version, help="Show the version and exit.")
@language_options
@click.pass_context
def main(ctx: click.Context, lang: str | None, digits: str | None) -> None:
    """Snakes and Ladders (saanp ra bharyang) that talks, listens and teaches."""
    if ctx.invoked_subcommand is None:
        # "snl --lang ne" alone is the Nepali help, as "snl" alone is the help.
        raise click.exceptions.NoArgsIsHelpError(ctx)


localize_tree(main)
