"""--tts system through pyttsx3 (on Linux its eSpeak NG driver), kept clear of its pitfalls."""

from __future__ import annotations

import pytest

from snl_edu.outputs.aloud.espeak import EspeakSynthesiser, Voice
from snl_edu.outputs.aloud.system_voice import SystemSynthesiser


def test_system_voice_renders_audio_without_printing(capfd: pytest.CaptureFixture[str]) -> None:
    voice = SystemSynthesiser(Voice("en"))
    first = voice.synthesise("Asha rolled a five on the pasa.")
    second = voice.synthesise("Bikash's turn.")
    assert first.rms() > 500 and second.rms() > 500
    # Each call renders its own text: no stale file or text from the call before.
    assert second.duration < first.duration
    out, _ = capfd.readouterr()
    assert out == ""  # pyttsx3's "Audio saved to ..." never reaches stdout


def test_system_voice_follows_the_language() -> None:
    voice = SystemSynthesiser(Voice("ne"))
    nepali = voice.synthesise("आशाले पासामा पाँच फाल्यो।")
    assert nepali.rms() > 500 and nepali.duration > 0.5


def test_system_voice_and_built_in_voice_share_a_process() -> None:
    # On Linux both are eSpeak NG: the system one must not take over the built-in one.
    built_in = EspeakSynthesiser(Voice("en"))
    before = built_in.synthesise("Asha's turn.")
    system = SystemSynthesiser(Voice("en"))
    assert system.synthesise("Asha's turn.").rms() > 500
    after = built_in.synthesise("Asha's turn.")
    assert abs(after.duration - before.duration) < 0.05 * before.duration
    system.close()
