"""Why sound cannot be made or played, carried as data so the message can be localised."""

from __future__ import annotations

from enum import StrEnum

from snl_edu.vocabulary import SnlError


class Missing(StrEnum):
    ESPEAK = "espeak"  # the espeakng-loader wheel (eSpeak NG library and data)
    MINIAUDIO = "miniaudio"  # the miniaudio Python package (its C library is inside the wheel)
    DEVICE = "device"  # no sound system, or no usable device in it
    CHOSEN_DEVICE = "chosen-device"  # the device or backend $SNL_AUDIO_DEVICE/_BACKEND names
    SYSTEM_VOICE = "system-voice"  # pyttsx3 or the platform voice it drives
    VOICE = "voice"  # eSpeak NG has no voice for the language


class AudioUnavailable(SnlError):
    def __init__(self, missing: Missing, detail: str = "") -> None:
        self.missing = missing
        self.detail = detail
        super().__init__(f"{missing}: {detail}".rstrip(": "))
