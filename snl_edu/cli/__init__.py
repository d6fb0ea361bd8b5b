"""The `snl` command: a Click group whose commands load when they run (see cli/group.py)."""

from __future__ import annotations

import click

from snl_edu.cli.group import SnlGroup, language_options
from snl_edu.cli.localized import localize_tree


@click.group(cls=SnlGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="snl_edu", prog_name="snl")
@language_options
def main(lang: str | None, digits: str | None) -> None:
    """Snakes and Ladders (saanp ra bharyang) that talks, listens and teaches."""


localize_tree(main)
