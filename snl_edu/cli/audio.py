"""Sound options shared by `snl play` and `snl say`, and building a game's sound outputs."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from snl_edu.i18n import Localizer
from snl_edu.speech.espeak import DEFAULT_RATE, DEFAULT_VOLUME, MAX_RATE, MIN_RATE
from snl_edu.speech.setup import TTS_CHOICES, AudioOptions, AudioOutputs, build_audio

F = TypeVar("F", bound=Callable[..., Any])
AUDIO_ENV = "SNL_AUDIO"


def voice_options(function: F) -> F:
    """--tts, --rate and --volume."""
    options = [
        click.option("--tts", type=click.Choice(TTS_CHOICES), default="espeak",
                     show_default=True,
                     help="Voice: espeak (built in, Nepali included) or system (the "
                          "computer's own voices)."),
        click.option("--rate", type=click.IntRange(MIN_RATE, MAX_RATE), default=DEFAULT_RATE,
                     show_default=True, help="Speaking speed in words per minute."),
        click.option("--volume", type=click.IntRange(0, 100), default=DEFAULT_VOLUME,
                     show_default=True, help="Loudness of speech and sounds, in percent."),
    ]
    for option in reversed(options):
        function = option(function)
    return function


def play_audio_options(function: F) -> F:
    """--speech/--no-speech, --sound/--no-sound, --screen-reader, --record, and voice options."""
    function = voice_options(function)
    options = [
        click.option("--speech/--no-speech", default=True, show_default=True,
                     help="Speak every message aloud."),
        click.option("--sound/--no-sound", default=True, show_default=True,
                     help="Play short sounds for the dice, steps, ladders, snakes and wins."),
        click.option("--screen-reader", is_flag=True,
                     help="For NVDA, JAWS or Orca: no speech of its own, no colour, one "
                          "message per line."),
        click.option("--record", type=click.Path(dir_okay=False, writable=True,
                                                 path_type=Path),
                     default=None, metavar="FILE.wav",
                     help="Write the whole narrated game, speech and sounds, to a WAV file."),
    ]
    for option in reversed(options):
        function = option(function)
    return function


def game_audio(loc: Localizer, skip: Callable[[], bool], speech: bool, sound: bool,
               screen_reader: bool, record: Path | None, tts: str, rate: int,
               volume: int) -> AudioOutputs:
    """Sound outputs for a game; anything missing is one notice on stderr, then text goes on.

    ``SNL_AUDIO=off`` keeps the sound card closed without a notice: for test suites
    and servers, where a machine that does have speakers must not talk for minutes.
    """
    if os.environ.get(AUDIO_ENV, "").strip().lower() in ("off", "0", "no", "false"):
        speech = sound = False
    options = AudioOptions(speech=speech and not screen_reader, sound=sound, tts=tts,
                           rate=rate, volume=volume, record=record)
    try:
        return build_audio(options, loc, lambda text: click.echo(text, err=True), skip)
    except OSError as error:  # the --record file cannot be created
        raise click.ClickException(loc.gettext("Cannot write {path}: {reason}.").format(
            path=str(record), reason=error.strerror or str(error))) from None
