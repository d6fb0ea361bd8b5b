"""`snl play` options for voice commands, each declared once with the ``VoiceOptions``
field it fills."""

from __future__ import annotations

from pathlib import Path

import click

from snl_edu.app.options import VoiceOptions
from snl_edu.cli.declared import apply, declare

# The bundled English recognisers (snl_edu.inputs.voice.recognisers.backends.Recogniser: not imported
# here, so `snl --help` does not load the voice package).
RECOGNISERS = ("whisper", "pocketsphinx")

RECOGNISER = declare(
    VoiceOptions, "recogniser", "--recogniser", type=click.Choice(RECOGNISERS), default=None,
    help="English: Whisper (the default when the whisper extra is installed; hears children "
         "and noisy rooms better) or pocketsphinx (lighter).")
recogniser_option = RECOGNISER

VOICE = (
    declare(VoiceOptions, "listen", "--voice/--no-voice", default=False, show_default=True,
            help="Listen for spoken commands (offline), and each child's taught commands in "
                 "their turns; the keyboard works too."),
    declare(VoiceOptions, "model", "--voice-model", type=click.Path(path_type=Path),
            default=None, metavar="PATH",
            help="A vosk or CTranslate2 Whisper model folder for --voice (default: the "
                 "installed model for the language)."),
    declare(VoiceOptions, "audio_in", "--audio-in",
            type=click.Path(path_type=Path, dir_okay=False), default=None, metavar="FILE.wav",
            help="Hear spoken commands from a WAV file instead of the microphone (implies "
                 "--voice)."),
    RECOGNISER,
)
voice_options = apply(*VOICE)
