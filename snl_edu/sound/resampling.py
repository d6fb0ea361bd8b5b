"""A change of sample rate for 16-bit mono audio: the one place both sound out (a voice at
the device's rate) and sound in (a recording at the recogniser's rate) go through."""

from __future__ import annotations


def resampled_int16(data: bytes, rate: int, to: int) -> bytes:
    """Native-endian mono int16 samples at ``to`` Hz, through miniaudio's converter (no
    device needed): its low-pass filter keeps what lies above the lower rate's Nyquist
    frequency from folding back into the audio; plain linear interpolation let a 12 kHz
    tone through whole, as 4 kHz, when a 48 kHz recording became 16 kHz."""
    import miniaudio

    int16 = miniaudio.SampleFormat.SIGNED16
    return bytes(miniaudio.convert_frames(int16, 1, rate, data, int16, 1, to))
