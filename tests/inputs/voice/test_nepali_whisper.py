"""Whisper base for Nepali (the nepali extra): its two pinned wheels joined and checked in
memory, a part missing or changed said in one line in the player's language."""

from __future__ import annotations

import importlib.metadata

import pytest

from snl_edu.inputs.voice.messages import describe_voice_error
from snl_edu.inputs.voice.problems import VoiceError, VoiceProblem
from snl_edu.inputs.voice.recognisers import multilingual
from snl_edu.inputs.voice.recognisers.backends import Recogniser, choose_backend
from snl_edu.inputs.voice.recognisers.bpe import Merges, words
from snl_edu.language.localizer import localizer_for

needs_model = pytest.mark.skipif(not multilingual.installed(),
                                 reason="the nepali extra is not installed")


def test_words_split_as_gpt2_does() -> None:
    # Devanagari's vowel signs are marks, not letters: their own words
    assert words(" Roll the dice. 73.") == [" Roll", " the", " dice", ".", " 73", "."]
    assert words(" पासा") == [" प", "ा", "स", "ा"]


def test_merges_apply_lowest_rank_first() -> None:
    tokenizer = '{"model": {"merges": ["a b", "ab c", "b c"]}}'
    merges = Merges(tokenizer, lambda word: word.replace(" ", "Ġ"))
    assert merges.pieces("abc bc") == ["abc", "Ġ", "bc"]


def test_a_missing_part_is_said_in_one_line_in_nepali(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.metadata.version

    def version(name: str) -> str:
        if name == multilingual.PARTS[1]:
            raise importlib.metadata.PackageNotFoundError(name)
        return real(name)

    monkeypatch.setattr(importlib.metadata, "version", version)
    with pytest.raises(VoiceError) as raised:
        choose_backend("ne", "hi", recogniser=Recogniser.WHISPER)
    assert raised.value.problem is VoiceProblem.NO_NEPALI_WHISPER
    message = describe_voice_error(raised.value, localizer_for("ne"))
    assert "snl_edu[nepali]" in message and "जडान" in message and "\n" not in message


@needs_model
def test_a_changed_part_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(multilingual.FILES, "tokenizer.json", "0" * 64)
    with pytest.raises(VoiceError) as raised:
        multilingual.load()
    assert raised.value.problem is VoiceProblem.CHANGED_NEPALI_MODEL


@needs_model
def test_voice_check_names_whisper_base_for_nepali_when_asked_for() -> None:
    from click.testing import CliRunner

    from snl_edu.cli import main

    result = CliRunner().invoke(main, ["voice", "check", "--lang", "ne", "--recogniser",
                                       "whisper"])
    assert "Whisper base" in result.output, result.output
    assert "Traceback" not in result.output
