"""The recogniser's grammar: command phrases, optional numbers, garbage and distractors.

A tiny grammar forces every sound onto some phrase, so chatter would become
commands. Two things soak it up: the model's garbage word ("[unk]" in most
models) and a handful of everyday distractor words; a transcript counts only
when it is exactly one command phrase (see understand.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field

from snl_edu.inputs.voice.phrasebook.phrases import PhraseBook

# Garbage words in the order models spell them (English and Hindi small models
# use "[unk]", some others "<UNK>").
GARBAGE_WORDS = ("[unk]", "<UNK>", "<unk>")

HasWord = Callable[[str], bool]


@dataclass(frozen=True)
class Grammar:
    phrases: tuple[str, ...]  # everything the recogniser may output
    commands: tuple[str, ...]  # usable command phrases
    numbers: tuple[str, ...]  # usable number phrases (empty when numbers are off)
    garbage: str | None
    missing_words: tuple[str, ...]  # phrase words the model does not know, sorted
    prompt: str = ""  # the phrase book's prompt (whisper.py)
    framing: tuple[str, ...] = ()  # the phrase book's framing words (finding.py)
    chatter: tuple[str, ...] = ()  # the phrase book's chatter words (written.py)
    # What each command or number phrase means: its action, or the number
    meanings: Mapping[str, object] = field(default_factory=dict, compare=False)

    @property
    def meaningful(self) -> tuple[str, ...]:
        """The phrases that say something (a command or a number), not garbage or
        distractors."""
        return (*self.commands, *self.numbers)

    def phrase_for(self, action: object, unoffered: Collection[str] = ()) -> str | None:
        """The first usable command phrase that means ``action``, if any, passing over
        ``unoffered`` (measured to be heard poorly: recognisers/measured.py)."""
        return next((phrase for phrase in self.commands if self.meanings[phrase] == action
                     and phrase not in unoffered), None)

    def to_json(self) -> str:
        # vosk's JSON reader does not decode \u escapes: Devanagari must stay literal.
        return json.dumps(list(self.phrases), ensure_ascii=False)


def _usable(phrases: list[str], has_word: HasWord, missing: set[str]) -> list[str]:
    usable = []
    for phrase in phrases:
        unknown = [word for word in phrase.split() if not has_word(word)]
        missing.update(unknown)
        if not unknown:
            usable.append(phrase)
    return usable


def build_grammar(book: PhraseBook, has_word: HasWord, numbers: bool = False) -> Grammar:
    """Every phrase whose words the model knows; report the words it does not."""
    missing: set[str] = set()
    commands = _usable(list(book.commands), has_word, missing)
    number_phrases = _usable(list(book.numbers), has_word, missing)
    distractors = _usable(list(book.distractors), has_word, set())  # optional: not reported
    garbage = next((word for word in GARBAGE_WORDS if has_word(word)), None)
    phrases = commands + (number_phrases if numbers else []) + distractors
    if garbage:
        phrases.append(garbage)
    return Grammar(tuple(phrases), tuple(commands), tuple(number_phrases) if numbers else (),
                   garbage, tuple(sorted(missing)), book.prompt, book.framing,
                   _chatter(book, numbers), {**book.commands, **(book.numbers if numbers else {})})


def _chatter(book: PhraseBook, numbers: bool) -> tuple[str, ...]:
    """The book's chatter words, and when no number is asked, the number words: "सात"
    said then is no command (the decoder held to the commands made it "छोड", skip)."""
    if numbers:
        return book.chatter
    spoken = (word for phrase in book.numbers for word in phrase.split())
    return tuple(dict.fromkeys([*book.chatter, *spoken]))


def unheard_phrases(book: PhraseBook, grammar: Grammar) -> list[str]:
    """The command phrases the model cannot hear (a word of each is not in it), in file order."""
    usable = set(grammar.commands)
    return [phrase for phrase in book.commands if phrase not in usable]
