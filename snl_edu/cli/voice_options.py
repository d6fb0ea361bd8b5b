"""`snl play` options for voice commands."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

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
