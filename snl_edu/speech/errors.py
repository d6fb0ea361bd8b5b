"""Why sound cannot be made or played, carried as data so the message can be localised."""

from __future__ import annotations

from enum import StrEnum

from snl_edu.vocabulary import SnlError


class Missing(StrEnum):
    ESPEAK = "espeak"  # the espeakng-loader wheel (eSpeak NG library and data)
    SOUNDDEVICE = "sounddevice"  # the sounddevice Python package
    PORTAUDIO = "portaudio"  # the PortAudio C library sounddevice loads
    DEVICE = "device"  # PortAudio works but there is no usable output device
    SYSTEM_VOICE = "system-voice"  # pyttsx3 or the platform voice it drives
    VOICE = "voice"  # eSpeak NG has no voice for the language


class AudioUnavailable(SnlError):
    def __init__(self, missing: Missing, detail: str = "") -> None:
        self.missing = missing
        self.detail = detail
        super().__init__(f"{missing}: {detail}".rstrip(": "))
