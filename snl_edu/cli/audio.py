"""Sound options shared by `snl play`, `snl say` and `snl table host`, each declared once
with the ``SoundOptions`` field it fills."""

from __future__ import annotations

from pathlib import Path

import click

from snl_edu.app.options import SoundOptions
from snl_edu.cli.common import IntRange, screen_reader_wanted_callback
from snl_edu.cli.declared import apply, declare
from snl_edu.outputs.aloud.speech_settings import (
    DEFAULT_RATE,
    DEFAULT_VOLUME,
    MAX_RATE,
    MIN_RATE,
    TTS_CHOICES,
)

TTS = declare(SoundOptions, "tts", "--tts", type=click.Choice(TTS_CHOICES), default="espeak",
              show_default=True,
              help="Voice: espeak (built in, Nepali included) or system (the computer's own "
                   "voices).")
RATE = declare(SoundOptions, "rate", "--rate", type=IntRange(MIN_RATE, MAX_RATE),
               default=DEFAULT_RATE, show_default=True, help="Speaking speed in words per minute.")
VOLUME = declare(SoundOptions, "volume", "--volume", type=IntRange(0, 100),
                 default=DEFAULT_VOLUME, show_default=True, help="Loudness of speech, in percent.")
SPEECH = declare(SoundOptions, "speech", "--speech/--no-speech", default=True, show_default=True,
                 help="Speak every message aloud.")
SOUND = declare(SoundOptions, "sound", "--sound/--no-sound", default=True, show_default=True,
                help="Play short sounds for the dice, steps, ladders, snakes and wins.")
SOUND_VOLUME = declare(SoundOptions, "sound_volume", "--sound-volume", type=IntRange(0, 100),
                       default=DEFAULT_VOLUME, show_default=True,
                       help="Loudness of the short sounds, in percent (speech has --volume).")
SCREEN_READER = declare(SoundOptions, "screen_reader", "--screen-reader", is_flag=True,
                        callback=screen_reader_wanted_callback,
                        help="For NVDA, JAWS or Orca: no speech of its own, no colour, one "
                             "message per line.")
RECORD = declare(SoundOptions, "record", "--record",
                 type=click.Path(dir_okay=False, writable=True, path_type=Path), default=None,
                 metavar="FILE.wav",
                 help="Write the whole narrated game, speech and sounds, to a WAV file.")

VOICE = (TTS, RATE, VOLUME)
# What the host says itself (the join code); the children's computers narrate the game.
HOST_SOUND = (SPEECH, SOUND, SCREEN_READER, *VOICE)
PLAY_SOUND = (SPEECH, SOUND, SOUND_VOLUME, SCREEN_READER, RECORD, *VOICE)

voice_options = apply(*VOICE)
host_audio_options = apply(*HOST_SOUND)
play_audio_options = apply(*PLAY_SOUND)
