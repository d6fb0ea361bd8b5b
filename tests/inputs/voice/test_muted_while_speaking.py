"""The microphone is muted while the game speaks, with real timing on both sides: the
game's sentence plays through the real output device (miniaudio's null backend, in
real time) while a child's commands arrive as from a microphone, block by block at
the pace of speech. A command said while the game talks is not taken; one said after
it is.
"""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path

from espeak_audio import RATE, scene, speech, write_wav

from snl_edu.inputs.commands import Action, Command
from snl_edu.inputs.voice.audio.sources import WavFileSource
from snl_edu.inputs.voice.phrasebook.phrases import PhraseBook
from snl_edu.inputs.voice.recognisers.models import VoiceModel
from snl_edu.inputs.voice.voice_listener import Heard, VoiceListener
from snl_edu.outputs.aloud.player import Player
from snl_edu.sound.pcm import Pcm
from tests.outputs.aloud.null_device import WatchedSink

DEADLINE = 30.0


def test_a_command_said_while_the_game_speaks_is_not_taken(korean_model: VoiceModel,
                                                           korean_book: PhraseBook,
                                                           tmp_path: Path) -> None:
    # The game's line (its own voice, rendered apart from the speech engine under test):
    # 1.5 s, twice as long as the command it must cover. The audio plays in real time, so
    # each gap is what the check needs: the game starts 0.3 s before the first command, the
    # second command starts about 1.9 s after the game stops (0.5 s of it asserted below,
    # the rest a margin for a late start on a busy machine), and 0.4 s of quiet ends it.
    line = speech("Asha climbs the ladder.", voice="en", speed=140)
    talk = len(line) / RATE
    audio, spans = scene([(0.6, "주사위"), (talk + 0.9, "위치")], random.Random(4), tail=0.4)
    path = write_wav(tmp_path / "child.wav", audio)

    # Unmuted, the child's two commands are both understood from this very audio.
    heard: list[Heard] = []
    VoiceListener(korean_model, korean_book, WavFileSource(path), on_heard=heard.append).run()
    assert [h.command.action for h in heard if h.command] == [Action.ROLL, Action.WHERE]

    sink = WatchedSink()
    player = Player(sink, threading.Event())
    microphone = WavFileSource(path, realtime=True)  # blocks at the pace of speech
    heard = []
    listener = VoiceListener(korean_model, korean_book, microphone, on_heard=heard.append,
                             is_speaking=player.speaking.is_set)
    listening = listener.start()
    try:
        end = time.monotonic() + DEADLINE
        # The game starts talking a moment before the child's first command begins.
        while microphone.seconds < spans[0][0] - 0.3:
            assert time.monotonic() < end, "the microphone never got going"
            time.sleep(0.005)  # polling only: the assertions below decide
        began = time.monotonic()
        assert player.play(Pcm(line.tobytes(), RATE)) is True
        ended = time.monotonic()
        listening.join(DEADLINE)
    finally:
        listener.stop()
        sink.close()
    assert microphone.started is not None
    # The game really was talking over the whole first command, and had stopped long
    # before the second began.
    assert began - microphone.started < spans[0][0]
    assert ended - microphone.started > spans[0][1]
    assert ended - microphone.started < spans[1][0] - 0.5
    assert [h.command for h in heard if h.command] == [Command(Action.WHERE, "위치")]
