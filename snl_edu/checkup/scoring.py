"""Scores as the research reports them: the 0-100 line of Siegler & Booth (2004) and
Laski & Siegler (2014) (Ramani & Siegler 2008 used a 0-10 line).

Number line: percent absolute error, PAE = mean(|estimate - number|) / 100 x 100, with
its interval; the direction and steepness of the best straight line through (number,
estimate) (slope 1 is a grown-up's line, below 0 the numbers run backwards, near 0 they
are bunched together); and, only for a line that goes the right way, how linear the
estimates are: R² of that line against R² of the best logarithmic curve (estimate =
a·ln n + b). A young child's estimates follow the log curve (small numbers spread wide,
large ones crowded); the linear pattern is what an hour on a linear board moves toward.
Other tasks: right answers of those answered (a skip is not answered, never wrong), with
the interval the true rate probably lies in.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from snl_edu.checkup.items import LINE_END

# Estimates that fit neither curve this well do not yet follow the numbers' order.
FOLLOWS = 0.5
# A line whose slope is under this (a grown-up's is about 1) squeezes the numbers into a
# part of it: it goes the right way but does not yet stretch from 0 to 100.
SQUEEZED_BELOW = 0.5
# Estimates all within this many of each other are one place, whatever the numbers.
ONE_PLACE = 10
# Percent absolute error of estimates guessed at random along the line (uniform on 0-100):
# for a number n, (n² + (100 - n)²) / 200 off on average, about 33 over the numbers asked.
GUESSING_PAE = 100 / 3
Z95 = 1.96  # how sure the intervals are: 95 in 100


class Spread(Enum):
    """What the fits say about a child's estimates, as a parent would put it. Linear
    against logarithmic is told only where the line goes the right way."""

    EVEN = "even"  # the right way, and straight: equal steps between numbers are equal
    CROWDED = "crowded"  # the right way, logarithmic: small numbers wide, big ones crowded
    SQUEEZED = "squeezed"  # the right way, but bunched into a part of the line
    BACKWARDS = "backwards"  # the bigger the number, the further left
    ONE_PLACE = "one-place"  # every number in about the same spot
    SCATTERED = "scattered"  # no order of the numbers yet


@dataclass(frozen=True)
class LineScore:
    pae: float  # percent absolute error, 0 is perfect
    r2_linear: float
    r2_log: float
    slope: float  # of the linear fit: 1 is a faithful line, below 0 runs backwards
    count: int = 0  # estimates scored
    low: float = 0.0  # the lowest and highest estimate
    high: float = 0.0
    pae_margin: float = 0.0  # half the 95 % interval of the PAE

    @property
    def spread(self) -> Spread:
        if self.high - self.low < ONE_PLACE:
            return Spread.ONE_PLACE
        if self.slope < 0:
            return Spread.BACKWARDS if self.r2_linear >= FOLLOWS else Spread.SCATTERED
        if max(self.r2_linear, self.r2_log) < FOLLOWS:
            return Spread.SCATTERED
        if self.slope < SQUEEZED_BELOW:
            return Spread.SQUEEZED
        return Spread.EVEN if self.r2_linear >= self.r2_log else Spread.CROWDED


def _fit(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float]:
    """Least-squares slope and R² of ys on xs (R² is 0 when ys do not vary)."""
    n = len(xs)
    mean_x, mean_y = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mean_x) ** 2 for x in xs)
    syy = sum((y - mean_y) ** 2 for y in ys)
    sxy = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True))
    if sxx == 0:
        return 0.0, 0.0
    slope = sxy / sxx
    return slope, (sxy * sxy / (sxx * syy) if syy else 0.0)


def score_line(numbers: Sequence[int], estimates: Sequence[float]) -> LineScore:
    if len(numbers) != len(estimates) or len(numbers) < 2:
        raise ValueError("need at least two number-line estimates, one per number")
    errors = [100 * abs(e - n) / LINE_END for n, e in zip(numbers, estimates, strict=True)]
    pae = sum(errors) / len(errors)
    spread = math.sqrt(sum((e - pae) ** 2 for e in errors) / (len(errors) - 1))
    slope, r2_linear = _fit(numbers, estimates)
    _, r2_log = _fit([math.log(n) for n in numbers], estimates)
    return LineScore(pae, r2_linear, r2_log, slope, len(numbers), min(estimates),
                     max(estimates), Z95 * spread / math.sqrt(len(errors)))


def percent_right(right: int, asked: int) -> float:
    return 100 * right / asked if asked else 0.0


def interval(right: int, answered: int) -> tuple[float, float]:
    """Where the child's true rate of right answers probably lies (Wilson's 95 %
    interval, in percent): with 7 answers, 5 right says little more than "over a third"."""
    if not answered:
        return 0.0, 100.0
    p, n = right / answered, answered
    centre = (p + Z95 ** 2 / (2 * n)) / (1 + Z95 ** 2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / (1 + Z95 ** 2 / n)
    return 100 * max(0.0, centre - half), 100 * min(1.0, centre + half)
