"""Scores as the research reports them (Siegler & Booth 2004; Ramani & Siegler 2008).

Number line: percent absolute error, PAE = mean(|estimate - number|) / 100 x 100,
and how linear the estimates are: R² of the best straight line through
(number, estimate) against R² of the best logarithmic curve (estimate = a·ln n + b).
A young child's estimates follow the log curve (small numbers spread wide, large
ones crowded); the linear pattern is what an hour on a linear board moves toward.
Other tasks: percent right.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from snl_edu.checkup.items import LINE_END

# Estimates that fit neither curve this well do not yet follow the numbers' order.
FOLLOWS = 0.5


class Spread(Enum):
    """What the two fits say about a child's estimates, as a parent would put it."""

    EVEN = "even"  # linear: equal steps between numbers are equal distances
    CROWDED = "crowded"  # logarithmic: small numbers spread wide, big ones crowded
    SCATTERED = "scattered"  # neither: the order of the numbers is not yet there


@dataclass(frozen=True)
class LineScore:
    pae: float  # percent absolute error, 0 is perfect
    r2_linear: float
    r2_log: float
    slope: float  # of the linear fit: 1 is a faithful line

    @property
    def spread(self) -> Spread:
        if max(self.r2_linear, self.r2_log) < FOLLOWS:
            return Spread.SCATTERED
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
    pae = 100 * sum(abs(e - n) for n, e in zip(numbers, estimates, strict=True)) \
        / (len(numbers) * LINE_END)
    slope, r2_linear = _fit(numbers, estimates)
    _, r2_log = _fit([math.log(n) for n in numbers], estimates)
    return LineScore(pae, r2_linear, r2_log, slope)


def percent_right(right: int, asked: int) -> float:
    return 100 * right / asked if asked else 0.0
