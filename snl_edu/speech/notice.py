"""What is missing for sound, and how to get it, as one localised sentence."""

from __future__ import annotations

from snl_edu.i18n import Localizer
from snl_edu.speech.errors import AudioUnavailable, Missing


def describe_missing(error: AudioUnavailable, loc: Localizer, in_game: bool = True) -> str:
    """One notice; ``in_game`` adds that the game goes on in text."""
    _ = loc.gettext
    detail = error.detail or str(error.missing)
    if in_game:
        templates = {
            Missing.SOUNDDEVICE: _("Speech and sound are off because the sounddevice package is "
                                  "missing; install it with: pip install sounddevice. "
                                  "The game goes on in text."),
            Missing.PORTAUDIO: _("Speech and sound are off because the PortAudio library is "
                                "missing; install it with: sudo apt-get install libportaudio2 "
                                "(or brew install portaudio). The game goes on in text."),
            Missing.DEVICE: _("Speech and sound are off because no audio output device was "
                             "found ({detail}); connect speakers or headphones, or add "
                             "--no-speech --no-sound. The game goes on in text."),
            Missing.ESPEAK: _("Speech is off because the eSpeak NG voice could not be loaded "
                             "({detail}); install it with: pip install espeakng-loader. "
                             "The game goes on in text."),
            Missing.VOICE: _("Speech is off because eSpeak NG has no voice called {detail}. "
                            "The game goes on in text."),
            Missing.SYSTEM_VOICE: _("The system voice is not available ({detail}), so the "
                                   "built-in eSpeak NG voice speaks instead. On Linux, install "
                                   "the system voice with: sudo apt-get install libespeak-ng1"),
        }
    else:
        templates = {
            Missing.SOUNDDEVICE: _("Cannot play sound because the sounddevice package is "
                                  "missing; install it with: pip install sounddevice."),
            Missing.PORTAUDIO: _("Cannot play sound because the PortAudio library is missing; "
                                "install it with: sudo apt-get install libportaudio2 "
                                "(or brew install portaudio)."),
            Missing.DEVICE: _("Cannot play sound because no audio output device was found "
                             "({detail}); connect speakers or headphones, or write a file "
                             "with --out FILE.wav."),
            Missing.ESPEAK: _("Cannot speak because the eSpeak NG voice could not be loaded "
                             "({detail}); install it with: pip install espeakng-loader."),
            Missing.VOICE: _("Cannot speak because eSpeak NG has no voice called {detail}."),
            Missing.SYSTEM_VOICE: _("The system voice is not available ({detail}). On Linux, "
                                   "install it with: sudo apt-get install libespeak-ng1"),
        }
    return templates[error.missing].format(detail=detail)
