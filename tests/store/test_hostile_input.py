"""Hostile text and bounded work: what the attack on issue 18 found, each as a test."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest
from click.testing import CliRunner

from snl_edu import entry
from snl_edu.cli import main
from snl_edu.inputs.keyboard import MAX_LINE, KeyboardInput
from snl_edu.safe_text import MAX_NAME, clean_name, name_key, visible

ESCAPES = "\x1b[2J\x1b]0;owned\x07\x1b]52;c;aGk=\x07\rFake line\u202e"
BAD = ("\x1b", "\x07", "\r", "\u202e")


def env() -> dict[str, str]:
    return {**os.environ, "PYTHONUNBUFFERED": "1", "SNL_LANG": "en", "SNL_AUDIO": "off"}


def test_visible_keeps_nepali_joiners_and_shows_controls() -> None:
    assert visible("भऱ्याङ\u200d") == "भऱ्याङ\u200d"
    assert visible("a\x1bb\x00\x7f\x9b\u202e\ud800") == "a␛b␀␡\ufffd\ufffd\ufffd"
    assert clean_name("  Asha \x1b[31m ") == "Asha ␛[31m"
    assert len(clean_name("x" * 500)) == MAX_NAME


def hostile_board(folder: Path) -> Path:
    path = folder / "hostile.toml"
    def text(value: str) -> str:  # a TOML basic string (JSON's escapes are TOML's too)
        return json.dumps(value)

    path.write_text(f"name = {text('evil' + ESCAPES)}\n[title]\nen = {text('T' + ESCAPES)}\n"
                    f"[[ladders]]\nfrom = 3\nto = 22\nname.en = {text('rope' + ESCAPES)}\n",
                    encoding="utf-8")
    return path


def test_board_text_reaches_no_terminal_raw_and_the_svg_is_valid(runner: CliRunner,
                                                                  tmp_path: Path) -> None:
    board = hostile_board(tmp_path)
    for args in (["board", "show", str(board)], ["board", "check", str(board)],
                 ["play", "--demo", "--seed", "1", "--board", str(board), "--data-dir",
                  str(tmp_path / "d")], ["games", "--all", "--data-dir", str(tmp_path / "d")]):
        result = runner.invoke(main, args)
        assert result.exit_code == 0, result.output
        assert not any(bad in result.output for bad in BAD), args
    svg = tmp_path / "b.svg"
    assert runner.invoke(main, ["board", "render", str(board), "--out", str(svg)]).exit_code == 0
    ElementTree.parse(svg)  # control characters would make it invalid XML


def test_player_names_reach_no_terminal_raw(runner: CliRunner, tmp_path: Path) -> None:
    for name in (f"Asha{ESCAPES}", "Bad\udcffUTF8", "x" * 10_000):
        result = runner.invoke(main, ["play", "--players", name, "--seed", "2",
                                      "--data-dir", str(tmp_path)], input="\n\n")
        assert result.exit_code == 0, result.output
        assert not any(bad in result.output for bad in BAD)
        assert "x" * (MAX_NAME + 1) not in result.output
    listed = runner.invoke(main, ["games", "--data-dir", str(tmp_path)])
    assert listed.exit_code == 0 and listed.output.count("Game ") == 3
    assert not any(bad in listed.output for bad in BAD)


def test_a_long_line_without_newline_is_read_in_bounded_memory(tmp_path: Path) -> None:
    piped = tmp_path / "input"
    piped.write_bytes(b"x" * 2_000_000)
    with piped.open() as stream:
        keyboard = KeyboardInput(stream)
        command = keyboard.next_command()
        assert len(command.text) == MAX_LINE
        assert len(keyboard._pending) <= MAX_LINE + 4096
        assert keyboard.next_command().action.value == "end"


@pytest.mark.parametrize("source", ["/dev/zero", "long"])
def test_a_game_fed_binary_or_endless_input_ends(tmp_path: Path, source: str) -> None:
    if source == "long":
        path = tmp_path / "long"
        path.write_bytes(b"y" * 3_000_000)
        source = str(path)
    with open(source, "rb") as stdin:
        done = subprocess.run([sys.executable, "-m", "snl_edu", "play", "--players", "Asha",
                               "--data-dir", str(tmp_path / "d")], stdin=stdin,
                              capture_output=True, env=env(), timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert b"The input has ended" in done.stdout
    assert len(done.stdout) < 100_000


def test_a_lesson_answer_of_4301_digits_is_not_a_crash(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(main, ["lesson", "--learner", "Asha", "--questions", "1", "--seed",
                                  "1", "--data-dir", str(tmp_path)],
                           input="9" * 4301 + "\n\n\n\n")
    assert result.exit_code == 0, result.output
    assert result.exception is None


@pytest.mark.parametrize(("args", "message"), [
    (["play", "--demo", "--auto-roll", "inf"], "--auto-roll"),
    (["play", "--demo", "--pace", "nan"], "nan is not a number of seconds"),
    (["--lang", "ne", "play", "--demo", "--pace", "nan"], "nan सेकेन्डको सङ्ख्या होइन।"),
    (["stats", "--simulate", "100000000"], "--simulate"),
    (["games", "--data-dir", "~nouser-snl/x"], "cannot be opened or written"),
])
def test_options_that_were_tracebacks_are_one_line(runner: CliRunner, args: list[str],
                                                   message: str) -> None:
    result = runner.invoke(main, args)
    assert result.exit_code in (1, 2)
    assert isinstance(result.exception, SystemExit)
    assert message in result.output


def test_a_deep_phrases_file_is_one_line(runner: CliRunner, tmp_path: Path) -> None:
    deep = tmp_path / "voice.toml"
    deep.write_text("x = " + "[" * 100_000)
    shallow_but_deep = tmp_path / "dots.toml"
    shallow_but_deep.write_text("a." * 9 + "a = 1\n")
    for path in (deep, shallow_but_deep):
        result = runner.invoke(main, ["voice", "listen", "--phrases", str(path), "--audio-in",
                                      str(path)])
        assert result.exit_code == 1
        assert result.output.startswith("Error: The voice commands for English cannot be read")


def test_recording_to_a_full_disk_stops_the_recording_not_the_game(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "snl_edu", "play", "--demo", "--seed", "1",
                           "--record", "/dev/full", "--data-dir", str(tmp_path)],
                          capture_output=True, text=True, env=env(), timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "The recording to /dev/full stopped: No space left on device." in done.stderr
    assert "Game over" in done.stdout


@pytest.mark.usefixtures("whisper_loads_once")  # voice check loads English's Whisper
def test_voice_check_leaves_the_sound_system_closed_when_audio_is_off(
        runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    from snl_edu.inputs.voice.audio import microphone

    def opened() -> str:
        raise AssertionError("the sound system was opened")

    monkeypatch.setattr(microphone, "microphone_name", opened)
    result = runner.invoke(main, ["voice", "check", "--lang", "en"], env={"SNL_AUDIO": "off"})
    assert "Microphone: not checked, because SNL_AUDIO is off." in result.output


def test_ctrl_c_during_start_up_is_a_quiet_stop(monkeypatch: pytest.MonkeyPatch) -> None:
    import snl_edu.cli

    def interrupted() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(snl_edu.cli, "main", interrupted)
    with pytest.raises(SystemExit) as caught:
        entry.run()
    assert caught.value.code == entry.INTERRUPTED


def test_one_folding_for_every_name_comparison() -> None:
    """name_key: learners, seats, team members and forgetting all compare names by it."""
    same = ["Asha", " ASHA ", "A\u200bsha", "Ａｓｈａ", "asha\u00ad", "A sha".replace(" ", "\u2060")]
    assert {name_key(name) for name in same} == {"asha"}
    assert name_key("ﬁona") == name_key("Fiona")
    assert name_key("Asha  Rai") == name_key("asha\u00a0rai") == "asha rai"
    assert name_key("आशा") != name_key("अशा")
    assert clean_name("\u200b \u200d") == ""  # nothing a name could be told by


def test_a_name_is_the_same_child_however_the_game_changed_it_on_entry() -> None:
    """name_key cleans a name as clean_name does on entry, so the name as typed is the name
    as saved (cut to its length, an override or an escape made visible)."""
    assert name_key("B" * 60) == name_key("B" * MAX_NAME)
    assert name_key("Sita\u202eRai") == name_key("Sita\ufffdRai")
    assert name_key("Gita\x1b[31m") == name_key("Gita␛[31m") != name_key("Gita")
    folds_longer = "ß" * 30  # ss: sixty letters
    assert name_key(name_key(folds_longer)) == name_key(folds_longer)  # a kept key is its own


def test_a_name_keeps_joiners_only_inside_devanagari_and_three_marks_a_letter() -> None:
    assert clean_name("Bikash\u200dआशा\u200c") == "Bikashआशा"  # no conjunct to shape
    assert clean_name("क्\u200dष\u200b") == "क्\u200dष"
    assert clean_name("e\u200b\u0301") == "é"  # the mark meets its letter, then NFC
    assert clean_name("a" + "\u0300" * 9 + "b") == "à\u0300\u0300b"
