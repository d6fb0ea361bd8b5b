"""A seat's key kept on the child's computer is used by her seat alone, never by a watcher."""

from __future__ import annotations

import io
from pathlib import Path

from snl_edu.app.play import Terminal
from snl_edu.language.localizer import Localizer
from snl_edu.store.seat_keys import SeatKeys
from snl_edu.table.client import ClientOptions, TableClient
from tests.table.helpers import QUIET, LineLog


def client(folder: Path, watch: bool) -> TableClient:
    log = LineLog()
    options = ClientOptions("127.0.0.1", 9, "ABCDEFGH", name="Asha", watch=watch, sound=QUIET,
                            lessons="off")  # type: ignore[arg-type]
    return TableClient(options, Localizer.create("en"), Terminal(io.StringIO(), log, log),  # type: ignore[arg-type]
                       seat_keys=SeatKeys(folder))


def test_a_watcher_neither_uses_nor_keeps_a_seats_key(tmp_path: Path) -> None:
    SeatKeys(tmp_path).keep("Asha", "ABCDEFGH", "her-seat-key")
    assert client(tmp_path, watch=False)._kept_key() == "her-seat-key"
    watcher = client(tmp_path / "watcher", watch=True)
    (tmp_path / "watcher").mkdir()
    SeatKeys(tmp_path / "watcher").keep("Asha", "ABCDEFGH", "her-seat-key")
    assert watcher._kept_key() is None  # a watcher named as a child takes no seat
    watcher.token = "a-token"
    watcher._keep_key()
    assert not watcher.key_kept
