"""The speech model loads in the background while the game starts (issue 41): the game's
first line comes before the model is ready, and a command said while it loads is heard
once it is. The loader is the game's own, held back until the test lets it go."""

from __future__ import annotations

import os
import random
import select
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from espeak_audio import scene, write_wav

from snl_edu.inputs.commands import Action
from snl_edu.inputs.keyboard import KeyboardInput
from snl_edu.inputs.voice import voice_on
from snl_edu.inputs.voice.audio.captured import CapturedAudio
from snl_edu.inputs.voice.audio.microphone import BLOCK_SECONDS
from snl_edu.inputs.voice.audio.sources import WavFileSource
from snl_edu.inputs.voice.inputs import CombinedInput
from snl_edu.inputs.voice.phrasebook.phrases import load_phrase_book
from snl_edu.inputs.voice.recognisers.backends import Recogniser, backend_for
from snl_edu.inputs.voice.voice_listener import Heard, VoiceListener
from snl_edu.language.localizer import localizer_for

DEADLINE = 60.0

# The game, with its own model loading held until a line arrives on the FIFO argv[1].
HELD_GAME = """\
import sys
from snl_edu.inputs.voice import voice_on
real, fifo_path = voice_on.backend_for, sys.argv.pop(1)
def held(*args, **kwargs):
    with open(fifo_path) as fifo:
        fifo.readline()
    return real(*args, **kwargs)
voice_on.backend_for = held
from snl_edu.cli import main
main()
"""


class Lines:
    """A child's stdout, read as it comes."""

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        assert process.stdout is not None
        self.fd, self.text = process.stdout.fileno(), ""

    def until(self, wanted: str) -> str:
        """Everything read so far, once it holds ``wanted``."""
        end = time.monotonic() + DEADLINE
        while wanted not in self.text:
            left = end - time.monotonic()
            assert left > 0, f"never said {wanted!r}: {self.text!r}"
            if select.select([self.fd], [], [], left)[0]:
                chunk = os.read(self.fd, 4096)
                assert chunk, f"ended before {wanted!r}: {self.text!r}"
                self.text += chunk.decode()
        return self.text


def release(fifo: Path) -> None:
    """Let the held loader go: it is reading the FIFO, or soon will be."""
    end = time.monotonic() + DEADLINE
    while True:
        try:
            loaded = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
            break
        except OSError:  # no reader yet
            assert time.monotonic() < end, "the model was never asked for"
            time.sleep(0.01)  # polling only
    os.write(loaded, b"go\n")
    os.close(loaded)


def test_the_game_s_first_line_comes_before_the_model_has_loaded(tmp_path: Path) -> None:
    audio, _ = scene([(0.3, "roll the dice")], random.Random(21), voice="en-us", speed=140)
    wav = write_wav(tmp_path / "roll.wav", audio)
    fifo = tmp_path / "loaded"
    os.mkfifo(fifo)
    env = {**os.environ, "SNL_LANG": "en", "SNL_AUDIO": "off", "VOSK_MODEL_PATH": "",
           "HOME": str(tmp_path), "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [sys.executable, "-c", HELD_GAME, str(fifo), "play", "--players", "Asha", "--seed",
         "3", "--voice", "--recogniser", "pocketsphinx", "--audio-in", str(wav),
         "--data-dir", str(tmp_path)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert process.stdin is not None
    try:
        lines = Lines(process)
        first = lines.until("Press Enter to roll the pasa")  # the model is still held
        assert "Asha's turn." in first and "Listening." not in first
        release(fifo)  # now the model loads
        # Heard once ready, by voice alone: no key has been pressed
        said = lines.until("Asha rolled")
        assert said.index("Listening. Say roll") < said.index("Asha rolled")
        process.stdin.write(b"q\ny\n")
        process.stdin.close()
        assert process.wait(DEADLINE) == 0
        assert b"Traceback" not in process.stderr.read() if process.stderr else True
    finally:
        process.kill()
        process.wait()


class Held:
    """backend_for, held until ``release`` is set."""

    def __init__(self) -> None:
        self.release, self.called = threading.Event(), threading.Event()

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.called.set()
        assert self.release.wait(DEADLINE)
        return backend_for(*args, **kwargs)


class FirstBlocksSpoken:
    """The game speaks over the first ``blocks`` blocks the microphone hears."""

    def __init__(self, blocks: int) -> None:
        self.left = blocks

    def __call__(self) -> bool:
        self.left -= 1
        return self.left >= 0


def test_what_is_said_while_the_model_loads_is_heard_once_it_is_ready(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # "where" while the game speaks (not taken, though the listener that hears it comes
    # later, when the game is quiet), "roll the dice" after it: both before the model
    # is ready.
    audio, spans = scene([(0.3, "where"), (1.0, "roll the dice")], random.Random(22),
                         voice="en-us", speed=140)
    wav = write_wav(tmp_path / "said.wav", audio)
    book = load_phrase_book("en")
    unmuted: list[Heard] = []
    VoiceListener(backend_for("en", book.model, recogniser=Recogniser.POCKETSPHINX), book,
                  WavFileSource(wav), on_heard=unmuted.append).run()
    assert [h.command.action for h in unmuted if h.command] == [Action.WHERE, Action.ROLL]

    held = Held()
    monkeypatch.setattr(voice_on, "backend_for", held)
    speaking = FirstBlocksSpoken(int((spans[0][1] + 0.2) / BLOCK_SECONDS))
    said: list[str] = []
    read_end, write_end = os.pipe()
    with os.fdopen(read_end, "r") as keys:
        room = voice_on.voice_input(localizer_for("en"), KeyboardInput(keys), said.extend,
                                    voice_on.VoiceSettings(audio_in=wav,
                                                           recogniser="pocketsphinx"),
                                    is_speaking=speaking)
        assert isinstance(room, CombinedInput) and room.loading is not None
        captured = room.loading.source
        assert isinstance(captured, CapturedAudio)
        try:
            end = time.monotonic() + DEADLINE
            while not captured.ended:  # all of it heard, the model still held
                assert time.monotonic() < end
                time.sleep(0.01)  # polling only: the assertions below decide
            assert room.phrase_for(Action.ROLL) is None  # nothing offered until ready
            held.release.set()
            command = room.next_command(DEADLINE)
            assert command is not None and command.action is Action.ROLL
            assert room.next_command(0.5) is None  # "where" was the game's own time
            assert any(line.startswith("Listening. Say roll") for line in said)
            assert room.phrase_for(Action.ROLL) is not None
        finally:
            os.close(write_end)
            room.close()
