"""The microphone through miniaudio's null backend: real-time blocks of 0.05 s, a clean close."""

from __future__ import annotations

import threading
import time

import pytest

from snl_edu.inputs.voice.audio.microphone import BLOCK_SECONDS, MicrophoneSource, microphone_name
from snl_edu.inputs.voice.problems import VoiceError, VoiceProblem


def test_blocks_are_16_bit_mono_at_the_rate_and_come_in_real_time() -> None:
    source = MicrophoneSource(rate=16000, backend="null")
    try:
        started = time.perf_counter()  # the device is running
        blocks = [source.read() for _ in range(11)]
        elapsed = time.perf_counter() - started
    finally:
        source.close()
    assert all(block is not None and len(block) == 2 * 800 for block in blocks)
    # A block comes once its last sample has been heard: eleven take half a second after
    # the device started (the first comes at once). Timed from the start, not from the first
    # block: a busy machine may hand blocks over late, and then several at once, never early.
    assert 10 * BLOCK_SECONDS - 0.06 <= elapsed <= 11 * BLOCK_SECONDS + 1.0


def test_other_rates_and_block_lengths() -> None:
    source = MicrophoneSource(rate=22050, block_seconds=0.02, backend="null")
    try:
        assert len(source.read() or b"") == 2 * 441
    finally:
        source.close()


def test_close_wakes_a_waiting_reader_and_reads_end() -> None:
    source = MicrophoneSource(backend="null")
    got: list[bytes | None] = []
    reader = threading.Thread(target=lambda: got.extend(iter(source.read, None)))
    reader.start()
    assert source.read() is not None
    source.close()
    reader.join(timeout=1)
    assert not reader.is_alive()
    assert source.read() is None


def test_no_sound_system_is_no_microphone(monkeypatch: pytest.MonkeyPatch) -> None:
    # miniaudio's custom backend opens nothing without callbacks of our own.
    with pytest.raises(VoiceError) as caught:
        MicrophoneSource(backend="custom")
    assert caught.value.problem is VoiceProblem.NO_MICROPHONE
    monkeypatch.setenv("SNL_AUDIO_BACKEND", "null")
    assert microphone_name() == "Null"
    monkeypatch.setenv("SNL_AUDIO_DEVICE", "no-such-microphone")
    with pytest.raises(VoiceError):
        microphone_name()
