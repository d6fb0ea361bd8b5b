"""What is missing for sound, and how to get it, as one localised sentence."""

from __future__ import annotations

from snl_edu.language.localizer import Localizer
from snl_edu.sound.unavailable import AudioUnavailable, Missing


def describe_missing(error: AudioUnavailable, loc: Localizer, in_game: bool = True,
                     still_on: tuple[str, ...] = ("--no-speech", "--no-sound")) -> str:
    """One notice; ``in_game`` adds that the game goes on in text. ``still_on``: the
    options that would turn off what was asked for (never one already given)."""
    _ = loc.gettext
    detail = error.detail or str(error.missing)
    if in_game:
        templates = {
            Missing.MINIAUDIO: _("Speech and sound are off because the miniaudio package is "
                                "missing; install it with: pip install miniaudio. "
                                "The game goes on in text."),
            Missing.DEVICE: _("Speech and sound are off because this computer has no sound "
                             "output (no sound system or no speakers were found); connect "
                             "speakers or headphones, or add {options}. "
                             "The game goes on in text."),
            Missing.CHOSEN_DEVICE: _("Speech and sound are off because the sound device or "
                                    "system {detail}, chosen by SNL_AUDIO_DEVICE or "
                                    "SNL_AUDIO_BACKEND, was not found. "
                                    "The game goes on in text."),
            Missing.ESPEAK: _("Speech is off because the eSpeak NG voice could not be loaded "
                             "({detail}); install it with: pip install espeakng-loader. "
                             "The game goes on in text."),
            Missing.VOICE: _("Speech is off because eSpeak NG has no voice called {detail}. "
                            "The game goes on in text."),
            Missing.SYSTEM_VOICE: _("This computer's own voice is not available, so the "
                                   "built-in eSpeak NG voice speaks instead."),
        }
    else:
        templates = {
            Missing.MINIAUDIO: _("Cannot play sound because the miniaudio package is missing; "
                                "install it with: pip install miniaudio."),
            Missing.DEVICE: _("Cannot play sound because this computer has no sound output "
                             "(no sound system or no speakers were found); connect speakers "
                             "or headphones, or write a file with --out FILE.wav."),
            Missing.CHOSEN_DEVICE: _("Cannot play sound because the sound device or system "
                                    "{detail}, chosen by SNL_AUDIO_DEVICE or SNL_AUDIO_BACKEND, "
                                    "was not found."),
            Missing.ESPEAK: _("Cannot speak because the eSpeak NG voice could not be loaded "
                             "({detail}); install it with: pip install espeakng-loader."),
            Missing.VOICE: _("Cannot speak because eSpeak NG has no voice called {detail}."),
            Missing.SYSTEM_VOICE: _("This computer's own voice is not available; the built-in "
                                   "voice speaks with --tts espeak."),
        }
    return templates[error.missing].format(detail=detail, options=" ".join(still_on))
