"""One answered (or skipped) lesson question, as stored: a word of the vocabulary
(``snl_edu.vocabulary.AnswerRecord`` is this), in a module of its own so that the
vocabulary, which every command imports, does not build it at start-up.

Like the vocabulary, this module imports nothing of ours.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # an annotation only: `snl --help` need not import datetime
    from datetime import datetime


@dataclass(frozen=True)
class AnswerRecord:
    """One answered (or skipped) lesson question, as stored."""

    kind: str
    level: int
    question: str
    expected: int
    given: int | None
    correct: bool
    tries: int
    skipped: bool
    seconds: float
    focus: int | None = None
    at: datetime | None = None  # None: now
    session: int | None = None
    learner: str = ""
    mode: str = ""
    language: str = ""
