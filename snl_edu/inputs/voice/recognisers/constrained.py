"""Decoding held to the phrase book: how likely each command or number is on the audio.

The game's vocabulary is closed: a dozen commands in a few phrasings, the numbers, as
the model writes them ("Roll the dice.", "73."). Their token lists form a tree; a beam
walks it from the root, asking the decoder at each step for its next token's
log-probabilities after each prefix kept, and each phrase that reaches its end (the
end-of-text token, so "Go." does not pass for "Go away.") is scored: its
log-probability, and its regret, how much likelier the decoder found its own next
token than the phrase's, summed over the steps. A phrase the decoder would nearly have
written itself has a small regret; one forced onto other words ("Yes, please." on
"please", "100." on a run of "I did") has a large one at the step where it departs.

Every phrase is in the tree, not only those that look like the free transcript in
letters ("723" for seventy three has 73 nowhere near it in spelling).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from snl_edu.inputs.voice.phrasebook.grammar import Grammar
from snl_edu.inputs.voice.phrasebook.written import number_of, written_form

Prefix = tuple[int, ...]
# The decoder's log-probabilities of the next token after each prefix, one row each.
NextTokens = Callable[[Sequence[Prefix]], np.ndarray]
BEAM = 8  # prefixes kept at each step


@dataclass(frozen=True)
class Scored:
    text: str  # the phrase as written ("73.")
    score: float  # log-probability of its tokens and its end, in nats
    regret: float  # the decoder's own best next token over the phrase's, summed (nats)


@dataclass(frozen=True)
class Phrases:
    """The phrase book as the model writes it, for search() and decide()."""

    tokens: Mapping[Prefix, str]  # each written form's tokens and the end -> the form
    phrase_of: Mapping[str, str]  # a written form -> the first phrase written so
    meanings: Mapping[str, object]  # a written form -> its meaning (an action, a number)


def phrase_tree(grammar: Grammar, ending: str, tokens: Callable[[str], list[int]],
                end: int) -> Phrases:
    """Every command and number phrase of the grammar, written ending with ``ending``."""
    phrase_of: dict[str, str] = {}
    for phrase in grammar.meaningful:
        phrase_of.setdefault(written_form(phrase, number_of(grammar, phrase), ending), phrase)
    return Phrases({(*tokens(form), end): form for form in phrase_of}, phrase_of,
                   {form: grammar.meanings[phrase] for form, phrase in phrase_of.items()})


def log_softmax(logits: np.ndarray) -> np.ndarray:
    """Each row as log-probabilities; a row the decoder gave nothing for (all -inf)
    stays -inf, so nothing after its prefix is ever taken."""
    peak = logits.max(axis=-1, keepdims=True)
    known = np.isfinite(peak)
    safe = np.where(known, peak, 0.0)
    with np.errstate(divide="ignore", invalid="ignore"):  # such a row's, replaced here
        total = np.log(np.exp(logits - safe).sum(axis=-1, keepdims=True))
        return np.asarray(np.where(known, logits - safe - total, -np.inf))


def _children(phrases: Mapping[Prefix, str]) -> dict[Prefix, set[int]]:
    children: dict[Prefix, set[int]] = {}
    for tokens in phrases:
        for depth in range(len(tokens)):
            children.setdefault(tokens[:depth], set()).add(tokens[depth])
    return children


def search(phrases: Mapping[Prefix, str], next_tokens: NextTokens, beam: int = BEAM,
           first: np.ndarray | None = None) -> list[Scored]:
    """The phrases (each a token list that ends with the end-of-text token) the beam
    reached, likeliest first. ``first``: the next-token row at the root, when the caller
    has it already (the free transcript's first step)."""
    children = _children(phrases)
    frontier: list[tuple[Prefix, float, float]] = [((), 0.0, 0.0)]
    scored: list[Scored] = []
    while frontier:
        prefixes = [prefix for prefix, _, _ in frontier]
        rows = first[None] if first is not None and prefixes == [()] else \
            next_tokens(prefixes)
        grown: list[tuple[Prefix, float, float]] = []
        for (prefix, score, regret), row in zip(frontier, rows, strict=True):
            peak = float(row.max())
            if not np.isfinite(peak):
                continue  # the decoder gave nothing after this prefix
            for token in children.get(prefix, ()):
                step = float(row[token])
                longer = (*prefix, token)
                if longer in phrases:
                    scored.append(Scored(phrases[longer], score + step, regret + peak - step))
                else:
                    grown.append((longer, score + step, regret + peak - step))
        frontier = sorted(grown, key=lambda item: -item[1])[:beam]
    return sorted(scored, key=lambda item: -item.score)


# Those of the rescoring they replace; on the ear's tuning clips (benchmarks/tune_ear.py)
# a regret of 1.5 heard 3 fewer commands, 2.5 or 3 took 2-4 more chatter, a margin of 1.5
# 2 fewer commands, 0.5 3 more chatter; the floor changed nothing between -6 and -11.
DOUBT = 2.0  # nats of regret a phrase may have and still be what was said
MARGIN = 1.0  # nats the phrase beats the likeliest phrase of another meaning by
FLOOR = -8.5  # nats: a phrase less likely than this is no command, whatever the rest


def decide(meanings: Mapping[str, object], scored: Sequence[Scored]) -> Scored | None:
    """The phrase taken, if any: nearly the decoder's own choice at every step (regret
    within DOUBT), likely in itself (FLOOR), and clearly likelier (MARGIN) than any
    phrase that means something else. ``meanings``: each written form's meaning."""
    best: dict[object, Scored] = {}
    for item in scored:  # likeliest first: the first of each meaning is its best
        if np.isfinite(item.score):
            best.setdefault(meanings[item.text], item)
    ranked = list(best.values())
    if not ranked:
        return None
    top = ranked[0]
    runner_up = ranked[1].score if len(ranked) > 1 else float("-inf")
    if top.regret > DOUBT or top.score < FLOOR or top.score < runner_up + MARGIN:
        return None
    return top
