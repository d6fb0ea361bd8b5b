"""`snl play`: a game at the keyboard, scripted through stdin, or a demo."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from snl_edu.boards import DEFAULT_BOARD, load_board
from snl_edu.cli.audio import game_audio, play_audio_options
from snl_edu.cli.common import (
    language_options,
    localizer_for,
    remember_localizer,
    rule_options,
    rules_from_options,
)
from snl_edu.cli.lesson_options import build_teacher, lesson_options, lessons_wanted
from snl_edu.cli.saving import (
    LATEST,
    kept_setting,
    resume,
    resume_hint,
    resumed_messages,
    save_after_interrupt,
    start_new,
)
from snl_edu.cli.storage import data_dir_option
from snl_edu.cli.voice_options import game_input, voice_options
from snl_edu.engine import MAX_SEATS, Game, Seat
from snl_edu.i18n import Localizer
from snl_edu.keyboard import KeyboardInput
from snl_edu.narration import Narrator, Verbosity, computer_name
from snl_edu.outputs import ConsoleOutput, Outputs
from snl_edu.session import Ending, Session, SessionSettings
from snl_edu.vocabulary import Message

DEFAULT_DEMO_COMPUTERS = 2
INTERACTIVE_PACE = 0.8


def build_seats(players: str | None, computers: int | None, demo: bool,
                loc: Localizer) -> list[Seat]:
    if demo:
        if players:
            raise click.UsageError(loc.gettext("A demo game has computer players only: "
                                               "leave out --players."))
        names: list[str] = []
        computers = DEFAULT_DEMO_COMPUTERS if computers is None else computers
    elif players is None:
        names = [loc.gettext("Player {number}").format(number=loc.number(1))]
        computers = 1 if computers is None else computers
    else:
        names = [name.strip() for name in players.split(",")]
        computers = computers or 0
    seats = [Seat(name) for name in names]
    seats += [Seat(computer_name(loc, number), computer=True)
              for number in range(1, computers + 1)]
    return seats


@click.command()
@click.option("--players", metavar="NAMES", default=None,
              help='Human players, comma separated, for example "Asha,Bikash".')
@click.option("--computer", "computers", type=click.IntRange(0, MAX_SEATS), default=None,
              help="Number of computer players.")
@click.option("--board", default=DEFAULT_BOARD, show_default=True, metavar="NAME|PATH",
              help="A shipped board's name or a board file.")
@rule_options
@click.option("--seed", type=int, default=None, help="Seed the pasa: the same seed plays "
                                                     "the same game.")
@click.option("--demo", is_flag=True, help="Computer players only; runs to the end with no "
                                           "input.")
@click.option("--auto-roll", type=click.FloatRange(min=0.5), default=None, metavar="SECONDS",
              help="Roll for a human who has not rolled in this many seconds.")
@click.option("--pace", type=click.FloatRange(min=0), default=None, metavar="SECONDS",
              help="Pause before each computer roll (default: 0.8 on a terminal, else 0).")
@click.option("--verbosity", type=click.Choice([v.value for v in Verbosity]),
              default=Verbosity.NORMAL.value, show_default=True,
              help="brief: the essentials; full: counting and encouragement for children.")
@click.option("--count", is_flag=True, help="Count each move aloud, square by square.")
@click.option("--resume", "resume_game", is_flag=False, flag_value=LATEST, default=None,
              metavar="[NUMBER]",
              help="Continue a saved game: the latest unfinished one, or the one numbered "
                   "(see snl games).")
@lesson_options
@play_audio_options
@voice_options
@data_dir_option
@language_options
@click.pass_context
def play(ctx: click.Context, players: str | None, computers: int | None, board: str,
         seed: int | None, demo: bool, auto_roll: float | None, pace: float | None,
         verbosity: str, count: bool, resume_game: str | None, data_dir: str | None,
         lang: str | None, digits: str | None, speech: bool, sound: bool, screen_reader: bool,
         record: Path | None, tts: str, rate: int, volume: int,
         lessons: str | None, level: int, learner: str | None,
         voice: bool, voice_model: Path | None, audio_in: Path | None,
         **rule_values: object) -> None:
    """Play a game of snakes and ladders."""
    loc = remember_localizer(localizer_for(lang, digits))
    if resume_game is not None:
        prepared = resume(resume_game, data_dir, ctx, loc)
        verbosity = kept_setting(prepared, ctx, "verbosity", verbosity)
        count = kept_setting(prepared, ctx, "count", count)
        auto_roll = kept_setting(prepared, ctx, "auto_roll", auto_roll)
        lessons = kept_setting(prepared, ctx, "lessons", lessons)
        level = kept_setting(prepared, ctx, "level", level)
        learner = kept_setting(prepared, ctx, "learner", learner)
    else:
        new_game = Game(load_board(board),
                        rules_from_options(**rule_values),  # type: ignore[arg-type]
                        build_seats(players, computers, demo, loc))
        prepared = start_new(new_game, seed, {"verbosity": verbosity, "count": count,
                                              "auto_roll": auto_roll, "lessons": lessons,
                                              "level": level, "learner": learner}, data_dir, loc)
    game = prepared.game
    console = ConsoleOutput(sys.stdout)
    keyboard = KeyboardInput(sys.stdin)
    inputs: Any = keyboard
    if pace is None:
        pace = INTERACTIVE_PACE if console.stream.isatty() else 0.0
    narrator = Narrator(loc, game.board, game.seats, Verbosity(verbosity), count)
    # Sound after the console line: earcon, then the spoken sentence; a key press skips.
    audio = game_audio(loc, lambda: inputs.key_pressed(), speech, sound, screen_reader, record,
                       tts, rate, volume)
    ctx.call_on_close(audio.close)
    outputs = Outputs([console, *audio.outputs])
    outputs.show_all(resumed_messages(prepared, narrator, loc))
    # Voice after audio: the microphone is muted while the game's own audio plays.
    inputs = game_input(ctx, loc, keyboard, outputs, voice, voice_model, audio_in,
                        numbers=lessons_wanted(lessons, keyboard.interactive))
    teacher = build_teacher(game, loc, inputs, outputs, lessons, level, learner,
                            prepared.autosave.games.store if prepared.autosave else None,
                            seed, auto_roll)
    session = Session(game, narrator, outputs, inputs, prepared.dice,
                      SessionSettings(pace=pace, auto_roll=auto_roll),
                      after_turn=prepared.autosave, between_turns=teacher)
    hint = None
    try:
        ending = session.run()
    except KeyboardInterrupt:
        save_after_interrupt(prepared)
        hint = resume_hint(prepared, loc)
        outputs.show_all([Message(loc.gettext("Game stopped."))]
                         + ([Message(hint)] if hint else []))
        raise click.exceptions.Exit(1) from None
    finally:
        prepared.close()
    hint = resume_hint(prepared, loc)
    if ending is Ending.INPUT_ENDED:
        outputs.show_all([Message(loc.gettext("The input has ended, so the game stops here."))])
    if hint:
        outputs.show_all([Message(hint)])
    if ending is Ending.QUIT:
        outputs.show_all([Message(loc.gettext("Goodbye!"))])


def register(group: click.Group) -> None:
    group.add_command(play)
