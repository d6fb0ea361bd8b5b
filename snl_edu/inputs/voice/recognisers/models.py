"""The vosk back end: finding and loading models in the folders vosk itself searches."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from snl_edu.inputs.voice.audio.endpoint import SAMPLE_RATE
from snl_edu.inputs.voice.phrasebook.grammar import Grammar
from snl_edu.inputs.voice.phrasebook.understand import MIN_CONFIDENCE, transcript_of
from snl_edu.inputs.voice.problems import VoiceError, VoiceProblem
from snl_edu.inputs.voice.recognisers.recognition import Transcript
from snl_edu.language.registry import languages

# The official small model for each model language (alphacephei.com/vosk/models).
OFFICIAL_MODELS = {
    "en": "vosk-model-small-en-us-0.15",
    "hi": "vosk-model-small-hi-0.22",
}
MODEL_URL = "https://alphacephei.com/vosk/models/{name}.zip"
# Which `snl voice download` language serves each game language.
DOWNLOAD_FOR_LANGUAGE = {language.code: language.recognition_model for language in languages()}
# What `snl voice download` takes: a model's language, or a game language one serves.
DOWNLOADABLE = tuple(sorted({*OFFICIAL_MODELS, *(code for code, model in DOWNLOAD_FOR_LANGUAGE.items()
                                                 if model in OFFICIAL_MODELS)}))


def model_dirs(environ: Mapping[str, str] | None = None) -> list[Path]:
    """vosk's own search order: VOSK_MODEL_PATH, /usr/share/vosk, then the user's cache."""
    env = os.environ if environ is None else environ
    dirs = [Path(env["VOSK_MODEL_PATH"])] if env.get("VOSK_MODEL_PATH") else []
    dirs += [Path("/usr/share/vosk"), Path.home() / "AppData/Local/vosk",
             Path.home() / ".cache/vosk"]
    return dirs


def download_dir(environ: Mapping[str, str] | None = None) -> Path:
    """Where a download goes: VOSK_MODEL_PATH when set, else ~/.cache/vosk."""
    env = os.environ if environ is None else environ
    return Path(env["VOSK_MODEL_PATH"]) if env.get("VOSK_MODEL_PATH") else \
        Path.home() / ".cache/vosk"


def looks_like_model(path: Path) -> bool:
    return (path / "am" / "final.mdl").is_file() or (path / "final.mdl").is_file()


def find_model(model_language: str, environ: Mapping[str, str] | None = None) -> Path | None:
    """The first installed model for a model language ("en-us", "hi"), small ones first."""
    pattern = re.compile(rf"vosk-model(-small)?-{re.escape(model_language)}(-|$)")
    for directory in model_dirs(environ):
        try:
            names = sorted(os.listdir(directory), key=lambda n: ("-small-" not in n, n))
        except OSError:
            continue
        for name in names:
            candidate = directory / name
            if pattern.match(name) and candidate.is_dir() and looks_like_model(candidate):
                return candidate
    return None


@dataclass
class VoiceModel:
    """A loaded vosk model and where it came from (a recognition.Backend)."""

    path: Path
    model: Any  # vosk.Model
    name = "vosk"

    @property
    def where(self) -> str:
        return str(self.path)

    def has_word(self, word: str) -> bool:
        return int(self.model.vosk_model_find_word(word)) >= 0

    def recogniser(self, grammar: Grammar) -> VoskRecogniser:
        return VoskRecogniser(self, grammar)


class VoskRecogniser:
    """vosk's KaldiRecognizer with word confidences, to reject forced matches."""

    def __init__(self, model: VoiceModel, grammar: Grammar,
                 min_confidence: float = MIN_CONFIDENCE) -> None:
        vosk = import_vosk()
        self.min_confidence = min_confidence
        self._kaldi = vosk.KaldiRecognizer(model.model, SAMPLE_RATE, grammar.to_json())
        self._kaldi.SetWords(True)

    def _transcript(self, result: str) -> Transcript | None:
        import json

        data = json.loads(result)
        raw = str(data.get("text", ""))
        return Transcript(raw, transcript_of(data, self.min_confidence)) if raw else None

    def accept(self, block: bytes) -> Transcript | None:
        if self._kaldi.AcceptWaveform(block):
            # vosk found its own endpoint inside a long utterance: judge that part now.
            return self._transcript(self._kaldi.Result())
        return None

    def finish(self) -> Transcript:
        return self._transcript(self._kaldi.FinalResult()) or Transcript("", "")

    def reset(self) -> None:
        self._kaldi.Reset()


def import_vosk() -> Any:
    try:
        import vosk
    except (ImportError, OSError) as error:
        raise VoiceError(VoiceProblem.NO_VOSK, str(error)) from None
    vosk.SetLogLevel(-1)  # Kaldi's log lines would mix with the game's narration
    return vosk


def load_model(path: Path | str) -> VoiceModel:
    vosk = import_vosk()
    path = Path(path)
    if not path.is_dir() or not looks_like_model(path):
        raise VoiceError(VoiceProblem.BAD_MODEL, str(path))
    try:
        return VoiceModel(path, vosk.Model(str(path)))
    except Exception as error:  # noqa: BLE001 (vosk raises a bare Exception)
        raise VoiceError(VoiceProblem.BAD_MODEL, f"{path}: {error}") from None
