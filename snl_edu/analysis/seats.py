"""Several players: who is likely to win, and how many rounds a game lasts.

Players move independently, so each seat's number of turns to finish has the same
distribution. Seat k (0 first) wins when it needs fewer turns than every seat before
it and no more than every seat after it: in the same round, the earlier seat moves
first.
"""

from __future__ import annotations

import math

from snl_edu.analysis.distribution import Distribution


def seat_chances(turns: Distribution, players: int) -> tuple[float, ...]:
    """Each seat's chance of reaching the last square first, in seat order."""
    survival = turns.survival()  # survival[n]: chance of needing more than n turns
    chances = []
    for seat in range(players):
        later = players - 1 - seat
        chances.append(math.fsum(
            p * survival[n] ** seat * survival[n - 1] ** later
            for n, p in enumerate(turns.chances, start=1)
        ))
    return tuple(chances)


def expected_rounds(turns: Distribution, players: int, play_to_end: bool = False) -> float:
    """Expected rounds until the game ends.

    It ends when the first player finishes or, playing to the end, when all but one
    have finished (one player alone plays until they finish).
    """
    needed = max(1, players - 1) if play_to_end else 1
    survival = turns.survival()
    total = 0.0
    for left in survival:
        done = 1.0 - left
        # Chance that fewer than `needed` players have finished after this many rounds.
        total += math.fsum(math.comb(players, j) * done ** j * left ** (players - j)
                           for j in range(needed))
    return total
