"""Check-up items: no item is asked twice in one check-up."""

from __future__ import annotations

from snl_edu.checkup.items import draw_items


def test_no_item_repeats_within_a_check_up() -> None:
    # On main before: 334 repeated items in 1,500 check-ups ("1 or 2?" twice).
    for seed in range(300):
        for form in range(3):
            asked = [(item.task, frozenset(item.numbers)) for item in draw_items(form, seed)]
            assert len(asked) == len(set(asked)), (seed, form)
