"""A distribution of game length (in rolls or in turns) and what people ask of it."""

from __future__ import annotations

import math
from dataclasses import dataclass

PERCENTILES = (10, 25, 50, 75, 90, 95, 99)
# Cumulative sums carry rounding error; a percentile is reached within this much.
_CDF_SLACK = 1e-12


@dataclass(frozen=True)
class Distribution:
    """``chances[n - 1]`` is the chance the game takes exactly ``n`` rolls or turns.

    The list stops where less than ``tail`` of the chance is left: the tail beyond it
    is left out (and reported), which keeps every figure exact to about that much.
    """

    chances: tuple[float, ...]
    tail: float

    def chance(self, n: int) -> float:
        return self.chances[n - 1] if 1 <= n <= len(self.chances) else 0.0

    def cumulative(self, n: int) -> float:
        """The chance of finishing within ``n``."""
        return math.fsum(self.chances[: max(n, 0)])

    def over(self, n: int) -> float:
        """The chance the game lasts more than ``n`` (the left-out tail included)."""
        return max(0.0, math.fsum(self.chances[max(n, 0):]) + self.tail)

    def survival(self) -> list[float]:
        """``survival()[n]`` is the chance of lasting more than ``n``, for n = 0..len."""
        out = [0.0] * (len(self.chances) + 1)
        running = self.tail
        for n in range(len(self.chances), -1, -1):
            out[n] = min(1.0, max(0.0, running))
            if n:
                running += self.chances[n - 1]
        return out

    @property
    def mean(self) -> float:
        return math.fsum(n * p for n, p in enumerate(self.chances, start=1))

    @property
    def variance(self) -> float:
        mean = self.mean
        return math.fsum(p * (n - mean) ** 2 for n, p in enumerate(self.chances, start=1))

    @property
    def sd(self) -> float:
        return math.sqrt(self.variance)

    @property
    def mode(self) -> int:
        return max(range(len(self.chances)), key=self.chances.__getitem__) + 1

    def percentile(self, percent: float) -> int:
        """The fewest ``n`` such that at least ``percent`` % of games end within ``n``."""
        goal = percent / 100.0 - _CDF_SLACK
        total = 0.0
        for n, p in enumerate(self.chances, start=1):
            total += p
            if total >= goal:
                return n
        return len(self.chances)

    @property
    def median(self) -> int:
        return self.percentile(50)

    @property
    def shortest(self) -> int:
        """The first length with a chance above rounding noise."""
        return next(n for n, p in enumerate(self.chances, start=1) if p > 1e-300)
