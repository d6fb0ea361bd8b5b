"""Text in a Whisper model's own tokens, by its byte-level BPE merges (tokenizer.json).

A phrase scored in other tokens than those the model would write is scored as a
spelling it never learnt: Devanagari words split into their longest known pieces came
out far less likely than their real tokens. The tokenizers package is not needed: GPT-2's
split into words (a letter run, a number run or a run of other marks, each with the space
before it) and its merges, lowest rank first, are a few lines.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable, Mapping
from functools import cache
from itertools import pairwise


def _kind(char: str) -> str:
    category = unicodedata.category(char)
    if char.isspace():
        return "space"
    return {"L": "letter", "N": "number"}.get(category[0], "other")


def words(text: str) -> list[str]:
    """GPT-2's pre-tokenisation (its contractions aside): runs of one kind of character,
    each with the single space before it."""
    pieces: list[str] = []
    for char in text:
        kind = _kind(char)
        last = pieces[-1] if pieces else ""
        body = last[1:] if last[:1] == " " and len(last) > 1 else last
        if kind == "space":
            pieces.append(char)
        elif last and (last == " " or (_kind(body[-1]) == kind and body.strip())):
            pieces[-1] += char
        else:
            pieces.append(char)
    return pieces


class Merges:
    """A tokenizer.json's merges (its text)."""

    def __init__(self, tokenizer: str, to_chars: Callable[[str], str]) -> None:
        model = json.loads(tokenizer)["model"]
        merges = [tuple(m.split(" ", 1)) if isinstance(m, str) else tuple(m)
                  for m in model["merges"]]
        # GPT-2's first merge ("Ġ t") is missing from the converted file, which yet
        # merges "Ġt" further at rank 1: put it back first
        if ("Ġ", "t") not in merges:
            merges.insert(0, ("Ġ", "t"))
        self._ranks: Mapping[tuple[str, ...], int] = {pair: rank for rank, pair
                                                      in enumerate(merges)}
        self._to_chars = to_chars  # a word's bytes as the vocabulary's stand-in characters
        self._merged = cache(self._merge)

    def _merge(self, word: str) -> tuple[str, ...]:
        parts = list(self._to_chars(word))
        while len(parts) > 1:
            known = [rank for pair in pairwise(parts) if (rank := self._ranks.get(pair, -1)) >= 0]
            if not known:
                break
            rank = min(known)
            merged: list[str] = []
            index = 0
            while index < len(parts):
                if index + 1 < len(parts) and self._ranks.get(
                        (parts[index], parts[index + 1])) == rank:
                    merged.append(parts[index] + parts[index + 1])
                    index += 2
                else:
                    merged.append(parts[index])
                    index += 1
            parts = merged
        return tuple(parts)

    def pieces(self, text: str) -> list[str]:
        """The text's tokens (as vocabulary entries)."""
        return [piece for word in words(text) for piece in self._merged(word)]
