"""One command source per seat: a keyboard for the room, a switch, a player on another computer.

Seats without a source of their own share the room's (the keyboard and voice of
the computer the game runs on), which is how a family plays at one machine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from snl_edu.inputs.commands import Closable, CommandSource, SkipsSpeech


class SeatInputs:
    def __init__(self, room: CommandSource | None = None,
                 seats: Mapping[int, CommandSource] | None = None) -> None:
        self.room = room
        self.seats = dict(seats or {})
        # Told whose command is wanted next (voice hears that child's taught commands).
        self.on_seat: Callable[[int], None] | None = None

    def for_seat(self, seat: int) -> CommandSource:
        if self.on_seat is not None:
            self.on_seat(seat)
        source = self.seats.get(seat, self.room)
        if source is None:
            raise LookupError(f"seat {seat} has no command source and there is no room source")
        return source

    def sources(self) -> list[CommandSource]:
        """Every distinct source, the room's first."""
        found: list[CommandSource] = []
        for source in (self.room, *self.seats.values()):
            if source is not None and all(source is not seen for seen in found):
                found.append(source)
        return found

    @property
    def interactive(self) -> bool:
        """Whether a person answers at a terminal (decides the default for lessons)."""
        return any(source.interactive for source in self.sources())

    def key_pressed(self) -> bool:
        """Whether any player cut the speech short; speech plays for the whole room."""
        return any(source.key_pressed() for source in self.sources()
                   if isinstance(source, SkipsSpeech))

    def drop_rolls(self) -> None:
        """Roll presses made during an announcement do not roll for the next turn."""
        for source in self.sources():
            if isinstance(source, SkipsSpeech):
                source.drop_rolls()

    def close(self) -> None:
        for source in reversed(self.sources()):
            if isinstance(source, Closable):
                source.close()
