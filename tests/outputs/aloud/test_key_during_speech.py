"""A key pressed while the game speaks: the sentence stops, then the key is handled once.

A real terminal (a pty) and the real output device on miniaudio's null backend,
which keeps real time, so the speech takes as long as it would through speakers.
"""

from __future__ import annotations

import os
import threading
import time

from snl_edu.engine import Game, Rules, Seat
from snl_edu.inputs.dice import RandomDice
from snl_edu.inputs.keyboard import KeyboardInput
from snl_edu.language.localizer import Localizer
from snl_edu.outputs.aloud.espeak import EspeakSynthesiser, Voice
from snl_edu.outputs.aloud.player import Player
from snl_edu.outputs.aloud.sound_outputs import PcmSpeaker, SpeechOutput
from snl_edu.outputs.console import Outputs
from snl_edu.play.narration import Narrator
from snl_edu.play.session import Ending, Session
from tests.conftest import make_board
from tests.helpers import Collect
from tests.outputs.aloud.null_device import WatchedSink

DEADLINE = 20.0


def wait_for(condition, what: str) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + DEADLINE
    while not condition():
        assert time.monotonic() < end, what
        time.sleep(0.01)  # polling only; the deadline decides


def test_a_key_during_a_sentence_cuts_it_short_and_is_then_handled_once() -> None:
    master, slave = os.openpty()
    keys = KeyboardInput(os.fdopen(slave, "r", closefd=False))
    loc = Localizer.create("en")
    game = Game(make_board({3: 22}), Rules(), [Seat("Asha")])
    screen = Collect()
    sink = WatchedSink()
    speech = SpeechOutput(PcmSpeaker(EspeakSynthesiser(Voice("en")),
                                     Player(sink, threading.Event())), keys.key_pressed)
    session = Session(game, Narrator(loc, game.board, game.seats), Outputs([screen, speech]),
                      keys, RandomDice(1))
    endings: list[Ending] = []
    try:
        with keys:
            runner = threading.Thread(target=lambda: endings.append(session.run()))
            runner.start()
            wait_for(lambda: "Press Enter to roll the pasa, or h for help." in screen.texts,
                     "the game never asked for a roll")
            os.write(master, b"h")  # the help: eight sentences, many seconds of speech
            wait_for(lambda: "Keys:" in screen.texts and sink.sounds
                     and sink.sounds[0].first_sample_at is not None, "no help was spoken")
            help_started = sink.sounds[0].first_sample_at
            pressed = time.perf_counter()
            os.write(master, b"w")
            wait_for(lambda: "Asha is not yet on the board." in screen.texts,
                     "w was never handled")
            handled = time.perf_counter()
            os.write(master, b"qy")
            runner.join(DEADLINE)
    finally:
        os.close(master)
        os.close(slave)
        sink.close()
    assert endings == [Ending.QUIT]
    cut = [sound for sound in sink.sounds if sound.stopped]
    assert cut and sink.heard_until(cut[0]) - pressed < 0.2  # cut at once
    help_seconds = sum(EspeakSynthesiser(Voice("en")).synthesise(text).duration
                       for text in screen.texts[screen.texts.index("Keys:"):][:8])
    assert handled - help_started < help_seconds / 2  # the rest of the help was not waited for
    # One key, one thing: handled as itself once, not used up by the skip.
    assert screen.texts.count("Asha is not yet on the board.") == 1
