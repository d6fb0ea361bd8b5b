"""A child's taught commands first, then any model: a recognition.Backend around another.

Each utterance is matched against the examples of the learner whose turn it is
(``learner``, set by the game at each turn; None: nobody's examples). A match is the
command, said as the phrase book's first phrase for it (what was heard is UNSPELLED:
matching finds the command, not the child's words); no match passes the utterance
to the model underneath, which heard the same audio; without a model, it is speech and
no command.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from snl_edu.inputs.commands import Action
from snl_edu.inputs.voice.phrasebook.grammar import Grammar
from snl_edu.inputs.voice.phrasebook.phrases import PhraseBook
from snl_edu.inputs.voice.recognisers.recognition import Backend, Recogniser, Transcript
from snl_edu.inputs.voice.teaching.examples import Matcher, features_for

TaughtAudio = Sequence[tuple[str, bytes]]  # (command, utterance audio) of one learner
# What was heard when its words are not known: speech that matched an example (matching
# knows the command, not the words the child said) or, with no model, none.
UNSPELLED = "…"


def feature_kind(whisper: Any | None) -> str:
    """Whisper's encoder when it is loaded (it carries taught commands through noise;
    benchmarks/bench_taught.py), else MFCC with CMVN."""
    return "encoder" if whisper is not None else "mfcc"


def feature_model(model: Backend | None) -> Any | None:
    """Whisper for the examples' features: the model itself when it is Whisper, else the
    bundled one when it is installed, else None (MFCC features)."""
    from snl_edu.inputs.voice.recognisers.whisper import WhisperBackend, whisper_available

    if isinstance(model, WhisperBackend):
        return model
    return WhisperBackend() if whisper_available() else None


class TaughtBackend:
    name = "taught"

    def __init__(self, book: PhraseBook, taught: Mapping[str, TaughtAudio],
                 model: Backend | None) -> None:
        self.book = book
        self.model = model
        self.whisper = whisper = feature_model(model)
        self.kind = feature_kind(whisper)
        self.matchers = {learner: Matcher([(command, features_for(self.kind, whisper, audio))
                                           for command, audio in examples], self.kind)
                         for learner, examples in taught.items() if examples}
        self.learner: str | None = next(iter(self.matchers)) if len(self.matchers) == 1 \
            else None
        self.where = model.where if model is not None else ""

    def listen_to(self, name: str) -> None:
        """Whose examples come first from now on (a name with none: only the model's)."""
        from snl_edu.safe_text import name_key

        key = name_key(name)
        self.learner = next((n for n in self.matchers if name_key(n) == key), None)

    def has_word(self, word: str) -> bool:
        return self.model.has_word(word) if self.model is not None else True

    def recogniser(self, grammar: Grammar) -> TaughtRecogniser:
        inner = self.model.recogniser(grammar) if self.model is not None else None
        return TaughtRecogniser(self, inner)

    def phrase_for(self, action: Action, grammar: Grammar) -> str | None:
        """What to say for ``action``: its first phrase when the child whose turn it is
        taught it (anyone's, before a turn), else what the model hears, if there is one."""
        matchers = ([self.matchers[self.learner]] if self.learner in self.matchers
                    else self.matchers.values())
        if any(command == action for matcher in matchers for command, _ in matcher.examples):
            return self.phrase(action)
        return grammar.phrase_for(action) if self.model is not None else None

    def hears_numbers(self, grammar: Grammar) -> bool:
        """Numbers cannot be taught: only a model hears them."""
        return self.model is not None and bool(grammar.numbers)

    def phrase(self, command: str) -> str:
        phrases = self.book.phrases_for(Action(command))
        return phrases[0] if phrases else ""


class TaughtRecogniser:
    def __init__(self, backend: TaughtBackend, inner: Recogniser | None) -> None:
        self._backend = backend
        self._inner = inner
        self._audio = bytearray()

    def accept(self, block: bytes) -> Transcript | None:
        self._audio += block
        return self._inner.accept(block) if self._inner is not None else None

    def finish(self) -> Transcript:
        audio, self._audio = bytes(self._audio), bytearray()
        backend = self._backend
        matcher = backend.matchers.get(backend.learner or "")
        if matcher is not None and audio:
            command = matcher.match(features_for(backend.kind, backend.whisper, audio))
            if command is not None:
                if self._inner is not None:
                    self._inner.reset()
                return Transcript(UNSPELLED, backend.phrase(command))
        if self._inner is not None:
            return self._inner.finish()
        return Transcript(UNSPELLED if audio else "", "")

    def reset(self) -> None:
        self._audio = bytearray()
        if self._inner is not None:
            self._inner.reset()
