"""Transcript -> Command: only a whole, confident command phrase counts.

Chatter comes out of a small grammar as a run of phrases, a distractor or the
garbage word; all of those are rejected, so talking near the game does not roll
the dice.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from snl_edu.inputs.commands import Command
from snl_edu.inputs.voice.phrasebook.phrases import PhraseBook, normalise

# vosk word confidences: a forced match on noise or chatter is usually well
# below this, a clearly spoken command at or near 1.0.
MIN_CONFIDENCE = 0.6


def understand(book: PhraseBook, transcript: str, numbers: bool = True) -> Command | None:
    """The command a transcript states, or None when it is not exactly one phrase."""
    text = normalise(transcript)
    if text in book.commands:
        return Command(book.commands[text], text)
    if numbers and text in book.numbers:
        return Command.answer(book.numbers[text], text)
    return None


def transcript_of(result: str | Mapping[str, Any], min_confidence: float = MIN_CONFIDENCE) -> str:
    """The text of a vosk result, or "" when any word is below the confidence floor."""
    data = json.loads(result) if isinstance(result, str) else result
    words = data.get("result")
    if words and any(float(word.get("conf", 1.0)) < min_confidence for word in words):
        return ""
    return str(data.get("text", ""))
