"""A client that ends while it is connecting again keeps no connection open."""

from __future__ import annotations

import io
from typing import Any, Self

import pytest
import websockets.sync.client

from snl_edu.app.play import Terminal
from snl_edu.language.localizer import Localizer
from snl_edu.table.client import ClientOptions, TableClient, TableError
from tests.table.helpers import QUIET, LineLog


class Made:
    """A connection as websockets makes it, recording whether it was closed."""

    def __init__(self) -> None:
        self.closed = False

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.closed = True


def test_a_connection_made_after_the_client_ended_is_closed_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    log = LineLog()
    client = TableClient(ClientOptions("127.0.0.1", 9, "ABCDEFGH", name="Asha", sound=QUIET,
                                       lessons="off"),  # type: ignore[arg-type]
                         Localizer.create("en"), Terminal(io.StringIO(), log, log))  # type: ignore[arg-type]
    made: list[Made] = []

    def connect(*args: Any, **kwargs: Any) -> Made:
        client._close()  # the child quits while the table is being reached again
        made.append(Made())
        return made[-1]

    monkeypatch.setattr(websockets.sync.client, "connect", connect)
    with pytest.raises(TableError):
        client._connect()
    assert made[0].closed and client.connection is None
