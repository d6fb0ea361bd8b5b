"""Taught voice commands in the store: a learner's own recordings of each command.

Kept with the rest of the child's data (the store file is private, 0600), so
--data-dir and SNL_DATA_DIR work as for every other command, and forgetting the
child (store/forget.py) removes them with everything else. The audio is kept, not
the features, so a better way of matching can use the same examples later.
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime

from snl_edu.safe_text import MAX_NAME
from snl_edu.store import rows
from snl_edu.store.database import Store
from snl_edu.store.progress import ProgressStore

MAX_AUDIO = 16000 * 2 * 10  # bytes: ten seconds, far beyond one command


@dataclass(frozen=True)
class Example:
    language: str
    command: str
    audio: bytes  # 16 kHz mono int16 in the machine's order


def _little(audio: bytes) -> bytes:
    """int16 audio in little-endian order (stored) from or to the machine's order."""
    if sys.byteorder == "little":
        return audio
    from array import array

    samples = array("h", audio)
    samples.byteswap()
    return samples.tobytes()


class VoiceExamples:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.progress = ProgressStore(store)

    def teach(self, name: str, language: str, command: str, audios: list[bytes]) -> int:
        """The learner's examples of a command in a language, replacing any kept before;
        how many were replaced."""
        at = datetime.now(UTC).isoformat(timespec="seconds")
        with self.store.transaction() as db:
            learner = self.progress.learner_id(name, create=True)
            replaced = db.execute(
                "DELETE FROM voice_example WHERE learner_id = ? AND language = ? "
                "AND command = ?", (learner, language, command)).rowcount
            db.executemany(
                "INSERT INTO voice_example (learner_id, language, command, at, audio) "
                "VALUES (?, ?, ?, ?, ?)",
                [(learner, language, command, at, _little(audio)) for audio in audios])
        return replaced

    def examples(self, name: str, language: str | None = None) -> list[Example]:
        learner = self.progress.learner_id(name, create=False)
        if learner is None:
            return []
        query = "SELECT language, command, audio FROM voice_example WHERE learner_id = ?"
        params: list[object] = [learner]
        if language is not None:
            query += " AND language = ?"
            params.append(language)
        found = []
        for row in self.store.connection.execute(query + " ORDER BY id", params):
            try:
                check_example((row[0], row[1], row[2]))
            except rows.DamagedRow:
                continue  # set aside at the next opening
            found.append(Example(row[0], row[1], _little(bytes(row[2]))))
        return found

    def counts(self, name: str) -> Counter[tuple[str, str]]:
        """How many examples the learner has of each (language, command)."""
        return Counter((e.language, e.command) for e in self.examples(name))

    def taught_learners(self, language: str) -> dict[str, int]:
        """Learners with examples in a language, and how many commands each taught."""
        found: dict[str, int] = {}
        for name in self.progress.learners():
            commands = {c for lang, c in self.counts(name) if lang == language}
            if commands:
                found[name] = len(commands)
        return found


def check_example(values: tuple[object, object, object]) -> None:
    language, command, audio = values
    rows.text(language, MAX_NAME)
    rows.text(command, MAX_NAME)
    if not isinstance(audio, bytes) or not 0 < len(audio) <= MAX_AUDIO or len(audio) % 2:
        raise rows.DamagedRow("not 16-bit audio of a command's length")


def check_row(row: dict[str, object]) -> None:
    """Raise ``DamagedRow`` unless a voice_example row reads back whole."""
    rows.integer(row["learner_id"], 1, 2**63 - 1)
    rows.moment(row["at"])
    check_example((row["language"], row["command"], row["audio"]))
