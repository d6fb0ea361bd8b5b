"""Check-up scores against examples worked by hand."""

from __future__ import annotations

import math

import numpy as np
import pytest

from snl_edu.checkup import tone
from snl_edu.checkup.items import LINE_STRATA, TASKS, Task, draw_items
from snl_edu.checkup.scoring import percent_right, score_line
from snl_edu.sound import pitch


def test_a_perfectly_linear_line_has_no_error() -> None:
    score = score_line([3, 18, 47, 92], [3, 18, 47, 92])
    assert score.pae == 0 and score.r2_linear == pytest.approx(1) and score.slope == 1
    assert score.r2_linear >= score.r2_log  # as straight a line as a log curve, or more


def test_a_shifted_line_is_still_linear() -> None:
    # |20-10| = |30-20| = |40-30| = 10 on a 0-100 line: 10 % off, slope 1, a straight line.
    score = score_line([10, 20, 30], [20, 30, 40])
    assert score.pae == pytest.approx(10) and score.slope == pytest.approx(1)
    assert score.r2_linear == pytest.approx(1)


def test_logarithmic_estimates() -> None:
    """Numbers 1, 10, 100 placed at 0, 50, 100: exactly 50·log10(n), the young child's
    pattern. By hand: PAE = (1 + 40 + 0) / 3 = 13.67 %; x̄ = 37, ȳ = 50,
    Sxx = 36² + 27² + 63² = 5994, Sxy = 36·50 + 0 + 63·50 = 4950, Syy = 5000,
    R²lin = 4950² / (5994 · 5000) = 0.8176; R²log = 1; slope = 4950 / 5994 = 0.826."""
    score = score_line([1, 10, 100], [0, 50, 100])
    assert score.pae == pytest.approx(41 / 3)
    assert score.r2_linear == pytest.approx(4950 ** 2 / (5994 * 5000))
    assert score.r2_log == pytest.approx(1)
    assert score.slope == pytest.approx(4950 / 5994)
    assert not score.r2_linear >= score.r2_log


def test_log_pattern_over_the_real_item_set_is_told_from_a_linear_one() -> None:
    numbers = [item.numbers[0] for item in draw_items(0, 7) if item.task is Task.NUMBER_LINE]
    logarithmic = [100 * math.log(n) / math.log(100) for n in numbers]
    log_pattern, linear_pattern = score_line(numbers, logarithmic), score_line(numbers, numbers)
    assert not log_pattern.r2_linear >= log_pattern.r2_log
    assert linear_pattern.r2_linear >= linear_pattern.r2_log


def test_percent_right() -> None:
    assert percent_right(3, 4) == 75 and percent_right(0, 0) == 0


def test_before_and_after_forms_are_comparable_but_not_identical() -> None:
    before, after = draw_items(0, 42), draw_items(1, 42)
    for task in TASKS:
        first = [i for i in before if i.task is task]
        second = [i for i in after if i.task is task]
        assert len(first) == len(second) > 0
    line = [{i.numbers[0] for i in items if i.task is Task.NUMBER_LINE}
            for items in (before, after)]
    assert not line[0] & line[1]  # no target seen twice
    for numbers in line:  # one target from every stratum
        assert sorted(next(n for n in numbers if low <= n <= high)
                      for low, high in LINE_STRATA) == sorted(numbers)
    assert draw_items(0, 42) == before  # the same learner and form: the same items
    for item in before + after:
        if item.task is Task.COMPARE:
            assert item.answer == max(item.numbers) and item.numbers[0] != item.numbers[1]
        if item.task is Task.COUNT_ON:
            assert item.answer == sum(item.numbers) <= 99


def test_pitch_rises_and_the_tone_moves_left_to_right() -> None:
    places = [0, 10, 25, 50, 75, 90, 100]
    pitches = [tone.frequency(p) for p in places]
    pans = [tone.pan(p) for p in places]
    assert pitches == sorted(pitches) and len(set(pitches)) == len(places)
    assert pans == sorted(pans) and pans[0] == -1 and pans[-1] == 1 and pans[3] == 0
    assert tone.frequency(0) == pitch.LOW_HZ and tone.frequency(100) == pytest.approx(pitch.HIGH_HZ)


def _loudness(samples: np.ndarray) -> tuple[float, float]:
    left, right = samples[:, 0].astype(float), samples[:, 1].astype(float)
    return float(np.sqrt((left ** 2).mean())), float(np.sqrt((right ** 2).mean()))


def _measured_pitch(channel: np.ndarray) -> float:
    spectrum = np.abs(np.fft.rfft(channel.astype(float)))
    return float(np.argmax(spectrum) * tone.RATE / len(channel))


def test_the_samples_carry_the_place() -> None:
    """Measured in the samples themselves: the left ear is louder near 0, the right
    near 100, and the strongest frequency rises with the number."""
    low, middle, high = (tone.stereo_tone(p, seconds=0.5) for p in (5, 50, 95))
    assert low.shape[1] == 2 and low.dtype == np.int16
    left, right = _loudness(low)
    assert left > 5 * right
    left, right = _loudness(high)
    assert right > 5 * left
    left, right = _loudness(middle)
    assert left == pytest.approx(right, rel=0.01)
    pitches = [_measured_pitch(s[:, 0] + s[:, 1]) for s in (low, middle, high)]
    assert pitches[0] < pitches[1] < pitches[2]
    assert pitches[1] == pytest.approx(tone.frequency(50), rel=0.02)


def test_anchors_play_zero_then_a_hundred() -> None:
    samples = tone.anchors()
    half = len(samples) // 2
    first, second = _loudness(samples[:half]), _loudness(samples[half:])
    assert first[0] > first[1] and second[1] > second[0]
