"""The host's table: owns the game and its dice, seats the players who join, tells everyone.

The session (the same turn loop as ``snl play``) runs in the host's process with one
``NetworkSeat`` per human seat; the websocket server runs beside it, one thread per
connection. A client can act only for the seat it joined; everything it sends is checked.
"""

from snl_edu.table.host.lifecycle import Table
from snl_edu.table.host.state import DEFAULT_PORT, DEFAULT_TURN_CLOCK, TableOptions

__all__ = ["DEFAULT_PORT", "DEFAULT_TURN_CLOCK", "Table", "TableOptions"]
