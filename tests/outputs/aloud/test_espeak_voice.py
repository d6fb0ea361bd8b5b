"""Real eSpeak NG through the espeakng-loader wheel: audible, text-length aware, per language."""

from __future__ import annotations

from snl_edu.outputs.aloud.espeak import EspeakSynthesiser, Voice

SHORT_EN = "Asha rolled a five."
LONG_EN = ("Asha rolled a five on the pasa. Asha moves from twelve to seventeen. "
           "Bharyang! Asha climbs the ladder from seventeen to thirty.")
SHORT_NE = "आशाले पासामा पाँच फाल्यो।"
LONG_NE = ("आशाले पासामा पाँच फाल्यो। आशा बाह्रबाट सत्रमा सर्छ। "
           "भर्याङ! आशा सत्रबाट तीसमा चढ्छ।")
AUDIBLE_RMS = 500  # of 32767: speech, not silence or noise


def test_english_speech_is_audible_and_grows_with_the_text() -> None:
    voice = EspeakSynthesiser(Voice("en"))
    short, long = voice.synthesise(SHORT_EN), voice.synthesise(LONG_EN)
    assert short.rms() > AUDIBLE_RMS and long.rms() > AUDIBLE_RMS
    assert 0.5 < short.duration < long.duration
    assert long.duration > 2 * short.duration


def test_nepali_speech_is_audible_and_grows_with_the_text() -> None:
    voice = EspeakSynthesiser(Voice("ne"))
    short, long = voice.synthesise(SHORT_NE), voice.synthesise(LONG_NE)
    assert short.rms() > AUDIBLE_RMS and long.rms() > AUDIBLE_RMS
    assert 0.5 < short.duration < long.duration
    assert long.duration > 2 * short.duration


def test_nepali_voice_is_not_the_english_voice() -> None:
    # The same Devanagari and Latin text, read by each language's voice.
    for text in (SHORT_NE, "Saanp ra bharyang, pasa, chhakka."):
        english = EspeakSynthesiser(Voice("en")).synthesise(text)
        nepali = EspeakSynthesiser(Voice("ne")).synthesise(text)
        assert english.data != nepali.data
    # And the voice eSpeak NG reports in use is its Nepali one.
    nepali_voice = EspeakSynthesiser(Voice("ne"))
    nepali_voice.synthesise(SHORT_NE)
    assert nepali_voice.current_voice() == "ne"
    english_voice = EspeakSynthesiser(Voice("en"))
    english_voice.synthesise(SHORT_NE)
    assert english_voice.current_voice().startswith("en")


def test_slower_rate_speaks_longer_and_volume_is_quieter() -> None:
    slow = EspeakSynthesiser(Voice("en", rate=100)).synthesise(LONG_EN)
    fast = EspeakSynthesiser(Voice("en", rate=250)).synthesise(LONG_EN)
    assert slow.duration > 1.5 * fast.duration
    quiet = EspeakSynthesiser(Voice("en", volume=30)).synthesise(SHORT_EN)
    loud = EspeakSynthesiser(Voice("en", volume=100)).synthesise(SHORT_EN)
    assert quiet.rms() < 0.6 * loud.rms()


def test_same_text_same_voice_is_nearly_the_same_length() -> None:
    # eSpeak NG adds a little random flutter, so samples differ run to run; the length does not.
    voice = EspeakSynthesiser(Voice("ne"))
    first, second = voice.synthesise(SHORT_NE), voice.synthesise(SHORT_NE)
    assert abs(first.duration - second.duration) < 0.02 * first.duration
