"""The one way every front end builds what it shows and says: a console line output, and
the sound outputs the options ask for (speech, earcons, a recording)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from snl_edu.app.options import SoundOptions
from snl_edu.language.localizer import Localizer
from snl_edu.outputs.console import Output, Outputs
from snl_edu.vocabulary import N_, SnlError

if TYPE_CHECKING:
    from snl_edu.outputs.aloud.sound_on import AudioOutputs

AUDIO_ENV = "SNL_AUDIO"


def _never() -> bool:
    return False


def audio_off() -> bool:
    """``SNL_AUDIO=off``: no sound device is opened, for output or for the microphone."""
    return os.environ.get(AUDIO_ENV, "").strip().lower() in ("off", "0", "no", "false")


def open_sound(sound: SoundOptions, loc: Localizer, notify: Callable[[str], None],
               stack: contextlib.ExitStack, key_pressed: Callable[[], bool] = _never
               ) -> AudioOutputs:
    """The sound outputs; anything missing is one notice, then text goes on. Speech stops
    when ``key_pressed`` (a peek at the keys, nothing used up) says a key is waiting.

    ``SNL_AUDIO=off`` keeps the sound card closed without a notice: for test suites
    and servers, where a machine that does have speakers must not talk for minutes.
    """
    from snl_edu.outputs.aloud.sound_on import AudioOptions, build_audio

    speech, noises = sound.speech, sound.sound
    if audio_off():
        speech = noises = False
    audio_options = AudioOptions(speech=speech and not sound.screen_reader, sound=noises,
                                 tts=sound.tts, rate=sound.rate, volume=sound.volume,
                                 sound_volume=sound.sound_volume, record=sound.record)
    try:
        audio = build_audio(audio_options, loc, notify, key_pressed)
    except OSError as error:  # the --record file cannot be created
        raise SnlError(N_("Cannot write {path}: {reason}."), path=str(sound.record),
                       reason=error.strerror or str(error)) from None
    stack.callback(audio.close)
    return audio


def open_outputs(console: Output | None, audio: AudioOutputs | None = None) -> Outputs:
    """Every output of a front end, in the order each message reaches them: the line on
    screen first (``console``; None where only sound is wanted), then the sound."""
    return Outputs([*([] if console is None else [console]),
                    *([] if audio is None else audio.outputs)])
