"""The host's table: owns the game and its dice, seats the players who join, tells everyone.

The session (the same turn loop as ``snl play``) runs in the host's process with one
``NetworkSeat`` per human seat; the websocket server runs beside it, one thread per
connection. A client can act only for the seat it joined; everything it sends is checked.

``Table`` is imported when first asked for: the options and defaults (``state``) are
declared by every ``snl table`` command, and a child's ``table join`` never hosts (the
host's pages, board drawing and fonts were a fifth of its start-up).
"""

from typing import TYPE_CHECKING, Any

from snl_edu.table.host.state import DEFAULT_PORT, DEFAULT_TURN_CLOCK, TableOptions

if TYPE_CHECKING:
    from snl_edu.table.host.lifecycle import Table

__all__ = ["DEFAULT_PORT", "DEFAULT_TURN_CLOCK", "Table", "TableOptions"]


def __getattr__(name: str) -> Any:
    if name == "Table":
        from snl_edu.table.host.lifecycle import Table

        return Table
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
