"""Whose move a roll's events are, for a child's page: another child's is told in one short
line (``Narrator.move_line``), not its whole narration, so that in a six-seat game her
voice keeps up with the table and her screen reader reads one line a move."""

from __future__ import annotations

from collections.abc import Sequence

from snl_edu.engine.events import Event, Rolled


def mover(events: Sequence[Event]) -> int | None:
    """Whose roll these events are (None: no roll, as a notice's)."""
    return next((event.seat for event in events if isinstance(event, Rolled)), None)
