"""Even loudness: every earcon within 2 dB of the speech, measured as BS.1770 loudness;
--sound-volume turns the earcons down apart from the speech's --volume."""

from __future__ import annotations

import math
import threading
from array import array
from collections.abc import Iterator

import pytest

from snl_edu.boards import load_board
from snl_edu.engine import Game, Rules, Seat
from snl_edu.inputs.dice import RandomDice
from snl_edu.language.localizer import Localizer
from snl_edu.outputs.aloud import cues
from snl_edu.outputs.aloud.espeak import EspeakSynthesiser, Voice
from snl_edu.outputs.aloud.loudness import TARGET_LUFS, integrated_loudness
from snl_edu.outputs.aloud.sound_on import AudioOptions, build_audio
from snl_edu.outputs.aloud.system_voice import SystemSynthesiser
from snl_edu.play.narration import Narrator
from snl_edu.sound.pcm import Pcm, silence
from snl_edu.vocabulary import Message
from tests.outputs.aloud.earcon_files import SHIPPED
from tests.outputs.aloud.null_device import WatchedSink

EVEN_WITHIN = 2.0  # dB: the most any sound may differ from the speech


def sine(hz: float, amplitude: float, seconds: float = 2.0, rate: int = 48000) -> Pcm:
    return Pcm(array("h", (round(amplitude * 32767 * math.sin(2 * math.pi * hz * i / rate))
                           for i in range(int(seconds * rate)))).tobytes(), rate)


def test_the_meter_reads_the_bs_1770_reference_tone() -> None:
    # A full-scale 997 Hz sine in one channel is -3.01 LKFS in BS.1770; the RBJ filter
    # design (as pyloudnorm's) reads it 0.04 dB lower.
    assert integrated_loudness(sine(997, 1.0)) == pytest.approx(-3.01, abs=0.1)
    assert integrated_loudness(sine(997, 0.5)) == pytest.approx(-3.01 - 6.02, abs=0.1)
    # K-weighting: the ear hears a 4 kHz tone about 3.5 dB louder, a 40 Hz rumble quieter.
    assert integrated_loudness(sine(4000, 0.5)) > integrated_loudness(sine(997, 0.5)) + 3
    assert integrated_loudness(sine(40, 0.5)) < integrated_loudness(sine(997, 0.5)) - 0.5
    # Gating: pauses do not make a sound quieter (only the blocks that straddle its
    # edges count a little), where a plain mean over 8 s would read 6 dB lower.
    tone = sine(997, 0.5, rate=22050)
    padded = silence(3.0, 22050) + tone + silence(3.0, 22050)
    assert integrated_loudness(padded) == pytest.approx(integrated_loudness(tone), abs=1.0)
    assert integrated_loudness(silence(1.0)) == -math.inf


def narrated_game(language: str) -> list[Message]:
    board = load_board("saanp-bharyang")
    seats = [Seat("Asha", computer=True), Seat("Bikash", computer=True)]
    game = Game(board, Rules(), seats)
    narrator = Narrator(Localizer.create(language), board, seats)
    dice = RandomDice(7)
    messages = narrator.narrate_all(game.opening())
    while not game.over and len(messages) < 60:
        messages += narrator.narrate_all(game.play(dice.roll()))
    return messages


@pytest.fixture(scope="module", params=["en", "ne"])
def speech_loudness(request: pytest.FixtureRequest) -> float:
    """The loudness of a game's narration, as the built-in voice speaks it at 100 %."""
    voice = EspeakSynthesiser(Voice(request.param))
    spoken = [voice.synthesise(m.text) for m in narrated_game(request.param) if m.text.strip()]
    total = spoken[0]
    for pcm in spoken[1:]:
        total = total + pcm
    return integrated_loudness(total)


def test_speech_is_at_the_target_loudness(speech_loudness: float) -> None:
    assert speech_loudness == pytest.approx(TARGET_LUFS, abs=1.0)


@pytest.mark.parametrize("name", SHIPPED)
def test_every_earcon_is_within_2_db_of_the_speech(name: str, speech_loudness: float) -> None:
    level = integrated_loudness(cues.load(name))
    assert level == pytest.approx(TARGET_LUFS, abs=0.1)
    assert abs(level - speech_loudness) <= EVEN_WITHIN


def test_the_system_voice_is_brought_to_the_same_loudness() -> None:
    system = SystemSynthesiser(Voice("en"))
    try:
        spoken = system.synthesise("Asha rolled a 4 on the pasa. Bharyang! Asha climbs the "
                                   "ladder from 27 to 64.")
    finally:
        system.close()
    assert abs(integrated_loudness(spoken) - TARGET_LUFS) <= EVEN_WITHIN


@pytest.fixture
def sink() -> Iterator[WatchedSink]:
    opened = WatchedSink()
    yield opened
    opened.close()


def test_sound_volume_is_apart_from_the_speech_volume(sink: WatchedSink) -> None:
    # Through the game's real outputs and device: the earcon at --sound-volume 50 is 6 dB
    # under its full level while the speech keeps its own --volume 100, and the other way.
    # The device plays in real time, so the sentence is a short one (-19.3 LUFS, as loud as
    # a long one).
    def played(volume: int, sound_volume: int) -> tuple[float, float]:
        start = len(sink.sounds)
        audio = build_audio(AudioOptions(volume=volume, sound_volume=sound_volume),
                            Localizer.create("en"), print, sink_factory=lambda: sink,
                            speaking=threading.Event())
        for output in audio.outputs:
            output.show(Message("Asha climbs.", "ladder"))
        earcon, speech = sink.sounds[start:]
        return (integrated_loudness(Pcm(bytes(earcon.data), sink.rate)),
                integrated_loudness(Pcm(bytes(speech.data), sink.rate)))

    earcon, speech = played(volume=100, sound_volume=50)
    assert earcon == pytest.approx(TARGET_LUFS - 6.02, abs=0.2)
    assert speech == pytest.approx(TARGET_LUFS, abs=EVEN_WITHIN)
    earcon, quiet_speech = played(volume=50, sound_volume=100)
    assert earcon == pytest.approx(TARGET_LUFS, abs=0.2)
    assert quiet_speech < speech - 3
