"""Sound options shared by `snl play`, `snl say` and `snl table host`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from snl_edu.cli.common import IntRange, screen_reader_option
from snl_edu.outputs.speech.espeak import DEFAULT_RATE, DEFAULT_VOLUME, MAX_RATE, MIN_RATE
from snl_edu.outputs.speech.sound_on import TTS_CHOICES

F = TypeVar("F", bound=Callable[..., Any])


def voice_options(function: F) -> F:
    """--tts, --rate and --volume."""
    options = [
        click.option("--tts", type=click.Choice(TTS_CHOICES), default="espeak",
                     show_default=True,
                     help="Voice: espeak (built in, Nepali included) or system (the "
                          "computer's own voices)."),
        click.option("--rate", type=IntRange(MIN_RATE, MAX_RATE), default=DEFAULT_RATE,
                     show_default=True, help="Speaking speed in words per minute."),
        click.option("--volume", type=IntRange(0, 100), default=DEFAULT_VOLUME,
                     show_default=True, help="Loudness of speech, in percent."),
    ]
    for option in reversed(options):
        function = option(function)
    return function


# Declared once, used by `snl play` and `snl table host` alike.
SPEECH = click.option("--speech/--no-speech", default=True, show_default=True,
                      help="Speak every message aloud.")
SCREEN_READER = screen_reader_option("For NVDA, JAWS or Orca: no speech of its own, no "
                                     "colour, one message per line.")


def host_audio_options(function: F) -> F:
    """--speech/--no-speech, --screen-reader and the voice options: what the host says
    itself (the join code); the children's computers narrate the game."""
    return SPEECH(SCREEN_READER(voice_options(function)))


def play_audio_options(function: F) -> F:
    """--speech/--no-speech, --sound/--no-sound, --sound-volume, --screen-reader, --record, and
    voice options."""
    function = voice_options(function)
    options = [
        SPEECH,
        click.option("--sound/--no-sound", default=True, show_default=True,
                     help="Play short sounds for the dice, steps, ladders, snakes and wins."),
        click.option("--sound-volume", type=IntRange(0, 100), default=DEFAULT_VOLUME,
                     show_default=True,
                     help="Loudness of the short sounds, in percent (speech has --volume)."),
        SCREEN_READER,
        click.option("--record", type=click.Path(dir_okay=False, writable=True,
                                                 path_type=Path),
                     default=None, metavar="FILE.wav",
                     help="Write the whole narrated game, speech and sounds, to a WAV file."),
    ]
    for option in reversed(options):
        function = option(function)
    return function
