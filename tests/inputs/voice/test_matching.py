"""Taught-command matching: dynamic time warping, the features, the foreground cut."""

from __future__ import annotations

import numpy as np
import pytest

from snl_edu.inputs.voice.audio.foreground import foreground
from snl_edu.inputs.voice.audio.mel import log_mel, mel_filters
from snl_edu.inputs.voice.teaching.examples import Matcher
from snl_edu.inputs.voice.teaching.matching import distance, dtw, mfcc, unit_rows


def naive_dtw(costs: np.ndarray) -> float:
    n, m = costs.shape
    total = np.full((n, m), np.inf)
    for i in range(n):
        for j in range(m):
            before = 0.0 if i == j == 0 else min(
                total[i - 1, j] if i else np.inf, total[i, j - 1] if j else np.inf,
                total[i - 1, j - 1] if i and j else np.inf)
            total[i, j] = costs[i, j] + before
    return float(total[-1, -1]) / (n + m)


@pytest.mark.parametrize("shape", [(1, 1), (1, 5), (5, 1), (7, 4), (12, 19)])
def test_the_row_at_a_time_warping_is_the_textbook_one(shape: tuple[int, int]) -> None:
    costs = np.random.default_rng(sum(shape)).random(shape)
    assert dtw(costs) == pytest.approx(naive_dtw(costs))


def tone(hz: float, seconds: float = 0.5, level: float = 8000.0) -> np.ndarray:
    t = np.arange(int(seconds * 16000)) / 16000
    return (level * np.sin(2 * np.pi * hz * t)).astype(np.int16)


def test_a_tone_is_loudest_in_the_mel_band_that_holds_it() -> None:
    filters = mel_filters()
    bands = log_mel(tone(1000.0), 50).mean(axis=1)
    peak_bin = round(1000.0 / 8000.0 * 200)
    assert int(np.argmax(bands)) == int(np.argmax(filters[:, peak_bin]))


def test_mfcc_are_normalised_over_the_utterance() -> None:
    features = mfcc(tone(440.0) + tone(1200.0, level=2000.0))
    assert features.shape == (50, 13)
    assert np.allclose(features.mean(axis=0), 0.0, atol=1e-4)


def test_the_foreground_cut_keeps_the_loud_talker_and_drops_the_murmur() -> None:
    murmur = tone(300.0, 1.0, level=300.0)
    loud = tone(700.0, 0.4, level=9000.0)
    audio = np.concatenate([murmur, loud, murmur])
    kept = foreground(audio)
    assert 0.4 * 16000 <= len(kept) <= 0.7 * 16000  # the words and ~0.1 s either side
    assert np.abs(kept).max() == np.abs(loud).max()
    words_at = np.flatnonzero(np.abs(kept) > 1000)
    before, after = words_at[0], len(kept) - 1 - words_at[-1]
    assert abs(before - after) <= 0.03 * 16000  # the margin is kept on both sides alike


@pytest.mark.parametrize("seconds", [0.0, 0.01, 0.03, 0.06, 0.15, 0.2])
def test_an_utterance_shorter_than_the_kept_margins_is_cut_without_error(seconds: float) -> None:
    audio = np.concatenate([tone(300.0, 0.05, level=300.0), tone(700.0, seconds, level=9000.0)])
    kept = foreground(audio)
    assert len(kept) == len(audio) // 160 * 160  # the murmur is within the margin kept
    assert np.abs(kept).max() == np.abs(audio).max()


def test_a_matcher_takes_the_nearest_command_and_refuses_what_is_far_from_all() -> None:
    rng = np.random.default_rng(1)
    shapes = {"roll": rng.normal(size=(1, 13)), "help": rng.normal(size=(1, 13))}

    def said(command: str, jitter: float = 0.05) -> np.ndarray:
        return np.repeat(shapes[command], 20, axis=0) + rng.normal(0, jitter, (20, 13))

    matcher = Matcher([(c, said(c)) for c in shapes for _ in range(3)], "mfcc")
    assert matcher.match(said("roll")) == "roll"
    assert matcher.match(said("help")) == "help"
    assert matcher.match(rng.normal(size=(20, 13)) * 3) is None


def test_an_example_inside_a_longer_utterance_costs_only_its_own_alignment() -> None:
    rng = np.random.default_rng(3)
    example = unit_rows(rng.normal(size=(15, 8)))
    murmur = unit_rows(rng.normal(size=(30, 8)))
    said = np.concatenate([murmur[:10], example, murmur[10:]])
    assert distance(example, said, cosine=True, within=True) == pytest.approx(0.0, abs=1e-9)
    assert distance(example, said, cosine=True) > 0.1
