"""Taught voice examples in the store: kept per learner and language, replaced when taught
again, a damaged row set aside, and gone when the child is forgotten."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from snl_edu.store import Damage, open_store
from snl_edu.store.forget import forget
from snl_edu.store.voice_examples import VoiceExamples

SAID = [bytes(range(200)) * 4, bytes(800), b"\x01\x00" * 300]


def test_examples_are_kept_per_learner_and_language_and_replaced(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        examples = VoiceExamples(store)
        examples.teach("Asha", "ne", "roll", SAID)
        examples.teach("asha ", "en", "roll", SAID[:1])  # the same child (name_key)
        examples.teach("Bikash", "ne", "roll", SAID[:2])
        examples.teach("Asha", "ne", "roll", SAID[1:])  # taught again: replaced
        assert [e.audio for e in examples.examples("Asha", "ne")] == SAID[1:]
        assert examples.counts("ASHA") == {("en", "roll"): 1, ("ne", "roll"): 2}
        assert examples.taught_learners("ne") == {"Asha": 1, "Bikash": 1}


def test_a_damaged_example_is_set_aside_and_the_rest_kept(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        VoiceExamples(store).teach("Asha", "ne", "roll", SAID)
    with sqlite3.connect(tmp_path / "snl.sqlite3") as db:
        db.execute("UPDATE voice_example SET audio = x'010203' WHERE id = 1")  # odd length
    db.close()
    with open_store(tmp_path) as store:
        assert store.recovery is not None and store.recovery.damage is Damage.ROWS
        assert [e.audio for e in VoiceExamples(store).examples("Asha")] == SAID[1:]


def test_forgetting_a_child_removes_their_examples_only(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        examples = VoiceExamples(store)
        examples.teach("Asha", "ne", "roll", SAID)
        examples.teach("Bikash", "ne", "help", SAID)
        # Gone by name, not only by the learner row's cascade (an old SQLite may run with
        # foreign keys off).
        store.connection.execute("PRAGMA foreign_keys = OFF")
        forget(store, "Asha")
        assert examples.examples("Asha") == []
        assert len(examples.examples("Bikash")) == 3
        left = store.connection.execute("SELECT count(*) FROM voice_example").fetchone()[0]
        assert left == 3
