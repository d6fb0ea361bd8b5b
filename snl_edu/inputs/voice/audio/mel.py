"""Whisper's log-mel spectrogram in numpy: 80 bands, 25 ms windows every 10 ms.

The same recipe as OpenAI's Whisper (a periodic Hann window, centred frames with
reflected edges, Slaney's mel scale and area normalisation, log10 clamped to 8
decades below the loudest band, then scaled to about -1..1), so the CTranslate2
model hears what it was trained on without torch or librosa.
"""

from __future__ import annotations

from functools import cache

import numpy as np

SAMPLE_RATE = 16000
N_FFT = 400  # 25 ms
HOP = 160  # 10 ms: 100 frames a second
N_MELS = 80


def _hz_to_mel(hz: np.ndarray) -> np.ndarray:
    """Slaney's scale: linear below 1 kHz, logarithmic above."""
    linear = hz / (200.0 / 3)
    step = np.log(6.4) / 27.0
    return np.where(hz >= 1000.0, 15.0 + np.log(np.maximum(hz, 1e-10) / 1000.0) / step, linear)


def _mel_to_hz(mel: np.ndarray) -> np.ndarray:
    step = np.log(6.4) / 27.0
    return np.where(mel >= 15.0, 1000.0 * np.exp(step * (mel - 15.0)), mel * (200.0 / 3))


@cache
def mel_filters(n_mels: int = N_MELS) -> np.ndarray:
    """Triangular filters (n_mels x N_FFT/2+1), each normalised to the same area."""
    bins = np.linspace(0.0, SAMPLE_RATE / 2, N_FFT // 2 + 1)
    edges = _mel_to_hz(np.linspace(0.0, float(_hz_to_mel(np.array(SAMPLE_RATE / 2.0))),
                                   n_mels + 2))
    widths = np.diff(edges)
    ramps = edges[:, None] - bins[None, :]
    rising = -ramps[:-2] / widths[:-1, None]
    falling = ramps[2:] / widths[1:, None]
    weights = np.maximum(0.0, np.minimum(rising, falling))
    filters: np.ndarray = (weights * (2.0 / (edges[2:] - edges[:-2]))[:, None]).astype(np.float32)
    return filters


def power_frames(samples: np.ndarray, frames: int) -> np.ndarray:
    """Power spectra (frames x N_FFT/2+1) of int16 audio, padded with silence or cut."""
    audio = np.zeros(frames * HOP, dtype=np.float32)
    count = min(len(samples), len(audio))
    audio[:count] = samples[:count].astype(np.float32) / 32768.0
    padded = np.pad(audio, N_FFT // 2, mode="reflect")
    window = np.hanning(N_FFT + 1)[:-1].astype(np.float32)
    starts = HOP * np.arange(frames)
    windows = padded[starts[:, None] + np.arange(N_FFT)[None, :]] * window
    return np.abs(np.fft.rfft(windows, axis=1)) ** 2


def log_mel(samples: np.ndarray, frames: int, n_mels: int = N_MELS) -> np.ndarray:
    """The model's input (n_mels x frames), float32."""
    mel = mel_filters(n_mels) @ power_frames(samples, frames).T
    logs = np.log10(np.maximum(mel, 1e-10))
    logs = np.maximum(logs, logs.max() - 8.0)
    return ((logs + 4.0) / 4.0).astype(np.float32)  # type: ignore[no-any-return]
