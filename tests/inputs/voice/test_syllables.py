"""Syllables counted from the loudness of the vowels' band, on eSpeak NG speech, clean and in
15 dB noise."""

from __future__ import annotations

import random

import pytest
from espeak_audio import at_snr, rms, speak_all

from snl_edu.inputs.voice.audio.syllables import Loudness

# (text, syllables counted): connected speech runs some together ("my sister is here" has
# five); the sentences are what the grammar forced onto three-syllable commands. The
# fricatives of "no thanks" are loud, but above the vowels' band: counted over the whole
# band it had three syllables, more than the command, which was refused.
SAID = [("roll", 1), ("yes", 1), ("roll the dice", 3), ("say that again", 4),
        ("hello how are you", 5), ("my sister is here", 4), ("no thanks", 2), ("skip it", 2)]


@pytest.mark.parametrize("snr_db", [None, 15.0])
def test_syllables_are_counted_from_loudness(snr_db: float | None) -> None:
    spoken = speak_all([(text, "en+f3", 150) for text, _ in SAID])
    counted = []
    for samples in spoken:
        if snr_db is not None:
            samples = at_snr(samples, random.Random(1), snr_db, rms(samples))
        loudness = Loudness()
        for start in range(0, len(samples), 800):  # in the listener's blocks
            loudness.feed(samples[start:start + 800].tobytes())
        counted.append(loudness.syllables())
    assert counted == [count for _, count in SAID]


def test_silence_has_no_syllables() -> None:
    loudness = Loudness()
    assert loudness.syllables() == 0
    loudness.feed(bytes(3200))
    assert loudness.syllables() == 0
