"""Which recogniser serves a language, and why.

A downloaded vosk model wins (it is bigger and was asked for); without one,
English is served by pocketsphinx's model inside its wheel, so voice commands
work right after pip install. Other languages need a download.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from snl_edu.inputs.voice import sphinx
from snl_edu.inputs.voice.errors import VoiceError, VoiceProblem
from snl_edu.inputs.voice.models import find_model, load_model
from snl_edu.inputs.voice.recognition import Backend


class Reason(StrEnum):
    EXPLICIT = "explicit"  # --voice-model PATH
    DOWNLOADED = "downloaded"  # a vosk model found in vosk's folders
    BUNDLED = "bundled"  # pocketsphinx's model from its wheel


@dataclass(frozen=True)
class Choice:
    backend: Backend
    reason: Reason


def choose_backend(language: str, model_language: str, explicit: str | Path | None = None,
                   environ: Mapping[str, str] | None = None) -> Choice:
    """--voice-model PATH, else a downloaded vosk model, else the bundled English one."""
    if explicit is not None:
        return Choice(load_model(explicit), Reason.EXPLICIT)
    found = find_model(model_language, environ)
    if found is not None:
        return Choice(load_model(found), Reason.DOWNLOADED)
    if model_language == sphinx.MODEL_LANGUAGE:
        try:
            return Choice(sphinx.SphinxBackend(), Reason.BUNDLED)
        except VoiceError:
            pass  # pocketsphinx missing: say a model is needed, as before
    raise VoiceError(VoiceProblem.NO_MODEL, model_language, language)


def backend_for(language: str, model_language: str, explicit: str | Path | None = None,
                environ: Mapping[str, str] | None = None) -> Backend:
    return choose_backend(language, model_language, explicit, environ).backend
