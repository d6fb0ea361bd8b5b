"""Forced scoring: how likely each phrase of the closed vocabulary is on the audio.

Instead of writing a free transcript and looking for a command in it, the decoder is
asked how likely each command and number phrase is, as the model writes them
("Roll the dice.", "73."), given the utterance's audio, encoded once in a window cut
to the utterance. Two calls: one step of the decoder after the phrase book's prompt
gives the likelihood of every first token, and of no speech at all; the SHORTLIST
phrases likeliest by their first token are then scored whole in one batch by
CTranslate2's Whisper.align (its text_token_probs: each token's probability given the
audio and the tokens before it).

align's cost grows with the batch far more than with its tokens (on 2 cores: 8 phrases
0.05 s, 36 0.4 s, 132 2.3 s; the prompt as well multiplied it by ten), so it scores a
shortlist, without the prompt.

A phrase is taken when it is likely in itself (its mean token log-probability), clearly
likelier than the best phrase of another meaning, and the audio was speech.

Measured on the ear's tuning clips (benchmarks/tune_forced.py; tune_ear.py's voices,
126 commands and numbers, 48 chatter): scoring alone, with no free transcript, ranked
the right phrase first as often as the free transcript found it (88 against 87) in half
the CPU time (0.20 s a clip against 0.44), but its scores keep chatter apart less well:
at 1 chatter taken it heard 76, the transcript and the held decoder 87 at 3. So the game
writes the transcript first; WhisperBackend(forced=True) scores alone, and
WhisperBackend(closed="forced") scores the phrases so only when the transcript names no
command, in place of the held decoder (whisper.CLOSED says why that is not the default).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from snl_edu.inputs.voice.audio.foreground import foreground
from snl_edu.inputs.voice.phrasebook.grammar import Grammar
from snl_edu.inputs.voice.phrasebook.written import number_of, written_form
from snl_edu.inputs.voice.recognisers.recognition import Transcript

FRAME = 160  # samples a feature frame (10 ms)
MAX_FRAMES = 3000  # Whisper's own window, 30 s
# Framing words a command is also scored with ("Please roll."): the one children say.
FRAMED = ("please",)
QUESTION_WORDS = ("what", "where", "who")
SHORTLIST = 16  # phrases scored whole, the likeliest by their first token
# Chosen on the ear's tuning clips (benchmarks/tune_forced.py), never the benchmark's.
# Scoring alone: at these, 76 of 126 commands heard and 1 of 48 chatter taken; a margin
# of 3.5 took none and heard 50.
MEAN_FLOOR = -3.25  # nats a token on average: below it, the phrase was not said
MARGIN = 1.0  # nats the phrase's whole score beats another meaning's best by
NO_SPEECH = 0.6  # above this probability of "no speech" nothing is taken
# The same, when a free transcript named no command (whisper.WhisperRecogniser): the
# phrases are then scored after the prompt as well (it multiplies align's time by three
# but ranked the right phrase first on 99 of 126 tuning clips against 88). On the tuning
# clips this heard 88 of 126 commands and took 3 of 48 chatter, the decoder held to the
# phrase book step by step (constrained.py) 87 and 3; -1.5 heard 87 and took 2.
BESIDE_TRANSCRIPT = (-1.75, 0.5, 0.6)
# Seconds of silence after the utterance in the encoder's window (Whisper was trained
# on 30 s windows; the encoder's time grows with the window).
TAIL = 1.0


@dataclass(frozen=True)
class Candidate:
    form: str  # as the model writes it ("73.")
    phrase: str  # the phrase book's phrase ("seventy three")
    meaning: object  # its action or number
    tokens: tuple[int, ...]


@dataclass(frozen=True)
class Scored:
    candidate: Candidate
    total: float  # log-probability of its tokens, nats
    mean: float  # the same a token


@dataclass(frozen=True)
class Verdict:
    """What was scored, for the decision and for tuning (benchmarks/tune_forced.py)."""

    ranked: tuple[Scored, ...]  # best first, one per meaning
    no_speech: float

    def taken(self, mean_floor: float = MEAN_FLOOR, margin: float = MARGIN,
              no_speech: float = NO_SPEECH) -> Scored | None:
        if not self.ranked or self.no_speech > no_speech:
            return None
        top = self.ranked[0]
        runner_up = self.ranked[1].total if len(self.ranked) > 1 else float("-inf")
        if top.mean < mean_floor or top.total < runner_up + margin:
            return None
        return top


def candidates(grammar: Grammar, tokens: Callable[[str], list[int]], ending: str = ""
               ) -> list[Candidate]:
    """Every command and number phrase, once per written form, ending with ``ending``
    (when "", as the model ends it: "What is ahead?" scored with "." was less likely
    than "1." on its own audio)."""
    made: dict[str, Candidate] = {}
    for phrase in grammar.meaningful:
        mark = ending or ("?" if phrase.split()[0] in QUESTION_WORDS else ".")
        form = written_form(phrase, number_of(grammar, phrase), mark)
        framed = [f"{word.capitalize()} {form[:1].lower()}{form[1:]}" for word in FRAMED
                  if number_of(grammar, phrase) is None]
        for written in (form, *framed):
            if written not in made:
                made[written] = Candidate(written, phrase, grammar.meanings[phrase],
                                          tuple(tokens(written)))
    return list(made.values())


def shortlist(phrases: Sequence[Candidate], first: np.ndarray, size: int = SHORTLIST
              ) -> list[Candidate]:
    """The phrases likeliest by their first token (``first``: log-probabilities)."""
    return sorted(phrases, key=lambda c: -float(first[c.tokens[0]]))[:size]


def verdict(scored: Sequence[tuple[Candidate, Sequence[float]]], no_speech: float) -> Verdict:
    """Each meaning's best phrase from each phrase's token probabilities."""
    best: dict[object, Scored] = {}
    for candidate, probabilities in scored:
        logs = np.log(np.maximum(np.asarray(probabilities, dtype=np.float64), 1e-12))
        item = Scored(candidate, float(logs.sum()), float(logs.mean()))
        held = best.get(candidate.meaning)
        if held is None or item.total > held.total:
            best[candidate.meaning] = item
    return Verdict(tuple(sorted(best.values(), key=lambda s: -s.total)), no_speech)



class Scorer(Protocol):
    """What forced scoring needs of a loaded Whisper model (whisper.WhisperBackend)."""

    end_token: int

    def tokens(self, text: str) -> list[int]: ...

    def encoded(self, samples: np.ndarray, frames: int | None = None) -> Any: ...

    def first_step(self, encoded: Any, prompt: list[str]) -> tuple[np.ndarray, float]: ...

    def aligned(self, encoded: Any, texts: Sequence[Sequence[int]], prompt: list[str]
                ) -> list[list[float]]: ...


def hear(scorer: Scorer, samples: np.ndarray, prompt: list[str],
         phrases: Sequence[Candidate], aligned_after: list[str], tail: float = TAIL
         ) -> Verdict:
    """The utterance's int16 audio scored against the phrases: the first token after
    ``prompt``, the phrases whole after ``aligned_after``."""
    frames = len(samples) // FRAME + int(tail * 100)
    return score(scorer, scorer.encoded(samples, min(frames, MAX_FRAMES)), prompt, phrases,
                 aligned_after)


def score(scorer: Scorer, encoded: Any, prompt: list[str], phrases: Sequence[Candidate],
          aligned_after: list[str]) -> Verdict:
    """The phrases scored on the encoder's output."""
    first, no_speech = scorer.first_step(encoded, prompt)
    listed = shortlist(phrases, first)
    return verdict(list(zip(listed, scorer.aligned(encoded, [c.tokens for c in listed], aligned_after),
                            strict=True)), no_speech)


class ForcedRecogniser:
    """The utterance's audio is kept and scored against the phrase book when it is over."""

    def __init__(self, scorer: Scorer, grammar: Grammar, prompt: list[str],
                 aligned_after: list[str]) -> None:
        self._scorer = scorer
        self._prompt = prompt
        self._aligned_after = aligned_after
        self._phrases = candidates(grammar, scorer.tokens)
        self._audio = bytearray()
        self.last: Verdict | None = None  # the last utterance's scores (tuning)

    def accept(self, block: bytes) -> Transcript | None:
        self._audio += block
        return None

    def finish(self) -> Transcript:
        samples = np.frombuffer(bytes(self._audio), dtype=np.int16)
        self._audio = bytearray()
        if not len(samples) or not self._phrases:
            return Transcript("", "")
        self.last = hear(self._scorer, foreground(samples), self._prompt, self._phrases,
                         self._aligned_after)
        taken = self.last.taken()
        best = self.last.ranked[0].candidate.form if self.last.ranked else ""
        return Transcript(best, taken.candidate.phrase if taken else "")

    def reset(self) -> None:
        self._audio = bytearray()
