"""The `snl` command: Click groups and commands, thin wiring only."""

from __future__ import annotations

import click

from snl_edu.cli.common import SnlGroup
from snl_edu.cli.localized import localize_tree


@click.group(cls=SnlGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="snl_edu", prog_name="snl")
def main() -> None:
    """Snakes and Ladders (saanp ra bharyang) that talks, listens and teaches."""


def _register() -> None:
    from snl_edu.cli import (
        boards,
        games,
        history,
        lesson,
        play,
        progress,
        rules,
        say,
        stats,
        voice,
        words,
    )

    for module in (play, games, rules, words, boards, say, voice, stats, history, lesson,
                   progress):
        module.register(main)
    localize_tree(main)


_register()
