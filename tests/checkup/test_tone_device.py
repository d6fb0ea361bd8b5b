"""The number-line tone through the real playback path: miniaudio's null device."""

from __future__ import annotations

import pytest

from snl_edu.checkup import tone
from snl_edu.sound.device import DeviceSink
from snl_edu.sound.pcm import Pcm
from snl_edu.sound.unavailable import AudioUnavailable

# Longer than the game's beep (0.18 s): the device's thread hands over each 10 ms period
# when the machine lets it run, and on a loaded machine (the whole suite on two cores) the
# first or the last period came 0.07 s late now and then, which took a 0.18 s tone out of
# the bounds below. Over 0.9 s it takes a 0.36 s delay; a tone twice as long or half as
# long (the faults checked) is still 0.9 s off.
SECONDS = 0.9
DEADLINE = 10.0  # only a wait's upper bound: the tone ends after SECONDS


def test_a_stereo_tone_plays_out_whole_on_the_device() -> None:
    try:
        sink = DeviceSink(tone.RATE, backend="null", channels=2)
    except AudioUnavailable as error:  # pragma: no cover - miniaudio is a dependency
        pytest.fail(f"the null device should always open: {error}")
    try:
        samples = tone.stereo_tone(80, seconds=SECONDS)
        sound = sink.start(Pcm(samples.tobytes(), tone.RATE))
        assert sound.done.wait(DEADLINE), "the tone never finished"
        assert not sound.stopped and sound.position == samples.nbytes
        # Handed over in real time for its length: two channels to a frame, so a stereo
        # tone on a mono stream (twice as long) or half-read would show here.
        assert sound.first_sample_at is not None and sound.last_sample_at is not None
        heard = sound.last_sample_at - sound.first_sample_at
        assert 0.6 * SECONDS <= heard <= 1.4 * SECONDS
    finally:
        sink.close()
