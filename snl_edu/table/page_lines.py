"""What a child's page says of another child's move: one short line ("Bikash: 14 to 19."),
not the whole narration, so that in a six-seat game her voice keeps up with the table and
her screen reader reads one line a move (the board shows the rest)."""

from __future__ import annotations

from collections.abc import Sequence

from snl_edu.engine.events import Climbed, Event, Rolled, Slid
from snl_edu.play.narration import Narrator
from snl_edu.table.seat_board import walked


def mover(events: Sequence[Event]) -> int | None:
    """Whose roll these events are (None: no roll, as a notice's)."""
    return next((event.seat for event in events if isinstance(event, Rolled)), None)


def short_move(narrator: Narrator, events: Sequence[Event]) -> str | None:
    """Another child's move in one line, in the page's language; None if no roll."""
    rolled = next((event for event in events if isinstance(event, Rolled)), None)
    if rolled is None:
        return None
    _, number = narrator.loc.gettext, narrator.loc.number
    name = narrator.name(rolled.seat)
    _seat, squares = walked(events)
    if not squares:
        return _("{name} stays at {square}.").format(name=name, square=number(rolled.square))
    values = {"name": name, "start": number(rolled.square), "end": number(squares[-1])}
    if rolled.square == 0:
        return _("{name}: onto the board at {end}.").format(**values)
    if any(isinstance(event, Climbed) for event in events):
        return _("{name}: {start} to {end}, up a ladder.").format(**values)
    if any(isinstance(event, Slid) for event in events):
        return _("{name}: {start} to {end}, down a snake.").format(**values)
    return _("{name}: {start} to {end}.").format(**values)
