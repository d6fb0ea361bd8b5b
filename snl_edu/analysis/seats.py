"""Several players: who is likely to win, and how many rounds a game lasts.

Players move independently, so each seat's number of turns to finish has the same
distribution. Seat k (0 first) wins when it needs fewer turns than every seat before
it and no more than every seat after it: in the same round, the earlier seat moves
first.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from snl_edu.analysis.distribution import Distribution


def _survival(turns: Distribution) -> npt.NDArray[np.float64]:
    """``[n]``: the chance of needing more than n turns, n = 0..len (``survival()``, as an
    array: summed from the end in the same order, so the same figures)."""
    later = np.cumsum(np.append(turns.tail, turns.chances[::-1]))[::-1]
    clipped: npt.NDArray[np.float64] = np.clip(later, 0.0, 1.0)
    return clipped


def seat_chances(turns: Distribution, players: int) -> tuple[float, ...]:
    """Each seat's chance of reaching the last square first, in seat order."""
    survival = _survival(turns)
    chances = np.asarray(turns.chances)
    return tuple(float(np.sum(chances * survival[1:] ** seat
                              * survival[:-1] ** (players - 1 - seat)))
                 for seat in range(players))


def expected_rounds(turns: Distribution, players: int, play_to_end: bool = False) -> float:
    """Expected rounds until the game ends.

    It ends when the first player finishes or, playing to the end, when all but one
    have finished (one player alone plays until they finish).
    """
    needed = max(1, players - 1) if play_to_end else 1
    left = _survival(turns)
    done = 1.0 - left
    # Chance that fewer than `needed` players have finished after each round.
    going = sum(math.comb(players, j) * done ** j * left ** (players - j) for j in range(needed))
    return float(np.sum(going))
