"""No sound card, no PortAudio, no sounddevice: one clear notice, then the game in text."""

from __future__ import annotations

import importlib.abc
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from snl_edu.cli import main

DEMO = ["play", "--demo", "--seed", "1", "--lang", "en"]


@pytest.fixture
def sound_wanted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SNL_AUDIO", raising=False)
    for name in ("SNL_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


class _NoPortAudio(importlib.abc.MetaPathFinder):
    """Imports sounddevice the way it fails when libportaudio is not installed."""

    def find_spec(self, name: str, path: object, target: object = None) -> None:
        if name == "sounddevice":
            raise OSError("PortAudio library not found")


def _game_completed(stdout: str) -> bool:
    return "Game over. The places:" in stdout and "Place 2:" in stdout


def test_without_a_sound_card_one_notice_then_the_whole_game_through_a_pipe(
        sound_wanted: None) -> None:
    # A real subprocess with stdout piped, real PortAudio, and an output device that does
    # not exist (CI has no sound card at all; this keeps a machine with speakers quiet too).
    env = {**os.environ, "SNL_AUDIO_DEVICE": "no-such-sound-card", "PYTHONIOENCODING": "utf-8"}
    env.pop("SNL_AUDIO", None)
    result = subprocess.run([sys.executable, "-m", "snl_edu", *DEMO, "--pace", "0"],
                            check=False, capture_output=True, text=True, env=env,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    assert _game_completed(result.stdout)
    notice = result.stderr.strip().splitlines()
    assert len(notice) == 1, result.stderr
    assert "Speech and sound are off" in notice[0]
    assert "The game goes on in text." in notice[0]
    assert "Speech and sound are off" not in result.stdout
    assert "Traceback" not in result.stderr


def test_missing_sounddevice_package_says_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch, sound_wanted: None) -> None:
    monkeypatch.setitem(sys.modules, "sounddevice", None)  # what Python does when it is absent
    result = CliRunner().invoke(main, DEMO)
    assert result.exit_code == 0
    assert _game_completed(result.stdout)
    assert result.stderr.count("pip install sounddevice") == 1
    assert len(result.stderr.strip().splitlines()) == 1


def test_missing_portaudio_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch,
                                                  sound_wanted: None) -> None:
    monkeypatch.delitem(sys.modules, "sounddevice", raising=False)
    monkeypatch.setattr(sys, "meta_path", [_NoPortAudio(), *sys.meta_path])
    result = CliRunner().invoke(main, DEMO)
    assert result.exit_code == 0
    assert _game_completed(result.stdout)
    assert result.stderr.count("apt-get install libportaudio2") == 1
    assert len(result.stderr.strip().splitlines()) == 1


def test_missing_audio_notice_is_in_nepali_for_a_nepali_game(
        monkeypatch: pytest.MonkeyPatch, sound_wanted: None) -> None:
    monkeypatch.setitem(sys.modules, "sounddevice", None)
    result = CliRunner().invoke(main, ["play", "--demo", "--seed", "1", "--lang", "ne"])
    assert result.exit_code == 0
    assert len(result.stderr.strip().splitlines()) == 1
    assert "pip install sounddevice" in result.stderr


def test_no_speech_no_sound_asks_for_nothing(monkeypatch: pytest.MonkeyPatch,
                                             sound_wanted: None) -> None:
    monkeypatch.setitem(sys.modules, "sounddevice", None)
    result = CliRunner().invoke(main, [*DEMO, "--no-speech", "--no-sound"])
    assert result.exit_code == 0 and result.stderr == ""
    result = CliRunner().invoke(main, [*DEMO, "--screen-reader", "--no-sound"])
    assert result.exit_code == 0 and result.stderr == ""
    # Screen-reader mode: exactly one message per line, nothing but text.
    assert all(line.strip() == line and line for line in result.stdout.splitlines())
    assert "\x1b" not in result.stdout
