"""Fuzzing budget and a hang detector shared by the fuzz targets.

The default run keeps every target to a bounded number of examples, and a costly target
(a whole command or game per example) to as many as fit in about a second: ``fuzz_at``
with its milliseconds an example, as measured. Set SNL_FUZZ_EXAMPLES to give every target
that many examples by hand (e.g. 20000). With CI set, examples are derandomized: a CI run
fails on a change, never on a draw (a developer's runs still draw new examples and keep
what they find in Hypothesis's database, .hypothesis/).
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterator

from hypothesis import HealthCheck, settings

GIVEN = os.environ.get("SNL_FUZZ_EXAMPLES")
EXAMPLES = int(GIVEN or "150")
SECONDS_A_TARGET = 1.0  # a costly target's share of the default run, on one idle core
HANG_SECONDS = 10.0

settings.register_profile(
    "snl-fuzz", max_examples=EXAMPLES, deadline=None, derandomize=bool(os.environ.get("CI")),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
fuzz = settings.get_profile("snl-fuzz")


def fuzz_at(ms_an_example: float) -> settings:
    """``fuzz``, with only as many examples as take ``SECONDS_A_TARGET`` at this cost
    (never fewer than 20; SNL_FUZZ_EXAMPLES, when set, decides instead)."""
    if GIVEN:
        return fuzz
    fitting = int(SECONDS_A_TARGET * 1000 / ms_an_example)
    return settings(fuzz, max_examples=max(20, min(EXAMPLES, fitting)))


class Hang(Exception):
    """An input made the code under test run far longer than any input should."""


@contextlib.contextmanager
def no_hang(seconds: float = HANG_SECONDS) -> Iterator[None]:
    def alarm(signum: int, frame: object) -> None:
        raise Hang(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
