"""`--lessons`, `--level`, `--learner`: the options that bring lessons into a game."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeVar

import click

from snl_edu.engine import Game
from snl_edu.i18n import Localizer
from snl_edu.lessons.answers import Inputs
from snl_edu.lessons.questions import LEVELS
from snl_edu.lessons.teacher import Frequency, Recorder, Teacher
from snl_edu.outputs import Outputs
from snl_edu.store import Store
from snl_edu.store.progress import ProgressStore

F = TypeVar("F", bound=Callable[..., Any])


def lesson_options(function: F) -> F:
    options = [
        click.option("--lessons", type=click.Choice([f.value for f in Frequency]), default=None,
                     help="Number lessons between turns: off, some (about one turn in three "
                          "for each human player) or every. Default: some at a keyboard, off "
                          "when the input is a script."),
        click.option("--level", type=click.IntRange(LEVELS[0], LEVELS[-1]), default=1,
                     show_default=True,
                     help="Lesson level: 1 counting, 2 landing and number words, 3 distances "
                          "and tens, 4 chances."),
        click.option("--learner", metavar="NAME", default=None,
                     help="Keep lesson progress under this name (one human player only; "
                          "default: each player's own name)."),
    ]
    for option in reversed(options):
        function = option(function)
    return function


def choose_frequency(lessons: str | None, interactive: bool) -> Frequency:
    """A piped script replays as written unless lessons are asked for by name."""
    if lessons is not None:
        return Frequency(lessons)
    return Frequency.SOME if interactive else Frequency.OFF


def lessons_wanted(lessons: str | None, interactive: bool) -> bool:
    """Whether this game has lessons, so voice listens for numbers too."""
    return choose_frequency(lessons, interactive) is not Frequency.OFF


def build_teacher(game: Game, loc: Localizer, inputs: Inputs, outputs: Outputs,
                  lessons: str | None, level: int, learner: str | None, store: Store | None,
                  seed: int | None, timeout: float | None) -> Teacher | None:
    frequency = choose_frequency(lessons, inputs.interactive)
    humans = [index for index, seat in enumerate(game.seats) if not seat.computer]
    if learner is not None:
        if not learner.strip():
            raise click.BadParameter(loc.gettext("A learner's name cannot be empty."),
                                     param_hint="--learner")
        if len(humans) != 1:
            raise click.UsageError(loc.gettext(
                "--learner names the one human player; with several players each one's "
                "progress is kept under their own name."))
    if frequency is Frequency.OFF:
        return None
    recorder = (Recorder(ProgressStore(store), "game", level, loc.language)
                if store is not None else None)
    # Its own random stream: the same --seed plays the same game with or without lessons.
    rng = random.Random(None if seed is None else f"lessons-{seed}")
    return Teacher(loc, outputs, inputs, frequency, level, rng, timeout, recorder,
                   {humans[0]: learner.strip()} if learner else {})
