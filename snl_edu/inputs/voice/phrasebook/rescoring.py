"""The command the audio most likely says, when the free transcript only comes close to one.

Whisper writes what it hears in free text, and a child's command often comes out
near it in sound but not in spelling: "quit again" for "quit the game", "skip
one" for "skip this one", "a b1" for "eighty one". Such a transcript names no
command exactly (finding.py), so it would be dropped. Instead the model is asked
how likely it finds each command phrase close to the transcript, written as it
writes them ("Quit the game.", "81."), beside the transcript itself, all on the
same audio: a phrase is taken when the model finds it nearly as likely as what it
wrote freely (within DOUBT), likely in itself (above FLOOR: a long muddle scores low
and must not make a short number look good), and clearly likelier (by MARGIN) than
any phrase that means something else. Chatter such as "go away" stays chatter, because "Go." is
far less likely than "Go away." on that audio.

Rescoring mends spelling; it does not overrule finding.py. A transcript that states a
command in so many words beside other words ("Okay, I'm done again.", "Good luck,
yeah.") was judged chatter there, and that phrase is not taken for it, unless the other
words stand where a longer phrase of the same meaning has its own ("No fun." may be
"no thanks" heard in part, finding.in_part). A phrase the transcript only comes near may
still be taken, and so may one in a transcript of command words only ("Go ahead.").
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from snl_edu.inputs.voice.phrasebook.finding import in_part, stated, stray_words, words_of
from snl_edu.inputs.voice.phrasebook.grammar import Grammar

# Phrases, nearest the transcript in letters, that the model scores. Each costs decoding
# time; on the tuning clips 6 heard as many commands as 8, 5 fewer.
NEAREST = 6
DOUBT = 2.0  # nats: a phrase this much less likely than the free transcript is still taken
MARGIN = 1.0  # nats: the chosen phrase beats any phrase of another meaning by this much
FLOOR = -8.5  # nats: a phrase less likely than this is no command, however the rest score
ENDINGS = ".?!"  # how Whisper ends a sentence; a phrase ends as the transcript does

# Log-probabilities of texts written on the utterance's audio, one per text; the first
# text asked is always the free transcript.
Likelihoods = Callable[[Sequence[str]], list[float]]


@dataclass(frozen=True)
class Choice:
    phrase: str  # the grammar's phrase, or "" when none was taken
    written: str  # how the model would write it, e.g. "81."


def written_form(phrase: str, value: int | None, ending: str) -> str:
    """How the model writes a phrase: a number in digits (scoring its words as well
    chose no other command on the tuning clips), anything else as a sentence."""
    return f"{value}{ending}" if value is not None else phrase[:1].upper() + phrase[1:] + ending


def _number(grammar: Grammar, phrase: str) -> int | None:
    value = grammar.meanings.get(phrase)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def nearest(grammar: Grammar, heard: str, count: int = NEAREST) -> list[str]:
    """The grammar's phrases most alike in letters to what was heard (digits spelled out)."""
    spelled = " ".join(words_of(heard))
    return sorted(grammar.meaningful, key=lambda phrase: -difflib.SequenceMatcher(
        None, spelled, phrase, autojunk=False).ratio())[:count]


def choose(grammar: Grammar, transcript: str, likelihoods: Likelihoods) -> Choice:
    """The phrase the model finds likely enough on this audio, if any, given what it
    wrote freely (``transcript``). Phrases of one meaning (roll, or the number 23)
    compete as one."""
    transcript = transcript.strip()
    ending = transcript[-1] if transcript[-1:] in ENDINGS else "."
    forms = [(phrase, written_form(phrase, _number(grammar, phrase), ending))
             for phrase in nearest(grammar, transcript)]
    if not forms:
        return Choice("", "")
    scores = likelihoods([transcript, *(form for _, form in forms)])
    free, scored = scores[0], scores[1:]
    best: dict[object, tuple[float, str, str]] = {}  # meaning -> its likeliest form
    for (phrase, form), score in zip(forms, scored, strict=True):
        key = grammar.meanings.get(phrase, phrase)
        if key not in best or score > best[key][0]:
            best[key] = (score, phrase, form)
    ranked = sorted(best.values(), reverse=True)
    top_score, phrase, form = ranked[0]
    runner_up = ranked[1][0] if len(ranked) > 1 else float("-inf")
    if top_score < max(free - DOUBT, FLOOR) or top_score < runner_up + MARGIN:
        return Choice("", "")
    if phrase in stated(grammar, transcript) and stray_words(grammar, transcript) and \
            not in_part(grammar, transcript, phrase):
        return Choice("", "")  # finding.py's chatter, said again
    return Choice(phrase, form)
