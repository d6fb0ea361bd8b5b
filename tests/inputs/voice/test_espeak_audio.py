"""The voice tests' own eSpeak NG (espeak_audio) and the game's voice leave each other alone,
in one process and in either order: the suite runs its tests in any order on every core."""

from __future__ import annotations

from espeak_audio import RATE, speech

from snl_edu.outputs.aloud.espeak import EspeakSynthesiser, Voice


def test_test_speech_and_the_game_voice_do_not_disturb_each_other() -> None:
    game = EspeakSynthesiser(Voice("en"))
    before = game.synthesise("Roll the pasa.")
    # Spoken now, beside the game's voice (not audio kept from an earlier run)
    assert len(speech("roll the dice", voice="en-us", kept=False)) > RATE // 2
    after = game.synthesise("Roll the pasa.")
    assert after.rms() > 500 and abs(after.duration - before.duration) < 0.1
    assert len(speech("roll the dice", voice="en-us", kept=False)) > RATE // 2
