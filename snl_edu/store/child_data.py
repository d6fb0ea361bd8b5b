"""Every place a child's data lives: the one list forgetting works from.

A place is a table of the store or a file (or folder) in the data folder. Each table
says how a child is found in it; each file names the function that forgets a child in
it. tests/store/test_child_data.py compares this list with the tables the migrations
make and with every file the game writes into the data folder, so a new table or file
that is not here fails the suite.

To add a kind of child data: a table with a ``learner_id`` column goes in ``TABLES`` as
``BY_LEARNER`` (its rows go with the learner's); a JSON object keyed by children's names
goes in ``FILES`` as ``KeyedJson()``; any other file or folder brings its own ``Place``
(``holds`` and ``forget``, given its path and the child's ``name_key``). A file beside
the store that holds nothing about a child goes in ``NOT_CHILD_DATA`` with the reason.

Outside the data folder snl keeps nothing of a child (a file the user asks for, a chart
or a recording, is theirs): the cache folder holds only the cut fonts of pages that name
no child (see ``names_children`` in views/printing/page.py), and a temporary file (a
sentence's audio, a PDF's fonts) is deleted once it is read.
"""

from __future__ import annotations

import json
import os
import tempfile
from contextlib import suppress
from enum import StrEnum
from glob import escape as glob_escape
from pathlib import Path
from typing import Any, ClassVar, Protocol

from snl_edu.safe_text import name_key
from snl_edu.store.claims import CLAIMS_SUFFIX
from snl_edu.store.database import STORE_FILE, private_folder
from snl_edu.vocabulary import TEAM_SEPARATOR


class Holds(StrEnum):
    """How a table holds a child."""

    LEARNER = "learner"  # the learner row itself: its ``name``
    BY_LEARNER = "by-learner"  # rows of a learner (``learner_id``), deleted with them
    SEATS = "seats"  # saved games: ``players`` (team seats too) and ``settings.learner``


TABLES: dict[str, Holds] = {
    "learner": Holds.LEARNER,
    "lesson_session": Holds.BY_LEARNER,
    "lesson_answer": Holds.BY_LEARNER,  # and other children's names in its questions
    "checkup": Holds.BY_LEARNER,
    "voice_example": Holds.BY_LEARNER,  # their taught voice commands' audio (voice_examples.py)
    "games": Holds.SEATS,
}

SPEECH_PREFS = "speech.json"  # each player's speech rate and loudness (speech_controls)
SEAT_KEYS = "table-seats.json"  # each child's key back to their seat at a table, and the
# question open there (seat_keys)
TABLE_DOORS = "table-doors.json"  # a hosted table's code and chair keys, by game (table_doors)


def names_child(text: object, key: str) -> bool:
    """Whether a seat or entry name is this child, alone or as one child of a team."""
    if not isinstance(text, str):
        return False
    return name_key(text) == key or any(name_key(part) == key
                                        for part in text.split(TEAM_SEPARATOR))


class Forgetting(StrEnum):
    """What forgetting a child did to a place."""

    UNTOUCHED = "untouched"  # it held nothing of the child
    REMOVED = "removed"  # the child's entries were taken out
    DISCARDED = "discarded"  # damaged: deleted whole, with whatever it held


class Place(Protocol):
    """A file or folder in the data folder that can hold children's data."""

    def holds(self, path: Path, key: str) -> bool:
        """Whether it may hold the child of this ``name_key`` (nothing is changed)."""

    def forget(self, path: Path, key: str) -> Forgetting:
        """Remove the child from it (OSError if it cannot)."""


def read_private_json(path: Path) -> dict[str, Any] | None:
    """The JSON object a private file holds; None for a file that is not one (damaged, or
    nested too deep to read); OSError when it cannot be read at all."""
    try:
        data = json.loads(path.read_text("utf-8"))
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


class KeyedJson:
    """A JSON object whose keys are children's (or team seats') names."""

    def holds(self, path: Path, key: str) -> bool:
        try:
            data = read_private_json(path)
        except OSError:
            return path.exists()
        return data is None or any(names_child(name, key) for name in data)

    def forget(self, path: Path, key: str) -> Forgetting:
        try:
            data = read_private_json(path)
        except FileNotFoundError:
            return Forgetting.UNTOUCHED
        if data is None:  # damaged: whatever it held goes with it
            path.unlink()
            return Forgetting.DISCARDED
        kept = {name: value for name, value in data.items() if not names_child(name, key)}
        if len(kept) == len(data):
            return Forgetting.UNTOUCHED
        write_private_json(path, kept)
        return Forgetting.REMOVED


def write_private_json(path: Path, data: object) -> None:
    """Write atomically (a temporary file renamed) and private (0600); OSError if not:
    a full disk leaves the old file whole and no temporary file behind."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            json.dump(data, file, ensure_ascii=False, indent=1)
        os.replace(temporary, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(temporary)
        raise


class ChildFile:
    """One JSON object beside the store, keyed by children's names (the speech settings,
    the seat keys): a file missing, unreadable or damaged reads as empty, and it is written
    whole and private."""

    file_name: ClassVar[str]

    def __init__(self, folder: Path) -> None:
        self.path = folder / self.file_name

    def _read(self) -> dict[str, Any]:
        try:
            return read_private_json(self.path) or {}
        except OSError:
            return {}

    def _write(self, data: dict[str, Any]) -> None:
        """OSError (a full disk) leaves the old file as it was."""
        private_folder(self.path.parent)
        write_private_json(self.path, data)


FILES: dict[str, Place] = {
    SPEECH_PREFS: KeyedJson(),
    SEAT_KEYS: KeyedJson(),
}

# Files beside the store that hold nothing about a child, and why.
NOT_CHILD_DATA = {
    TABLE_DOORS: "the join code and the chairs' keys of tables hosted here, by game number",
    STORE_FILE + CLAIMS_SUFFIX: "the process ids of games being played",
}


def files_holding(folder: Path, key: str) -> list[Path]:
    """The files of ``FILES`` in ``folder`` that may hold this child."""
    return [folder / name for name, place in FILES.items() if place.holds(folder / name, key)]


def forget_in_files(folder: Path, key: str) -> dict[Forgetting | None, list[Path]]:
    """Forget the child in every file of ``FILES``: the files by what was done to them
    (None: they could not be changed). A temporary file a crash left beside one goes too."""
    done: dict[Forgetting | None, list[Path]] = {outcome: [] for outcome in (*Forgetting, None)}
    for name, place in FILES.items():
        try:
            done[place.forget(folder / name, key)].append(folder / name)
            for temporary in folder.glob(glob_escape(name) + "*.tmp"):
                temporary.unlink()
        except OSError:
            done[None].append(folder / name)
    return done
