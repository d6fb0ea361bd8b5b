"""`snl voice check` tells how well each command was heard on the game's own benchmark,
from the figures the benchmark wrote (recognisers/measured.json), and the game does not
offer saying a phrase measured to be heard poorly (issue 41)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from espeak_audio import scene, write_wav

from snl_edu.cli import main
from snl_edu.inputs.commands import Action
from snl_edu.inputs.voice.audio.sources import WavFileSource
from snl_edu.inputs.voice.phrasebook.phrases import load_phrase_book
from snl_edu.inputs.voice.recognisers import measured
from snl_edu.inputs.voice.recognisers.sphinx import SphinxBackend
from snl_edu.inputs.voice.voice_listener import Heard, VoiceListener
from snl_edu.inputs.voice.voice_on import listening
from snl_edu.language.localizer import localizer_for

ENV = {"SNL_LANG": "en", "SNL_AUDIO": "off", "VOSK_MODEL_PATH": ""}


@pytest.mark.usefixtures("whisper_loads_once")
def test_voice_check_tells_each_command_s_figures_from_the_shipped_file(
        tmp_path: Path) -> None:
    shipped = json.loads(measured.MEASURED_FILE.read_text(encoding="utf-8"))["en"]["whisper"]
    result = CliRunner().invoke(main, ["voice", "check", "--lang", "en"],
                                env={**ENV, "HOME": str(tmp_path)})
    book = load_phrase_book("en")
    rolls = [phrase for phrase, action in book.commands.items() if action is Action.ROLL]
    for label, phrases in (("roll the pasa", rolls), ("numbers", list(book.numbers))):
        clean = [sum(shipped[p]["clean"][i] for p in phrases if p in shipped) for i in (0, 1)]
        babble = [sum(shipped[p]["babble"][i] for p in phrases if p in shipped) for i in (0, 1)]
        assert (f"English: {label}: heard right {clean[0]} of {clean[1]} times clean, "
                f"{babble[0]} of {babble[1]} in babble") in result.output, result.output


def figures_file(path: Path, heard: dict[str, int]) -> Path:
    """pocketsphinx's figures: each phrase heard right so many times of 4, clean."""
    path.write_text(json.dumps({"en": {"pocketsphinx": {
        phrase: {"clean": [right, 4], "babble": [0, 4]} for phrase, right in heard.items()}}}))
    return path


def test_a_phrase_heard_poorly_is_not_offered_though_still_heard(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(measured, "MEASURED_FILE",
                        figures_file(tmp_path / "measured.json",
                                     {"roll": 1, "roll the dice": 4, "help": 0, "help me": 3}))
    measured._measured.cache_clear()
    try:
        audio, _ = scene([(0.3, "roll")], random.Random(31), voice="en-us", speed=140)
        heard: list[Heard] = []
        listener = VoiceListener(SphinxBackend(), load_phrase_book("en"),
                                 WavFileSource(write_wav(tmp_path / "roll.wav", audio)),
                                 on_heard=heard.append)
        assert listener.phrase_for(Action.ROLL) == "roll the dice"
        assert listener.phrase_for(Action.WHERE) == "where"  # not measured: offered
        assert listening(localizer_for("en"), listener) == \
            "Listening. Say roll the dice to roll the pasa, or help me for help."
        listener.run()
        assert [h.command.action for h in heard if h.command] == [Action.ROLL]
    finally:
        measured._measured.cache_clear()


def test_numbers_heard_poorly_are_not_offered(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(measured, "MEASURED_FILE", figures_file(
        tmp_path / "measured.json", {"five": 1, "twelve": 0, "forty": 2}))
    measured._measured.cache_clear()
    try:
        listener = VoiceListener(SphinxBackend(), load_phrase_book("en"),
                                 WavFileSource(write_wav(tmp_path / "quiet.wav",
                                                         scene([], random.Random(1))[0])),
                                 numbers=True)
        assert not listener.hears_numbers  # 3 of 12 heard right
        assert listener.phrase_for(Action.ROLL) == "roll"
    finally:
        measured._measured.cache_clear()
