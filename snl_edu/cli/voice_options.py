"""`snl play` options for voice commands, and turning them into the game's input."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from snl_edu.commands import CommandSource
from snl_edu.i18n import Localizer
from snl_edu.outputs import Outputs
from snl_edu.vocabulary import Message

F = TypeVar("F", bound=Callable[..., Any])


def voice_options(function: F) -> F:
    options = [
        click.option("--voice/--no-voice", default=False, show_default=True,
                     help="Listen for spoken commands (offline, with vosk); the keyboard "
                          "works too."),
        click.option("--voice-model", type=click.Path(path_type=Path), default=None,
                     metavar="PATH", help="A vosk model folder for --voice (default: the "
                                          "installed model for the language)."),
        click.option("--audio-in", type=click.Path(path_type=Path, dir_okay=False),
                     default=None, metavar="FILE.wav",
                     help="Hear spoken commands from a WAV file instead of the microphone "
                          "(implies --voice)."),
    ]
    for option in reversed(options):
        function = option(function)
    return function


def game_input(ctx: click.Context, loc: Localizer, keyboard: CommandSource, outputs: Outputs,
               voice: bool, voice_model: Path | None, audio_in: Path | None,
               numbers: bool) -> CommandSource:
    """The keyboard, plus voice when asked for; voice problems are one message, not an exit."""
    if not (voice or voice_model or audio_in):
        return keyboard
    from snl_edu.speech import activity
    from snl_edu.voice.setup import voice_input

    def say(lines: list[str]) -> None:
        outputs.show_all([Message(line) for line in lines])

    inputs = voice_input(loc, keyboard, say, voice_model, audio_in,
                         is_speaking=activity.speaking.is_set, numbers=numbers)
    close = getattr(inputs, "close", None)
    if close is not None and inputs is not keyboard:
        ctx.call_on_close(close)
    return inputs
