"""Fuzzing budget and a hang detector shared by the fuzz targets.

The default run keeps every target to a bounded number of examples; set
SNL_FUZZ_EXAMPLES to fuzz longer by hand (e.g. 20000).
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterator

from hypothesis import HealthCheck, settings

EXAMPLES = int(os.environ.get("SNL_FUZZ_EXAMPLES", "150"))
HANG_SECONDS = 10.0

settings.register_profile(
    "snl-fuzz", max_examples=EXAMPLES, deadline=None, derandomize=False,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
fuzz = settings.get_profile("snl-fuzz")


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
