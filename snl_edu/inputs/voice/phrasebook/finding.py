"""A command found inside a free transcript: the phrase, said alone or framed by a word or two.

A recogniser with an open vocabulary (Whisper) writes what it heard, not a
grammar's phrase: "Roll the dice.", "um, roll the dice please", "23". A command
is a phrase the game accepts with at most MAX_FRAMING other words around it, each
one of the phrase book's framing words ("please", "um", "now"): anything else is
chatter ("go away" has "go", but "away" is no framing word; "where is my pencil"
has "where" and three more words), and so is a transcript holding two different
commands ("yes no"). A phrase book without framing words lets any word frame.
"""

from __future__ import annotations

import re
from functools import cache

from snl_edu.inputs.voice.phrasebook.grammar import Grammar

MAX_FRAMING = 2  # words besides the phrase: "please roll the dice now"
# Not word characters to re but parts of a word: combining marks, and Devanagari's vowel
# signs and virama ("पासा" is not "प स"); its dandas (।॥) are punctuation.
_PUNCTUATION = re.compile(r"[^\w\s'\u0300-\u036f\u0900-\u0963\u0966-\u097f-]+")
_NUMBER = re.compile(r"^\d{1,3}$")


@cache
def _english_number(value: int) -> str:
    from unicode_rbnf import RbnfEngine

    return " ".join(RbnfEngine.for_language("en").format_number(value).text
                    .replace("-", " ").lower().split())


def words_of(transcript: str) -> list[str]:
    """Lower-case words, punctuation dropped, digits spelled out ("23" -> twenty three)."""
    words: list[str] = []
    for word in _PUNCTUATION.sub(" ", transcript).replace("-", " ").lower().split():
        word = word.strip("'")
        if _NUMBER.match(word) and 1 <= int(word) <= 100:
            words.extend(_english_number(int(word)).split())
        elif word:
            words.append(word)
    return words


def _at(words: list[str], phrase: list[str]) -> int | None:
    for start in range(len(words) - len(phrase) + 1):
        if words[start:start + len(phrase)] == phrase:
            return start
    return None


def stated(grammar: Grammar, transcript: str) -> list[str]:
    """Every phrase of the grammar the transcript says in so many words."""
    words = words_of(transcript)
    return [phrase for phrase in grammar.meaningful if _at(words, phrase.split()) is not None]


def _stray(grammar: Grammar, words: list[str]) -> list[int]:
    """Where the words are that are in no phrase of the grammar and frame none."""
    known = {word for phrase in grammar.meaningful for word in phrase.split()}
    return [index for index, word in enumerate(words)
            if word not in known and word not in grammar.framing]


def stray_words(grammar: Grammar, transcript: str) -> list[str]:
    """The transcript's words that are in no phrase of the grammar and frame none."""
    words = words_of(transcript)
    return [words[index] for index in _stray(grammar, words)]


def in_part(grammar: Grammar, transcript: str, phrase: str) -> bool:
    """Whether the transcript's stray words all stand where a longer phrase of the same
    meaning has its other words: "No fun." may be "no thanks" heard in part, and so is a
    "no" beside the word "fun"; "Good luck, yeah." is no "yeah" heard in part."""
    words = words_of(transcript)
    start = _at(words, phrase.split())
    stray = _stray(grammar, words)
    if start is None or not stray or any(words[index] in grammar.chatter for index in stray):
        return False  # a chatter word is what was said ("फेरि हारेँ" is no "फेरि भन")
    meaning = grammar.meanings.get(phrase, phrase)
    for longer in grammar.meaningful:
        offset = _at(longer.split(), phrase.split())
        if offset is None or grammar.meanings.get(longer) != meaning:
            continue
        first = start - offset
        if all(first <= index < first + len(longer.split()) for index in stray):
            return True
    return False


def find_phrase(grammar: Grammar, transcript: str) -> str:
    """The one phrase of the grammar the transcript states, or "" (chatter, or nothing)."""
    words = words_of(transcript)
    found: list[tuple[int, int, str]] = []  # (start, end, phrase)
    for phrase in sorted(grammar.meaningful, key=lambda p: -len(p.split())):
        parts = phrase.split()
        start = _at(words, parts)
        if start is None:
            continue
        end = start + len(parts)
        if not any(start < other_end and other_start < end for other_start, other_end, _ in found):
            found.append((start, end, phrase))
    if len(found) != 1:  # nothing, or two commands ("yes no")
        return ""
    start, end, phrase = found[0]
    framing = words[:start] + words[end:]
    if len(framing) > MAX_FRAMING or grammar.framing and not set(framing) <= set(grammar.framing):
        return ""
    return phrase
