"""A seat's page's keys and answers, as the keyboard's ``Command``s for its seat's client."""

from __future__ import annotations

import queue
from dataclasses import dataclass

from snl_edu.inputs.commands import Action, Command, parse_key


@dataclass(frozen=True)
class ShownRoll(Command):
    """A roll pressed on the page while it showed her turn ``turn`` as hers."""

    turn: int = 0


class PageKeys:
    """The page's keys and answers as the keyboard's ``Command``s."""

    interactive = True

    def __init__(self) -> None:
        self.commands: queue.Queue[Command] = queue.Queue()

    def key(self, key: str, turn: int | None = None) -> None:
        """``turn``: the turn the page showed as hers when the key was pressed."""
        command = parse_key(key)
        if command.action is Action.ROLL and turn is not None:
            command = ShownRoll(command.action, command.text, command.number, turn)
        if command.action is not Action.QUIT:  # a page is left by closing it: nothing to ask
            self.commands.put(command)

    def answer(self, text: str) -> None:
        """An answer typed in the page's field: its keys, then Enter, as at a terminal."""
        for key in text:
            self.commands.put(Command(None, key))
        self.commands.put(parse_key("\r"))

    def step(self) -> None:
        """A tap on the next square of her board, or on Next square: one square on in her
        go (at any other time the game says what it is for)."""
        self.commands.put(Command(Action.STEP))

    def end(self) -> None:
        self.commands.put(Command(Action.END))

    def next_command(self, timeout: float | None = None) -> Command | None:
        try:
            return self.commands.get(timeout=timeout)
        except queue.Empty:
            return None
