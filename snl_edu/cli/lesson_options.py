"""`--lessons`, `--level`, `--history`, `--learner`: the options that bring lessons into a
game, each declared once with the ``PlayOptions`` field it fills."""

from __future__ import annotations

import click

from snl_edu.app.options import PlayOptions
from snl_edu.cli.common import CHILD_NAME, IntRange
from snl_edu.cli.declared import apply, declare
from snl_edu.lessons.questions import LEVELS
from snl_edu.lessons.teacher import Frequency

LESSONS = (
    declare(PlayOptions, "lessons", "--lessons", type=click.Choice([f.value for f in Frequency]),
            default=None,
            help="Number lessons between turns: off, some (about one turn in three for each "
                 "human player) or every. Default: some at a keyboard, off when the input is "
                 "a script."),
    declare(PlayOptions, "level", "--level", type=IntRange(LEVELS[0], LEVELS[-1]), default=None,
            help="Lesson level: 1 counting, 2 landing and number words, 3 distances and tens, "
                 "4 chances. Default: each learner's suggested level, from their answers so "
                 "far (1 for a new learner)."),
    declare(PlayOptions, "history", "--history", type=click.Choice(["on", "off"]), default=None,
            help="Short history of Moksha Patam when someone meets a ladder or a snake. "
                 "Default: on when the game has lessons."),
    declare(PlayOptions, "learner", "--learner", metavar="NAME", default=None, type=CHILD_NAME,
            help="Keep lesson progress under this name (one human player only; default: each "
                 "player's own name)."),
)
lesson_options = apply(*LESSONS)
