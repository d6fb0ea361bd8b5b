"""The number-line tone through the real playback path: miniaudio's null device."""

from __future__ import annotations

import pytest

from snl_edu.checkup import tone
from snl_edu.outputs.speech.errors import AudioUnavailable
from snl_edu.outputs.speech.sinks import DeviceSink
from snl_edu.sound.pcm import Pcm


def test_a_stereo_tone_plays_out_whole_on_the_device() -> None:
    try:
        sink = DeviceSink(tone.RATE, backend="null", channels=2)
    except AudioUnavailable as error:  # pragma: no cover - miniaudio is a dependency
        pytest.fail(f"the null device should always open: {error}")
    try:
        samples = tone.stereo_tone(80)
        sound = sink.start(Pcm(samples.tobytes(), tone.RATE))
        assert sound.done.wait(5), "the tone never finished"
        assert not sound.stopped and sound.position == samples.nbytes
        # Handed over in real time for its length: two channels to a frame, so a stereo
        # tone on a mono stream (twice as long) or half-read would show here.
        assert sound.first_sample_at is not None and sound.last_sample_at is not None
        heard = sound.last_sample_at - sound.first_sample_at
        assert 0.6 * tone.BEEP_SECONDS <= heard <= 1.4 * tone.BEEP_SECONDS
    finally:
        sink.close()
