"""Dice sources for the engine: the engine never rolls by itself."""

from __future__ import annotations

import random
from typing import Protocol

from snl_edu.engine import DIE_FACES

_BITS = DIE_FACES.bit_length()


class Dice(Protocol):
    def roll(self) -> int: ...


class RandomDice:
    """A fair die; with a seed the same game comes out every time.

    The faces are ``random.Random(seed).randint(1, DIE_FACES)``'s, roll for roll (a saved
    game's seed replays it), drawn as randint draws them: a few random bits, drawn again
    while they name no face. Drawn here without randint's two layers of calls, a roll
    costs a third of the time, and a simulation spends much of its time rolling."""

    def __init__(self, seed: int | None = None) -> None:
        self._bits = random.Random(seed).getrandbits

    def roll(self) -> int:
        face = self._bits(_BITS)
        while face >= DIE_FACES:
            face = self._bits(_BITS)
        return face + 1
