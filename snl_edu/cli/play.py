"""`snl play`: parameters in, a frozen ``PlayOptions`` out; snl_edu.app plays the game."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from snl_edu.app.options import DEFAULT_BOARD, LATEST, PlayOptions, SoundOptions, VoiceOptions
from snl_edu.cli.audio import play_audio_options
from snl_edu.cli.common import (
    IntRange,
    Seconds,
    remember_localizer,
    rule_options,
    rules_from_options,
    run_app,
)
from snl_edu.cli.group import language_options
from snl_edu.cli.lesson_options import lesson_options
from snl_edu.cli.storage import data_dir_option
from snl_edu.cli.voice_options import voice_options
from snl_edu.engine import MAX_SEATS
from snl_edu.language.localizer import localizer_for
from snl_edu.play.narration import Verbosity

# An hour: longer than any wait a game needs, and a bound that keeps time finite.
MAX_WAIT = 3600.0
F = TypeVar("F", bound=Callable[..., Any])


def new_game_options(function: F) -> F:
    """Who plays, on which board, by which rules, at what pace, told how: shared by
    `snl play` and `snl table host`, so each option is declared once."""
    options = [
        click.option("--players", metavar="NAMES", default=None,
                     help='Human players, comma separated, for example "Asha,Bikash".'),
        click.option("--team", "teams", metavar="NAME+NAME", multiple=True,
                     help='A team of two or three children who share one token and take '
                          'turns to roll, for example "Asha+Bikash" (repeatable).'),
        click.option("--computer", "computers", type=IntRange(0, MAX_SEATS),
                     default=None, help="Number of computer players."),
        click.option("--board", default=DEFAULT_BOARD, show_default=True, metavar="NAME|PATH",
                     help="A shipped board's name or a board file."),
        rule_options,
        click.option("--seed", type=int, default=None,
                     help="Seed the pasa: the same seed plays the same game."),
        click.option("--pace", type=Seconds(min=0, max=MAX_WAIT), default=None, metavar="SECONDS",
                     help="Pause before each computer roll (default: 0.8 on a terminal, "
                          "else 0)."),
        click.option("--verbosity", type=click.Choice([v.value for v in Verbosity]),
                     default=Verbosity.NORMAL.value, show_default=True,
                     help="brief: the essentials; full: counting and encouragement for "
                          "children."),
        click.option("--count", is_flag=True, help="Count each move aloud, square by square."),
        click.option("--resume", "resume_game", is_flag=False, flag_value=LATEST, default=None,
                     metavar="[NUMBER]",
                     help="Continue a saved game: the latest unfinished one, or the one "
                          "numbered (see snl games)."),
    ]
    for option in reversed(options):
        function = option(function)
    return function


@click.command()
@new_game_options
@click.option("--demo", is_flag=True, help="Computer players only; runs to the end with no "
                                           "input.")
@click.option("--auto-roll", type=Seconds(min=0.5, max=MAX_WAIT), default=None, metavar="SECONDS",
              help="Roll for a human who has not rolled in this many seconds.")
@lesson_options
@play_audio_options
@voice_options
@data_dir_option
@language_options
@click.pass_context
def play(ctx: click.Context, players: str | None, teams: tuple[str, ...], computers: int | None, board: str,
         seed: int | None, demo: bool, auto_roll: float | None, pace: float | None,
         verbosity: str, count: bool, resume_game: str | None, data_dir: str | None,
         lang: str | None, digits: str | None, speech: bool, sound: bool, screen_reader: bool,
         record: Path | None, tts: str, rate: int, volume: int, sound_volume: int,
         lessons: str | None, level: int | None, history: str | None, learner: str | None,
         voice: bool, voice_model: Path | None, audio_in: Path | None, recogniser: str | None,
         **rule_values: object) -> None:
    # Its help is its line in snl_edu.cli.group.COMMANDS.
    from snl_edu.app.play import play as play_game
    from snl_edu.play.session import Ending

    # The language resolved here, once (--lang, SNL_LANG, the locale), and passed down.
    loc = remember_localizer(localizer_for(lang, digits))
    options = PlayOptions(
        lang=loc.language, digits=loc.digits.value,
        players=None if players is None else tuple(players.split(",")), teams=teams,
        computers=computers, demo=demo, board=board,
        rules=rules_from_options(**rule_values),  # type: ignore[arg-type]
        seed=seed, resume=resume_game, auto_roll=auto_roll, pace=pace, verbosity=verbosity,
        count=count, lessons=lessons, level=level,
        learner=learner, history=history,
        sound=SoundOptions(speech=speech, sound=sound, screen_reader=screen_reader,
                           record=record, tts=tts, rate=rate, volume=volume,
                           sound_volume=sound_volume),
        voice=VoiceOptions(listen=voice, model=voice_model, audio_in=audio_in,
                           recogniser=recogniser),
        data_dir=data_dir,
        given=frozenset(name for name in ctx.params if ctx.get_parameter_source(name)
                        is click.core.ParameterSource.COMMANDLINE))
    ending = run_app(ctx, lambda: play_game(options))
    if ending is Ending.INTERRUPTED:
        raise click.exceptions.Exit(1)

