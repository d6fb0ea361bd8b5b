"""A child's computer at the classroom table: sends requests for its own seat, narrates the
table's events in its own language, digits, verbosity and sound, answers review keys itself.

A projector's read-only view (``watch``) is the same client without a seat: after every
turn it shows the board, where everyone is and the last moves, as plain lines.
"""

from snl_edu.table.client.link import REFUSALS, UNTRUSTED, TableError, find_table, unreachable
from snl_edu.table.client.state import ClientOptions
from snl_edu.table.client.turns import TableClient

__all__ = ["REFUSALS", "UNTRUSTED", "ClientOptions", "TableClient", "TableError", "find_table",
           "unreachable"]
