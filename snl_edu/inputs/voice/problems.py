"""Why voice input cannot run; each reason has one message saying how to fix it."""

from __future__ import annotations

from enum import StrEnum

from snl_edu.vocabulary import SnlError


class VoiceProblem(StrEnum):
    NO_VOSK = "no-vosk"  # the vosk package is not installed
    NO_MODEL = "no-model"  # no speech model for the language
    BAD_MODEL = "bad-model"  # a folder that vosk cannot load
    NO_WHISPER = "no-whisper"  # ctranslate2 or the bundled Whisper model is not installed
    CHANGED_MODEL = "changed-model"  # the bundled Whisper model is not the pinned one
    NO_NEPALI_WHISPER = "no-nepali-whisper"  # Whisper base (the nepali extra) is not installed
    CHANGED_NEPALI_MODEL = "changed-nepali-model"  # Whisper base is not the pinned one
    NO_AUDIO_LIBRARY = "no-audio-library"  # the miniaudio package is missing
    NO_MICROPHONE = "no-microphone"  # no sound system, or no input device in it
    AUDIO_FILE = "audio-file"  # --audio-in names a file that is not a readable WAV
    PHRASES = "phrases"  # locales/<lang>/voice.toml is missing or malformed
    DOWNLOAD = "download"  # fetching a model failed (network, timeout)
    ARCHIVE = "archive"  # the downloaded file is truncated or not a model archive
    UNKNOWN_LANGUAGE = "unknown-language"  # no official model for that language
    RECOGNISER_FAILED = "recogniser-failed"  # the recogniser broke on what it was given


class VoiceError(SnlError):
    def __init__(self, problem: VoiceProblem, detail: str = "", language: str = "") -> None:
        self.problem = problem
        self.detail = detail
        self.language = language
        super().__init__(f"{problem.value}: {detail}".rstrip(": "))
