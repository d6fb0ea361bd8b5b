"""`snl play`: parameters in, a frozen ``PlayOptions`` out; snl_edu.app plays the game.

Every option is declared once with the field it fills (snl_edu.cli.declared): the command
and ``snl table host`` apply the same declarations and build their records from them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import click

from snl_edu.app.options import DEFAULT_BOARD, LATEST, PlayOptions, SoundOptions, VoiceOptions
from snl_edu.cli.audio import PLAY_SOUND
from snl_edu.cli.common import (
    IntRange,
    Seconds,
    remember_localizer,
    rule_options,
    rules_from_options,
    run_app,
)
from snl_edu.cli.declared import Option, apply, declare, filled, given_flags
from snl_edu.cli.group import language_options
from snl_edu.cli.lesson_options import LESSONS
from snl_edu.cli.storage import DATA_DIR
from snl_edu.cli.voice_options import VOICE
from snl_edu.engine import MAX_SEATS
from snl_edu.language.localizer import Localizer, localizer_for
from snl_edu.play.narration import Verbosity

# The straight boards' sizes (snl_edu/boards/straight-10.toml and straight-20.toml).
STRAIGHT_BOARDS = ("10", "20")
# An hour: longer than any wait a game needs, and a bound that keeps time finite.
MAX_WAIT = 3600.0


def _names(text: str | None) -> tuple[str, ...] | None:
    return None if text is None else tuple(text.split(","))


# How the game is told: also a child's own choice at a table (snl table join).
VERBOSITY = declare(PlayOptions, "verbosity", "--verbosity",
                    type=click.Choice([v.value for v in Verbosity]),
                    default=Verbosity.NORMAL.value, show_default=True,
                    help="brief: the essentials; full: counting and encouragement for children.")
COUNT = declare(PlayOptions, "count", "--count", is_flag=True,
                help="Count each move aloud, square by square.")
# Who plays, on which board, by which rules, at what pace, told how: shared by `snl play`
# and `snl table host`.
NEW_GAME: tuple[Option, ...] = (
    declare(PlayOptions, "players", "--players", metavar="NAMES", default=None, parse=_names,
            help='Human players, comma separated, for example "Asha,Bikash".'),
    declare(PlayOptions, "teams", "--team", "teams", metavar="NAME+NAME", multiple=True,
            help='A team of two or three children who share one token and take turns to '
                 'roll, for example "Asha+Bikash" (repeatable).'),
    declare(PlayOptions, "computers", "--computer", "computers", type=IntRange(0, MAX_SEATS),
            default=None, help="Number of computer players."),
    declare(PlayOptions, "board", "--board", default=DEFAULT_BOARD, show_default=True,
            metavar="NAME|PATH", help="A shipped board's name or a board file."),
    declare(PlayOptions, "straight", "--straight-board", type=click.Choice(STRAIGHT_BOARDS),
            default=None, metavar="10|20", parse=lambda given: given and int(given),
            help="For level 1: play on a straight board of 10 or 20 squares in one row, left "
                 "to right (Siegler & Ramani's linear board), instead of --board."),
    rule_options,
    declare(PlayOptions, "seed", "--seed", type=int, default=None,
            help="Seed the pasa: the same seed plays the same game."),
    declare(PlayOptions, "pace", "--pace", type=Seconds(min=0, max=MAX_WAIT), default=None,
            metavar="SECONDS",
            help="Pause before each computer roll (default: 0.8 on a terminal, else 0)."),
    VERBOSITY, COUNT,
    declare(PlayOptions, "resume", "--resume", "resume_game", is_flag=False, flag_value=LATEST,
            default=None, metavar="[NUMBER]",
            help="Continue a saved game: the latest unfinished one, or the one numbered (see "
                 "snl games)."),
)
PLAY: tuple[Option, ...] = (
    *NEW_GAME,
    declare(PlayOptions, "demo", "--demo", is_flag=True,
            help="Computer players only; runs to the end with no input."),
    declare(PlayOptions, "auto_roll", "--auto-roll", type=Seconds(min=0.5, max=MAX_WAIT),
            default=None, metavar="SECONDS",
            help="Roll for a human who has not rolled in this many seconds."),
    *LESSONS, *PLAY_SOUND, *VOICE, DATA_DIR,
)
new_game_options = apply(*NEW_GAME)


def play_options(ctx: click.Context, params: Mapping[str, Any], loc: Localizer,
                 declared: tuple[Option, ...], **fixed: Any) -> PlayOptions:
    """The game the command's parameters ask for, in the language already resolved;
    ``fixed``: fields the command decides itself."""
    records = {"sound": filled(SoundOptions, declared, params),
               "voice": filled(VoiceOptions, declared, params)}
    return filled(PlayOptions, declared, params, lang=loc.language, digits=loc.digits.value,
                  rules=rules_from_options(**params), given=given_flags(ctx),
                  **{**records, **fixed})


@click.command()
@apply(*PLAY)
@language_options
@click.pass_context
def play(ctx: click.Context, /, **params: Any) -> None:
    # Its help is its line in snl_edu.cli.group.COMMANDS.
    from snl_edu.app.play import play as play_game
    from snl_edu.play.session import Ending

    # The language resolved here, once (--lang, SNL_LANG, the locale), and passed down.
    loc = remember_localizer(localizer_for(params["lang"], params["digits"]))
    options = play_options(ctx, params, loc, PLAY)
    ending = run_app(ctx, lambda: play_game(options))
    if ending is Ending.INTERRUPTED:
        raise click.exceptions.Exit(1)
