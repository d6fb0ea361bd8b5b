"""The seeded die: the faces a seed gives never change, so a saved game replays."""

from __future__ import annotations

import random

from snl_edu.engine import DIE_FACES
from snl_edu.inputs.dice import RandomDice


def test_a_seed_rolls_the_faces_randint_rolls_for_it() -> None:
    for seed in (0, 1, 7, 2024, 2**40 + 3):
        dice, reference = RandomDice(seed), random.Random(seed)
        assert [dice.roll() for _ in range(2000)] == [reference.randint(1, DIE_FACES)
                                                      for _ in range(2000)]


def test_every_face_comes_up_about_as_often() -> None:
    dice = RandomDice(3)
    rolls = [dice.roll() for _ in range(60_000)]
    assert {face: rolls.count(face) for face in range(1, DIE_FACES + 1)}.keys() == set(
        range(1, DIE_FACES + 1))
    assert all(9_400 <= rolls.count(face) <= 10_600 for face in range(1, DIE_FACES + 1))
