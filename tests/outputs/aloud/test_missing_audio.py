"""No sound system, no such device, no miniaudio: one clear notice, then the game in text."""

from __future__ import annotations

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
    for name in ("SNL_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "SNL_AUDIO_DEVICE",
                 "SNL_AUDIO_BACKEND"):
        monkeypatch.delenv(name, raising=False)


def _game_completed(stdout: str) -> bool:
    return "Game over. The places:" in stdout and "Place 2:" in stdout


def _demo_in_a_pipe(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, **env, "PYTHONIOENCODING": "utf-8"}
    env.pop("SNL_AUDIO", None)
    return subprocess.run([sys.executable, "-m", "snl_edu", *DEMO, "--pace", "0"],
                          check=False, capture_output=True, text=True, env=env, timeout=60)


def test_without_a_sound_system_one_notice_then_the_whole_game_through_a_pipe(
        sound_wanted: None) -> None:
    # miniaudio's custom backend opens nothing without callbacks of our own: a machine
    # with no sound system, even where this one has speakers. ALSA's probing chatter on
    # fd 2 must not reach the player either.
    result = _demo_in_a_pipe({"SNL_AUDIO_BACKEND": "custom"})
    assert result.returncode == 0, result.stderr
    assert _game_completed(result.stdout)
    notice = result.stderr.strip().splitlines()
    assert len(notice) == 1, result.stderr
    assert "Speech and sound are off because this computer has no sound output" in notice[0]
    assert "The game goes on in text." in notice[0]
    assert "Speech and sound are off" not in result.stdout
    assert "Traceback" not in result.stderr


def test_a_device_that_is_not_there_is_named_once(sound_wanted: None) -> None:
    result = _demo_in_a_pipe({"SNL_AUDIO_BACKEND": "null",
                              "SNL_AUDIO_DEVICE": "no-such-sound-card"})
    assert result.returncode == 0, result.stderr
    assert _game_completed(result.stdout)
    notice = result.stderr.strip().splitlines()
    assert len(notice) == 1, result.stderr
    assert "no-such-sound-card" in notice[0] and "The game goes on in text." in notice[0]


def test_missing_miniaudio_package_says_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch, sound_wanted: None) -> None:
    monkeypatch.setitem(sys.modules, "miniaudio", None)  # what Python does when it is absent
    result = CliRunner().invoke(main, DEMO)
    assert result.exit_code == 0
    assert _game_completed(result.stdout)
    assert result.stderr.count("pip install miniaudio") == 1
    assert len(result.stderr.strip().splitlines()) == 1


def test_missing_audio_notice_is_in_nepali_for_a_nepali_game(
        monkeypatch: pytest.MonkeyPatch, sound_wanted: None) -> None:
    monkeypatch.setenv("SNL_AUDIO_BACKEND", "custom")
    result = CliRunner().invoke(main, ["play", "--demo", "--seed", "1", "--lang", "ne"])
    assert result.exit_code == 0
    notice = result.stderr.strip().splitlines()
    assert len(notice) == 1
    assert notice[0].startswith("बोली र आवाज बन्द छन्") and "खेल अब पर्दामा मात्र जारी रहन्छ" in notice[0]


def test_no_speech_no_sound_asks_for_nothing(monkeypatch: pytest.MonkeyPatch,
                                             sound_wanted: None) -> None:
    monkeypatch.setitem(sys.modules, "miniaudio", None)
    result = CliRunner().invoke(main, [*DEMO, "--no-speech", "--no-sound"])
    assert result.exit_code == 0 and result.stderr == ""
    result = CliRunner().invoke(main, [*DEMO, "--screen-reader", "--no-sound"])
    assert result.exit_code == 0 and result.stderr == ""
    # Screen-reader mode: exactly one message per line, nothing but text.
    assert all(line.strip() == line and line for line in result.stdout.splitlines())
    assert "\x1b" not in result.stdout


def test_the_notice_advises_only_the_options_not_yet_given(sound_wanted: None) -> None:
    # Tried: snl table join --no-speech on a computer with no sound system advised
    # "add --no-speech --no-sound".
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "SNL_AUDIO_BACKEND": "custom"}
    env.pop("SNL_AUDIO", None)
    result = subprocess.run([sys.executable, "-m", "snl_edu", *DEMO, "--pace", "0",
                             "--no-speech"], check=False, capture_output=True, text=True,
                            env=env, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "or add --no-sound. The game goes on in text." in result.stderr, result.stderr
    assert "--no-speech" not in result.stderr
