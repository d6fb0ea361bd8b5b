"""Test doubles for the *child* and the *screen*: scripted commands in, messages collected."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from snl_edu.inputs.commands import Action, Command, parse_key, parse_line
from snl_edu.language.localizer import Localizer
from tests.helpers import Collect  # noqa: F401  (re-exported for the lesson tests)


class Script:
    """Commands from a list, like a piped script (lines) or a terminal (single keys)."""

    def __init__(self, items: Iterable[str | Command], interactive: bool = False) -> None:
        self.items = list(items)
        self.interactive = interactive

    def next_command(self, timeout: float | None = None) -> Command | None:
        if not self.items:
            return Command(Action.END)
        item = self.items.pop(0)
        if isinstance(item, Command):
            return item
        return parse_key(item) if self.interactive else parse_line(item)


class Child:
    """A pretend child: rolls when the game waits, answers when a question waits.

    ``answer`` maps the right answer to what the child says (right, wrong...).
    """

    interactive = False

    def __init__(self, asking: Callable[[], object], answer: Callable[[int], int | None],
                 max_commands: int = 20000) -> None:
        self.asking = asking
        self.answer = answer
        self.left = max_commands

    def next_command(self, timeout: float | None = None) -> Command | None:
        self.left -= 1
        if self.left < 0:
            return Command(Action.END)
        question = self.asking()
        if question is None:
            return Command(Action.ROLL, "")
        reply = self.answer(question.answer)  # type: ignore[attr-defined]
        return Command(Action.SKIP, "skip") if reply is None else Command.answer(reply)


def nepali() -> Localizer:
    return Localizer.create("ne")


def english() -> Localizer:
    return Localizer.create("en")


class Ear:
    """A voice input's ear (commands.Ear): the phrases it hears, and whether numbers."""

    def __init__(self, phrases: dict[Action, str], numbers: bool) -> None:
        self.phrases = phrases
        self.hears_numbers = numbers

    def phrase_for(self, action: Action) -> str | None:
        return self.phrases.get(action)
