"""`snl lesson`: number practice outside a game, on positions drawn from a board."""

from __future__ import annotations

import click

from snl_edu.app.practice import DEFAULT_QUESTIONS, PRACTICE_BOARD, practise
from snl_edu.cli.common import CHILD_NAME, IntRange, remember_localizer
from snl_edu.cli.group import language_options
from snl_edu.cli.storage import data_dir_option
from snl_edu.language.localizer import localizer_for
from snl_edu.lessons.questions import LEVELS
from snl_edu.play import teams


@click.command()
@click.option("--learner", metavar="NAME", required=True, type=CHILD_NAME, help="Whose progress this is.")
@click.option("--level", type=IntRange(LEVELS[0], LEVELS[-1]), default=None,
              help="1 counting, 2 landing and number words, 3 distances and tens, 4 chances. "
                   "Default: the level the learner's progress suggests.")
@click.option("--questions", type=IntRange(1, 50), default=DEFAULT_QUESTIONS,
              show_default=True, help="How many questions.")
@click.option("--board", default=PRACTICE_BOARD, show_default=True, metavar="NAME|PATH",
              help="The board the questions are about.")
@click.option("--seed", type=int, default=None, help="The same seed asks the same questions.")
@data_dir_option
@language_options
def lesson(learner: str, level: int | None, questions: int, board: str, seed: int | None,
           data_dir: str | None, lang: str | None, digits: str | None) -> None:
    # Its help is its line in snl_edu.cli.group.COMMANDS.
    loc = remember_localizer(localizer_for(lang, digits))
    _ = loc.gettext
    if teams.SEPARATOR in learner:
        raise click.BadParameter(_(teams.ONE_CHILD), param_hint="--learner")
    practise(loc, learner, level, questions, board, seed, data_dir,
             lambda notice: click.echo(notice, err=True))
