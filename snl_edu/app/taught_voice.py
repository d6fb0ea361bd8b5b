"""Taught voice commands from the store, for the listener (inputs cannot read the store)."""

from __future__ import annotations

from collections.abc import Iterable

from snl_edu.inputs.voice.teaching.taught import TaughtAudio
from snl_edu.store import Store
from snl_edu.store.voice_examples import VoiceExamples


def taught_audio(store: Store, names: Iterable[str], language: str) -> dict[str, TaughtAudio]:
    """Each named learner's examples in the language (learners with none are left out)."""
    examples = VoiceExamples(store)
    found: dict[str, TaughtAudio] = {}
    for name in names:
        kept = [(e.command, e.audio) for e in examples.examples(name, language)]
        if kept:
            found[name] = kept
    return found
