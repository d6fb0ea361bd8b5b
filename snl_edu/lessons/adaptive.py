"""What a learner's history means: which kinds and numbers to ask more, which level next.

Pure functions over ``AnswerRecord``s, so the choice and the report are tested
without a game and stay the same whichever store the records came from.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from snl_edu.lessons.questions import KIND_LEVEL, LEVELS, Kind, Weights
from snl_edu.vocabulary import AnswerRecord

# How strongly a miss pulls its kind or number back: a kind always missed is
# asked about 1 + KIND_PULL times as often as one always answered at once.
KIND_PULL = 4.0
NUMBER_PULL = 3.0
MAX_NUMBER_MISSES = 3  # so one hard number cannot crowd out all the others
# Level advice: enough answers to judge, and the accuracy that means "ready".
JUDGE_AFTER = 8
READY = 0.8  # of answers right at the first try
READY_RIGHT = 0.9  # or of answers right in the end: a child who is always right moves on
STRUGGLING = 0.5


def unanswered(record: AnswerRecord) -> bool:
    """Skipped before any answer: it says nothing of what the learner knows."""
    return record.skipped and record.tries == 0


def miss_score(record: AnswerRecord) -> float:
    """0 right at once, 0.5 right after a hint, 1 not found; a skip says nothing."""
    if unanswered(record):
        return 0.0
    if record.correct:
        return 0.0 if record.tries <= 1 else 0.5
    return 1.0


class LearnerWeights(Weights):
    """Kinds and numbers a learner misses come back more often."""

    def __init__(self, records: Sequence[AnswerRecord]) -> None:
        scores: dict[str, list[float]] = defaultdict(list)
        misses: Counter[int] = Counter()
        for record in records:
            score = miss_score(record)
            scores[record.kind].append(score)
            if record.focus is not None and score > 0:
                misses[record.focus] += 1
        # Shrunk toward "no misses" by two phantom good answers, so one early
        # slip does not swing the choice.
        self._kind = {kind: 1.0 + KIND_PULL * sum(s) / (len(s) + 2)
                      for kind, s in scores.items()}
        self._number = {number: 1.0 + NUMBER_PULL * min(count, MAX_NUMBER_MISSES)
                        for number, count in misses.items()}

    def kind(self, kind: Kind) -> float:
        return self._kind.get(kind.value, 1.0)

    def number(self, kind: Kind, number: int) -> float:
        return self._number.get(number, 1.0)


@dataclass(frozen=True)
class KindSummary:
    kind: str
    answered: int
    correct: int
    first_try: int
    skipped: int  # skipped before any answer: answered + skipped questions were asked


@dataclass(frozen=True)
class SessionSummary:
    session: int | None
    started: str  # ISO date of the first answer
    answered: int
    correct: int
    skipped: int


@dataclass(frozen=True)
class Summary:
    learner: str
    answered: int
    correct: int
    first_try: int
    skipped: int  # questions skipped before any answer (not in ``answered``)
    kinds: tuple[KindSummary, ...]
    # (number, times not right at the first try), most first: a number found only after
    # a hint was still missed once, as the adaptive weights count it.
    missed_numbers: tuple[tuple[int, int], ...]
    sessions: tuple[SessionSummary, ...]
    suggested_level: int
    mean_seconds: float


def summarise(learner: str, records: Sequence[AnswerRecord]) -> Summary:
    answered = [r for r in records if not unanswered(r)]
    kinds: list[KindSummary] = []
    for kind in sorted({r.kind for r in records}, key=_kind_order):
        of_kind = [r for r in records if r.kind == kind]
        kinds.append(KindSummary(
            kind, sum(1 for r in of_kind if not unanswered(r)), sum(r.correct for r in of_kind),
            _first_tries(of_kind), sum(1 for r in of_kind if unanswered(r))))
    misses: Counter[int] = Counter(r.focus for r in answered
                                   if r.focus is not None and miss_score(r) > 0)
    sessions: dict[int | None, list[AnswerRecord]] = defaultdict(list)
    for record in records:
        sessions[record.session].append(record)
    session_rows = tuple(
        SessionSummary(key, (rows[0].at.date().isoformat() if rows[0].at else ""),
                       sum(1 for r in rows if not unanswered(r)), sum(r.correct for r in rows),
                       sum(1 for r in rows if unanswered(r)))
        for key, rows in sorted(sessions.items(),
                                key=lambda item: (item[1][0].at is None, item[1][0].at)))
    seconds = [r.seconds for r in answered]
    return Summary(
        learner, len(answered), sum(r.correct for r in answered), _first_tries(answered),
        len(records) - len(answered), tuple(kinds),
        tuple(sorted(misses.items(), key=lambda item: (-item[1], item[0]))),
        session_rows, suggest_level(records),
        sum(seconds) / len(seconds) if seconds else 0.0)


def _first_tries(records: Sequence[AnswerRecord]) -> int:
    return sum(1 for r in records if r.correct and r.tries == 1)


def _kind_order(kind: str) -> tuple[int, str]:
    try:
        known = Kind(kind)
    except ValueError:
        return (len(KIND_LEVEL), kind)
    return (list(Kind).index(known), kind)


def suggest_level(records: Sequence[AnswerRecord]) -> int:
    """The level to play next, from the recent answers at each level.

    Ready (most answered right at once, or nearly all right in the end) at the highest
    level practised: one up.
    Struggling there: one down. Otherwise stay. No history: level 1.
    """
    recent = [r for r in records[-40:] if not unanswered(r)]
    if not recent:
        return LEVELS[0]
    by_level: dict[int, list[AnswerRecord]] = defaultdict(list)
    for record in recent:
        by_level[record.level].append(record)
    top = max(by_level)
    rows = by_level[top]
    top = min(max(top, LEVELS[0]), LEVELS[-1])  # a level from an older or edited store
    if len(rows) < JUDGE_AFTER:
        return top
    first_try = sum(1 for r in rows if r.correct and r.tries == 1) / len(rows)
    correct = sum(1 for r in rows if r.correct) / len(rows)
    if first_try >= READY or correct >= READY_RIGHT:
        return min(top + 1, LEVELS[-1])
    if correct < STRUGGLING:
        return max(top - 1, LEVELS[0])
    return top
