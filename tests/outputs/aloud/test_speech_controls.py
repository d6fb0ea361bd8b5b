"""Rate and volume keys change the game's own voice at once and are kept per player."""

from __future__ import annotations

import threading
from pathlib import Path

from snl_edu.inputs.commands import Action
from snl_edu.language.localizer import Localizer
from snl_edu.outputs.aloud.espeak import EspeakSynthesiser, Voice
from snl_edu.outputs.aloud.player import Player
from snl_edu.outputs.aloud.sound_outputs import PcmSpeaker, SpeechOutput
from snl_edu.outputs.aloud.speech_settings import DEFAULT_RATE, MAX_RATE
from snl_edu.play.speech_controls import RATE_STEP, SpeechControls, SpeechPrefs
from tests.outputs.aloud.null_device import WatchedSink

SENTENCE = "Asha moves from twenty one to twenty five."


def speech() -> tuple[SpeechOutput, EspeakSynthesiser]:
    synthesiser = EspeakSynthesiser(Voice("en"))
    return SpeechOutput(PcmSpeaker(synthesiser, Player(WatchedSink(), threading.Event()))), \
        synthesiser


def test_faster_and_quieter_change_the_next_sentence_and_say_so(tmp_path: Path) -> None:
    output, synthesiser = speech()
    remembered: list[tuple[int, int]] = []
    controls = SpeechControls([output], DEFAULT_RATE, 100, Localizer.create("en"),
                              lambda rate, volume: remembered.append((rate, volume)))
    before = synthesiser.synthesise(SENTENCE).duration
    said = controls(Action.FASTER)
    assert said[0].text == f"Speech speed {DEFAULT_RATE + RATE_STEP} words a minute."
    assert synthesiser.synthesise(SENTENCE).duration < before
    assert controls(Action.QUIETER)[0].text == "Loudness 90 percent."
    assert synthesiser.voice.volume == 90
    assert remembered[-1] == (DEFAULT_RATE + RATE_STEP, 90)
    for _ in range(40):
        controls(Action.FASTER)
        controls(Action.QUIETER)
    assert synthesiser.voice.rate == MAX_RATE and synthesiser.voice.volume == 10  # never mute


def test_with_a_screen_reader_the_keys_say_who_sets_the_voice() -> None:
    controls = SpeechControls([], DEFAULT_RATE, 100, Localizer.create("ne"))
    assert "screen reader" not in controls(Action.FASTER)[0].text  # said in Nepali


def test_each_players_choice_comes_back_and_a_damaged_file_is_ignored(tmp_path: Path) -> None:
    prefs = SpeechPrefs(tmp_path)
    assert prefs.for_players(["Asha"]) is None
    prefs.remember(["Asha"], 200, 70)
    assert SpeechPrefs(tmp_path).for_players(["Papa", " asha "]) == (200, 70)
    (tmp_path / "speech.json").write_text("{not json", "utf-8")
    assert SpeechPrefs(tmp_path).for_players(["Asha"]) is None
    (tmp_path / "speech.json").write_text('{"asha": {"rate": 9999, "volume": 70}}', "utf-8")
    assert SpeechPrefs(tmp_path).for_players(["Asha"]) is None
    (tmp_path / "speech.json").write_text("[" * 100_000, "utf-8")  # nested past any reader
    assert SpeechPrefs(tmp_path).for_players(["Asha"]) is None


def test_a_setting_that_cannot_be_kept_is_said_once_and_play_goes_on(tmp_path: Path) -> None:
    in_the_way = tmp_path / "data"
    in_the_way.write_text("a file where the data folder should be")
    prefs = SpeechPrefs(in_the_way)
    output, synthesiser = speech()
    controls = SpeechControls([output], DEFAULT_RATE, 100, Localizer.create("en"),
                              lambda rate, volume: prefs.remember(["Asha"], rate, volume))
    first = controls(Action.FASTER)[0].text
    assert first == (f"Speech speed {DEFAULT_RATE + RATE_STEP} words a minute. It cannot be "
                     "kept for your next game: the data folder cannot be written.")
    assert controls(Action.FASTER)[0].text == f"Speech speed {DEFAULT_RATE + 2 * RATE_STEP} words a minute."
    assert synthesiser.voice.rate == DEFAULT_RATE + 2 * RATE_STEP  # the voice changed anyway
