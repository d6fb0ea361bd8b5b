"""Check-up items: no item is asked twice in one check-up."""

from __future__ import annotations

from snl_edu.checkup.items import COMPARE_BANDS, Task, draw_items


def test_no_item_repeats_within_a_check_up() -> None:
    # On main before: 334 repeated items in 1,500 check-ups ("1 or 2?" twice).
    for seed in range(300):
        for form in range(3):
            asked = [(item.task, frozenset(item.numbers)) for item in draw_items(form, seed)]
            assert len(asked) == len(set(asked)), (seed, form)


def test_comparison_draws_from_1_to_100_near_and_far_in_every_band() -> None:
    """1-10 alone put most children at the ceiling: pairs come from the whole line, a near
    one (distance 1-3, a ratio near 1) and a far one (ratio 1.5 or more, or up to 100) for
    each band of the smaller number."""
    for seed in range(200):
        pairs = [item.numbers for item in draw_items(seed % 3, seed)
                 if item.task is Task.COMPARE]
        assert len(pairs) == 2 * len(COMPARE_BANDS)
        assert all(1 <= n <= 100 for pair in pairs for n in pair)
        for low, high in COMPARE_BANDS:
            band = [(min(p), max(p)) for p in pairs if low <= min(p) <= high]
            assert any(b - a <= 3 for a, b in band), (seed, band)
            assert any(b >= 1.5 * a or b == 100 for a, b in band), (seed, band)
        assert max(max(p) for p in pairs) > 60
