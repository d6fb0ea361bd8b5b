"""`snl play` options for voice commands."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])
# The bundled English recognisers (snl_edu.inputs.voice.recognisers.backends.Recogniser: not imported
# here, so `snl --help` does not load the voice package).
RECOGNISERS = ("whisper", "pocketsphinx")


def recogniser_option(function: F) -> F:
    return click.option(
        "--recogniser", type=click.Choice(RECOGNISERS), default=None,
        help="English: Whisper (the default when the whisper extra is installed; hears "
             "children and noisy rooms better) or pocketsphinx (lighter).")(function)


def voice_options(function: F) -> F:
    options = [
        click.option("--voice/--no-voice", default=False, show_default=True,
                     help="Listen for spoken commands (offline), and each child's taught "
                          "commands in their turns; the keyboard works too."),
        click.option("--voice-model", type=click.Path(path_type=Path), default=None,
                     metavar="PATH", help="A vosk or CTranslate2 Whisper model folder for "
                                          "--voice (default: the installed model for the "
                                          "language)."),
        click.option("--audio-in", type=click.Path(path_type=Path, dir_okay=False),
                     default=None, metavar="FILE.wav",
                     help="Hear spoken commands from a WAV file instead of the microphone "
                          "(implies --voice)."),
        recogniser_option,
    ]
    for option in reversed(options):
        function = option(function)
    return function
