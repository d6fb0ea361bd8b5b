"""Check-up items: the same strata every time, different numbers each time.

Each task samples its numbers from fixed strata (small numbers are sampled
densely, where a logarithmic estimate and a linear one differ most). Check-up
``form`` k takes, in every stratum, numbers of one parity (k even: even numbers,
k odd: odd ones), so a child's before and after check-ups are equally hard but
share no number-line target; the seed shuffles the rest.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass
from enum import StrEnum


class Task(StrEnum):
    NUMBER_LINE = "number-line"
    COMPARE = "compare"
    COUNT_ON = "count-on"
    NUMERAL = "numeral"


TASKS = tuple(Task)
LINE_END = 100
# Number-line targets: one from each stratum.
LINE_STRATA = ((2, 5), (6, 11), (12, 19), (20, 29), (30, 39), (40, 49), (50, 59), (60, 69),
               (70, 79), (80, 89), (90, 98))
# Comparison pairs from 1-100: in each band of the smaller number, one near pair (a
# distance of 1-3: a ratio near 1, which is hard) and one far pair (a ratio of 1.5 to 3,
# or as far as 100 allows). Numbers 1-10 alone, as in Ramani & Siegler's 0-10 study, put
# most children at the ceiling.
COMPARE_BANDS = ((1, 9), (10, 29), (30, 59), (60, 95))
NEAR = (1, 3)
FAR_RATIO = (1.5, 3.0)
FAR_AT_LEAST = 4
# Counting on: from a square in each stratum, a roll of 1-6.
COUNT_ON_STRATA = ((1, 9), (10, 19), (20, 39), (40, 59), (60, 79), (80, 93))
# Numerals to name: one from each stratum.
NUMERAL_STRATA = ((1, 9), (10, 19), (20, 39), (40, 59), (60, 79), (80, 99))


@dataclass(frozen=True)
class Item:
    task: Task
    numbers: tuple[int, ...]  # the target; the pair compared; the start and the roll
    answer: int  # the right answer (for the number line: the target itself)


def _pick(rng: random.Random, low: int, high: int, form: int,
          taken: Collection[int] = ()) -> int:
    free = [n for n in range(low, high + 1) if n not in taken]
    same_parity = [n for n in free if n % 2 == form % 2]
    return rng.choice(same_parity or free)


def _pairs(rng: random.Random, form: int) -> list[tuple[int, int]]:
    """A near and a far pair in each band, each in a random order."""
    pairs = []
    for low, high in COMPARE_BANDS:
        for far in (False, True):
            smaller = _pick(rng, low, high, form)
            if far:
                ratio = rng.uniform(*FAR_RATIO)
                larger = min(LINE_END, max(smaller + FAR_AT_LEAST, round(smaller * ratio)))
            else:
                larger = min(LINE_END, smaller + rng.randint(*NEAR))
            pair = [smaller, larger]
            rng.shuffle(pair)
            pairs.append((pair[0], pair[1]))
    return pairs


def draw_items(form: int, seed: int) -> list[Item]:
    """All four tasks' items for check-up number ``form`` (0 = the baseline), in the
    order they are asked: task by task, shuffled within a task."""
    rng = random.Random(f"checkup:{seed}:{form}")
    line = [Item(Task.NUMBER_LINE, (n,), n)
            for n in (_pick(rng, low, high, form) for low, high in LINE_STRATA)]
    compare = [Item(Task.COMPARE, pair, max(pair))
               for pair in _pairs(rng, form)]
    count_on = []
    for low, high in COUNT_ON_STRATA:
        start, roll = _pick(rng, low, high, form), rng.randint(1, 6)
        count_on.append(Item(Task.COUNT_ON, (start, roll), start + roll))
    numerals = [Item(Task.NUMERAL, (n,), n)
                for n in (_pick(rng, low, high, form + 1) for low, high in NUMERAL_STRATA)]
    items: list[Item] = []
    for task_items in (line, compare, count_on, numerals):
        rng.shuffle(task_items)
        items += task_items
    return items
