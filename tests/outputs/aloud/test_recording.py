"""--record: one WAV with every message's earcon and speech, in the order of the events."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner

from snl_edu.cli import main
from snl_edu.engine import Board, Game, Jump, JumpKind, Rules, Seat
from snl_edu.inputs.dice import RandomDice
from snl_edu.inputs.keyboard import KeyboardInput
from snl_edu.language.localizer import Localizer
from snl_edu.outputs.aloud import cues
from snl_edu.outputs.aloud.espeak import EspeakSynthesiser, Voice
from snl_edu.outputs.aloud.sound_outputs import GAP_SECONDS, RecordingOutput
from snl_edu.outputs.console import Outputs
from snl_edu.play.narration import Narrator
from snl_edu.play.session import Session
from snl_edu.sound.pcm import Pcm, read_wav
from snl_edu.vocabulary import Message
from tests.helpers import Collect
from tests.outputs.aloud.earcon_files import SHIPPED


def earcons_in(recording: Pcm) -> list[tuple[int, str]]:
    """(frame, name) of every earcon found sample-exact in the recording, in order.

    Looked for by a few of its first sounding bytes, each place then compared whole:
    searching for the whole earcon took 0.8 s of CPU in a demo game's 47 MB."""
    found = []
    for name in SHIPPED:
        sound = cues.load(name).data
        silent = len(sound) - len(sound.lstrip(b"\0"))  # its leading silence, if any
        key = sound[silent:silent + 64]
        at = recording.data.find(key, silent)
        while at != -1:
            start = at - silent
            if start % 2 == 0 and recording.data[start:start + len(sound)] == sound:
                found.append((start // 2, name))
            at = recording.data.find(key, at + 1)
    return sorted(found)


@pytest.mark.parametrize("language", ["en", "ne"])
def test_recorded_game_holds_earcons_and_speech_in_event_order(tmp_path: Path,
                                                                language: str) -> None:
    board = Board.build("small", 5, 4, [Jump(JumpKind.LADDER, 3, 12),
                                        Jump(JumpKind.SNAKE, 17, 6)])
    seats = [Seat("Asha", computer=True), Seat("Bikash", computer=True)]
    game = Game(board, Rules(), seats)
    loc = Localizer.create(language)
    synthesiser = EspeakSynthesiser(Voice(language))
    path = tmp_path / "game.wav"
    recorder, collect = RecordingOutput(path, synthesiser), Collect()
    session = Session(game, Narrator(loc, board, seats), Outputs([collect, recorder]),
                      KeyboardInput(io.StringIO("")), RandomDice(4))
    session.run()
    recorder.close()

    recording = read_wav(path)
    expected = [m.earcon for m in collect.messages if m.earcon]
    found = earcons_in(recording)
    assert [name for _, name in found] == expected
    assert {"turn", "dice", "win"} <= set(expected)

    # Between one earcon and the next lies the speech of the messages in between:
    # audible, and as long as those sentences are when spoken on their own.
    gap = int(GAP_SECONDS * recording.rate)
    bounds = [frame for frame, _ in found] + [recording.frames]
    groups: list[list[Message]] = []
    for message in collect.messages:
        if message.earcon or not groups:
            groups.append([])
        groups[-1].append(message)
    assert len(groups) == len(found)
    for (frame, name), end, group in zip(found, bounds[1:], groups, strict=True):
        start = frame + cues.load(name).frames + gap
        speech = Pcm(recording.data[start * 2:end * 2], recording.rate)
        assert speech.rms() > 300
        spoken_alone = sum(synthesiser.synthesise(m.text).duration + GAP_SECONDS
                           for m in group)
        assert speech.duration == pytest.approx(spoken_alone, rel=0.05)


def test_snl_play_demo_record_writes_the_whole_game(tmp_path: Path) -> None:
    path = tmp_path / "demo.wav"
    result = CliRunner().invoke(main, ["play", "--demo", "--seed", "2", "--lang", "en",
                                       "--record", str(path)])
    assert result.exit_code == 0, result.output
    turns = [line for line in result.stdout.splitlines() if line.endswith("'s turn.")]
    recording = read_wav(path)
    found = earcons_in(recording)
    assert sum(1 for _, name in found if name == "turn") == len(turns) > 0
    assert found[-1][1] == "win"
    assert recording.duration > 10 * len(turns) * 0.1


def test_record_to_an_unwritable_place_is_one_clear_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["play", "--demo", "--lang", "en", "--record",
                                       str(tmp_path / "missing" / "game.wav")])
    assert result.exit_code == 1
    assert "Cannot write" in result.stderr
    assert "Traceback" not in result.output
