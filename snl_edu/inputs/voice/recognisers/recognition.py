"""What the listener needs from a speech recogniser, whichever library does the work.

Two back ends implement it: pocketsphinx (its US English model ships inside
the wheel, so English works right after pip install) and vosk (any downloaded
model: Hindi for Nepali classrooms, larger English models). The listener
finds the end of speech itself and asks for the result then.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from snl_edu.inputs.commands import Action
from snl_edu.inputs.voice.phrasebook.grammar import Grammar


@dataclass(frozen=True)
class Transcript:
    raw: str  # what the recogniser heard, before any confidence check
    text: str  # the same, or "" when the recogniser was unsure of it


class Recogniser(Protocol):
    """One utterance at a time: feed its audio, then finish (or reset) it."""

    def accept(self, block: bytes) -> Transcript | None:
        """16 kHz mono int16 audio; a transcript only if the recogniser ended the utterance."""

    def finish(self) -> Transcript:
        """The utterance fed so far is over: what it said."""

    def reset(self) -> None:
        """Forget the utterance fed so far."""


class Backend(Protocol):
    """A loaded speech model: which words it knows, and recognisers for a grammar."""

    @property
    def name(self) -> str: ...  # "pocketsphinx" or "vosk"

    @property
    def where(self) -> str: ...  # the model's folder, for `snl voice check`

    def has_word(self, word: str) -> bool: ...

    def recogniser(self, grammar: Grammar) -> Recogniser: ...


@runtime_checkable
class Selective(Protocol):
    """A backend that hears other commands than its grammar holds (taught examples: each
    child's own, and no numbers without a model underneath)."""

    def phrase_for(self, action: Action, grammar: Grammar) -> str | None: ...

    def hears_numbers(self, grammar: Grammar) -> bool: ...


@runtime_checkable
class FollowsLearner(Protocol):
    """A backend that hears one child's taught commands first: whose, from now on."""

    def listen_to(self, name: str) -> None: ...
