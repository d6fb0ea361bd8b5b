"""Decoding held to the phrase book: the beam over the phrases' token tree, and the rule
that takes a phrase (a decoder given as a table of next-token log-probabilities)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from snl_edu.inputs.voice.recognisers.constrained import (
    DOUBT,
    Prefix,
    Scored,
    decide,
    log_softmax,
    search,
)

END, ROLL, THE, DICE, STOP, SEVENTY_THREE, SEVENTY_TWO, I, DID = range(9)
VOCABULARY = 9
PHRASES = {(ROLL, END): "Roll.", (ROLL, THE, DICE, END): "Roll the dice.",
           (SEVENTY_THREE, STOP, END): "73.", (SEVENTY_TWO, STOP, END): "72."}
MEANINGS = {"Roll.": "roll", "Roll the dice.": "roll", "73.": 73, "72.": 72}


def decoder(likely: dict[Prefix, dict[int, float]]) -> tuple[list[Prefix], object]:
    """A decoder that, after each prefix, finds the given tokens this likely (the rest
    share what is left); it records the prefixes it was asked about."""
    asked: list[Prefix] = []

    def next_tokens(prefixes: Sequence[Prefix]) -> np.ndarray:
        asked.extend(prefixes)
        rows = np.full((len(prefixes), VOCABULARY), -20.0)
        for row, prefix in zip(rows, prefixes, strict=True):
            for token, probability in likely.get(prefix, {}).items():
                row[token] = np.log(probability)
        return log_softmax(rows)

    return asked, next_tokens


def test_every_phrase_the_beam_reaches_is_scored_with_its_end() -> None:
    _, next_tokens = decoder({(): {ROLL: 0.9}, (ROLL,): {THE: 0.8, END: 0.1},
                              (ROLL, THE): {DICE: 0.9}, (ROLL, THE, DICE): {END: 0.9}})
    scored = search(PHRASES, next_tokens)
    assert [item.text for item in scored[:2]] == ["Roll the dice.", "Roll."]
    best = scored[0]
    assert abs(best.score - np.log(0.8 / 0.9)) < 0.01  # each row renormalised
    assert best.regret < 0.01  # the decoder's own choice at every step


def test_the_beam_keeps_only_the_likeliest_prefixes() -> None:
    asked, next_tokens = decoder({(): {SEVENTY_THREE: 0.6, SEVENTY_TWO: 0.3}})
    search(PHRASES, next_tokens, beam=1)
    assert (SEVENTY_TWO,) not in asked and (SEVENTY_THREE,) in asked


def test_a_phrase_forced_onto_other_words_has_a_large_regret() -> None:
    # "I did I did ..." written freely: 73 is far from the decoder's own first choice
    _, next_tokens = decoder({(): {I: 0.95}, (SEVENTY_THREE,): {STOP: 0.9},
                              (SEVENTY_THREE, STOP): {END: 0.9}})
    scored = {item.text: item for item in search(PHRASES, next_tokens)}
    assert scored["73."].regret > DOUBT
    assert decide(MEANINGS, sorted(scored.values(), key=lambda s: -s.score)) is None


def test_a_phrase_is_taken_only_clearly_ahead_of_another_meaning() -> None:
    clear = [Scored("73.", -0.5, 0.0), Scored("72.", -3.0, 2.5)]
    assert decide(MEANINGS, clear) == clear[0]
    close = [Scored("73.", -0.5, 0.0), Scored("72.", -0.9, 0.4)]
    assert decide(MEANINGS, close) is None
    one_meaning = [Scored("Roll the dice.", -0.5, 0.0), Scored("Roll.", -0.7, 0.2)]
    assert decide(MEANINGS, one_meaning) == one_meaning[0]  # phrasings do not compete
    assert decide(MEANINGS, [Scored("Roll.", -12.0, 0.5)]) is None  # unlikely in itself
    assert decide(MEANINGS, []) is None


def test_a_prefix_the_decoder_gave_nothing_for_is_never_taken() -> None:
    # ctranslate2 may return no row for a prefix: that row is -inf, never NaN
    def next_tokens(prefixes: Sequence[Prefix]) -> np.ndarray:
        rows = np.full((len(prefixes), VOCABULARY), -np.inf)
        rows[[prefix == () for prefix in prefixes], ROLL] = 0.0
        return log_softmax(rows)

    assert search(PHRASES, next_tokens) == []
    assert not np.isnan(log_softmax(np.full((1, 3), -np.inf))).any()
