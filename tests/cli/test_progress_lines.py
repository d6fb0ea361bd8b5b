"""Progress as plain lines: each quarter of a job is told once, in order."""

from __future__ import annotations

import io

from snl_edu.cli.progress_lines import JobProgress
from snl_edu.language.localizer import Localizer


def told(*updates: int, total: int = 8) -> list[str]:
    stream = io.StringIO()
    with JobProgress("Playing games", total, Localizer.create("en"), True, stream) as progress:
        for amount in updates:
            progress.update(amount)
    return [line for line in stream.getvalue().splitlines() if "done" in line]


def test_an_update_that_passes_several_quarters_tells_each_of_them() -> None:
    assert told(5, 3) == ["Playing games: 25% done.", "Playing games: 50% done.",
                          "Playing games: 75% done.", "Playing games: 100% done."]


def test_each_quarter_is_told_once_when_updates_are_small() -> None:
    assert told(*[1] * 8) == [f"Playing games: {n}% done." for n in (25, 50, 75, 100)]


def test_more_than_the_total_still_ends_at_a_hundred() -> None:
    assert told(20) == [f"Playing games: {n}% done." for n in (25, 50, 75, 100)]
