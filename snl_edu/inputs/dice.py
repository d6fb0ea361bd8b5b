"""Dice sources for the engine: the engine never rolls by itself."""

from __future__ import annotations

import random
from typing import Protocol

from snl_edu.engine import DIE_FACES


class Dice(Protocol):
    def roll(self) -> int: ...


class RandomDice:
    """A fair die; with a seed the same game comes out every time."""

    def __init__(self, seed: int | None = None) -> None:
        self._randint = random.Random(seed).randint

    def roll(self) -> int:
        return self._randint(1, DIE_FACES)

