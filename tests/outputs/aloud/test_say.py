"""`snl say`: a sentence to a WAV file, or to the speakers (a clear error when there are none)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from snl_edu.cli import main
from snl_edu.sound.pcm import read_wav


@pytest.mark.parametrize(("language", "text"), [("en", "Roll the pasa!"),
                                                ("ne", "पासा फाल्नुहोस्!")])
def test_say_writes_speech_to_a_wav_file(tmp_path: Path, language: str, text: str) -> None:
    out = tmp_path / "say.wav"
    result = CliRunner().invoke(main, ["say", text, "--lang", language, "--out", str(out)])
    assert result.exit_code == 0, result.output
    speech = read_wav(out)
    assert speech.duration > 0.5 and speech.rms() > 500


def test_say_without_sound_is_one_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "miniaudio", None)
    result = CliRunner().invoke(main, ["say", "hello", "--lang", "en"])
    assert result.exit_code == 1
    assert "pip install miniaudio" in result.stderr
    assert "Traceback" not in result.output
    monkeypatch.delitem(sys.modules, "miniaudio")
    monkeypatch.setenv("SNL_AUDIO_BACKEND", "custom")
    result = CliRunner().invoke(main, ["say", "hello", "--lang", "en"])
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: Cannot play sound because this computer has no "
                                    "sound output")
    assert "Traceback" not in result.output


def test_say_plays_through_the_sound_system(monkeypatch: pytest.MonkeyPatch) -> None:
    # The real device path on miniaudio's null backend, which plays in real time.
    monkeypatch.setenv("SNL_AUDIO_BACKEND", "null")
    result = CliRunner().invoke(main, ["say", "Roll the pasa!", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert result.output == ""


def test_say_to_an_unwritable_place_is_one_clear_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["say", "hello", "--out",
                                       str(tmp_path / "missing" / "x.wav")])
    assert result.exit_code != 0
    assert "Traceback" not in result.output


def test_say_with_the_system_voice(tmp_path: Path) -> None:
    out = tmp_path / "system.wav"
    result = CliRunner().invoke(main, ["say", "Hello", "--tts", "system", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert read_wav(out).rms() > 500
