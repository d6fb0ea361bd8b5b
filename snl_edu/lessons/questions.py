"""Number questions made from the live game: pure, with their answers and hints.

Each question is a whole localised sentence (msgids with {named} placeholders),
numbers in the player's digits, counting in number words. A generator returns
None when the game gives it nothing to ask about (no ladder ahead, one player),
and ``generate`` then tries another kind of the same level.
"""

from __future__ import annotations

import random
from collections.abc import Collection

from snl_edu.language.localizer import Localizer
from snl_edu.lessons.chance_questions import CHANCE_QUESTIONS, faces_to
from snl_edu.lessons.number_questions import NUMBER_QUESTIONS
from snl_edu.lessons.question_types import (
    DIGIT_KINDS,
    FRESH_DRAWS,
    KIND_LEVEL,
    LEVEL_KINDS,
    LEVEL_ONE_TOP,
    LEVELS,
    Generator,
    Kind,
    Move,
    Question,
    QuestionContext,
    Situation,
    Weights,
    question_data,
    question_from,
    standable,
)

__all__ = [
    "DIGIT_KINDS",
    "KIND_LEVEL",
    "LEVELS",
    "LEVEL_KINDS",
    "LEVEL_ONE_TOP",
    "Kind",
    "Move",
    "Question",
    "Situation",
    "Weights",
    "faces_to",
    "generate",
    "make",
    "question_data",
    "question_from",
    "standable",
]

GENERATORS: dict[Kind, Generator] = {**NUMBER_QUESTIONS, **CHANCE_QUESTIONS}
assert set(GENERATORS) == set(Kind), "every kind of question has its generator"
# Possible on almost any board (else TO_END is), so a level never comes back empty-handed.
FALLBACK = {1: Kind.NEXT_NUMBER, 2: Kind.NUMBER_WORDS, 3: Kind.TENS_ONES, 4: Kind.CHANCE_FACES}


def make(kind: Kind, situation: Situation, loc: Localizer, rng: random.Random,
         weights: Weights | None = None, by_ear: bool = False) -> Question | None:
    """One question of ``kind``, or None if this game gives it nothing to ask about."""
    return GENERATORS[kind](QuestionContext(situation, loc, rng, weights or Weights(), by_ear))


def generate(level: int, situation: Situation, loc: Localizer, rng: random.Random,
             weights: Weights | None = None, by_ear: bool = False,
             answered: Collection[str] = ()) -> Question:
    """A question of the level, its kind chosen by the learner's weights.

    ``by_ear``: the game is heard (speech or a screen reader), so no question may
    show what it asks about only on screen or say its own answer aloud.
    ``answered``: prompts the learner answered right lately; another is drawn
    instead while one can be (a board may offer only a few of a kind).
    """
    question = _draw(level, situation, loc, rng, weights or Weights(), by_ear)
    for _ in range(FRESH_DRAWS - 1):
        if question.prompt not in answered:
            break
        question = _draw(level, situation, loc, rng, weights or Weights(), by_ear)
    return question


def _draw(level: int, situation: Situation, loc: Localizer, rng: random.Random,
          weights: Weights, by_ear: bool) -> Question:
    kinds = list(LEVEL_KINDS[level])
    while kinds:
        kind = rng.choices(kinds, weights=[weights.kind(k) for k in kinds], k=1)[0]
        question = make(kind, situation, loc, rng, weights, by_ear)
        if question is not None:
            return question
        kinds.remove(kind)
    fallback_question = make(FALLBACK[level], situation, loc, rng, weights, by_ear)
    if fallback_question is None:  # a board with no ladders at level 4, or a 1-10 one at 3
        fallback_question = make(Kind.TO_END, situation, loc, rng, weights, by_ear)
    assert fallback_question is not None
    return fallback_question

