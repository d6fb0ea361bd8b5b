"""A hosted table's door, kept on the teacher's computer with its saved game: the join
code, the key of each chair and the port, so a table started again with ``--resume``
(after a power cut, a restart, a Ctrl-C) opens at the same address with the same code and
lets every child back in with the key her computer or page kept: nobody rescans, retypes
or waits for the teacher.

Kept by the saved game's number, with no child's name (the chairs are in the game's
order); an entry older than a school day is of no table any more and is dropped.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, NamedTuple

from snl_edu.store.child_data import TABLE_DOORS, read_private_json, write_private_json
from snl_edu.store.database import Damage, _backup_name, private_folder

KEPT_FOR = timedelta(hours=12)
MAX_KEY = 64


class Door(NamedTuple):
    code: str
    keys: list[str | None]  # each chair's, in the game's order (None: never given)
    port: int | None  # the port it listened on (None: not kept, a door from before)


class TableDoors:
    """Each hosted game's code, chair keys and port, in one private JSON file; a damaged
    file is kept aside (``set_aside``, for the teacher to be told) and a new one begun (the
    table then opens with a new code, as before)."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / TABLE_DOORS
        self.set_aside: Path | None = None  # where a damaged file was kept, once found

    def door(self, game_id: int, now: datetime | None = None) -> Door | None:
        """The code, chair keys and port this game's table had, if recent and whole."""
        entry = self._read().get(str(game_id))
        if not isinstance(entry, dict) or not _recent(entry, now):
            return None
        code, keys, port = entry.get("code"), entry.get("keys"), entry.get("port")
        if not isinstance(code, str) or not isinstance(keys, list):
            return None
        return Door(code, [key if isinstance(key, str) and 0 < len(key) <= MAX_KEY else None
                           for key in keys],
                    port if type(port) is int and 0 < port < 65536 else None)

    def keep(self, game_id: int, code: str, keys: list[str | None],
             port: int | None = None) -> None:
        """Keep this game's door as it is now (OSError if it cannot be written)."""
        data = {number: entry for number, entry in self._read().items()
                if isinstance(entry, dict) and _recent(entry, None)}
        data[str(game_id)] = {"code": code, "keys": keys, "port": port,
                              "at": datetime.now(UTC).isoformat(timespec="seconds")}
        private_folder(self.path.parent)
        write_private_json(self.path, data)

    def _read(self) -> dict[str, Any]:
        try:
            data = read_private_json(self.path)
        except OSError:
            return {}
        if data is None:  # damaged: kept aside, as the store keeps its damaged files
            self._set_aside()
            return {}
        return data

    def _set_aside(self) -> None:
        backup = _backup_name(self.path, Damage.CORRUPT)
        try:
            self.path.replace(backup)
        except OSError:
            return  # it stays, unused; the next keep writes a whole one over it
        self.set_aside = backup


def _recent(entry: dict[str, Any], now: datetime | None) -> bool:
    try:
        at = datetime.fromisoformat(str(entry.get("at")))
    except ValueError:
        return False
    return at.tzinfo is not None and (now or datetime.now(UTC)) - at < KEPT_FOR
