"""Test doubles shared across the suite."""

from __future__ import annotations

from snl_edu.vocabulary import Message


class Collect:
    """An Output that keeps every message it is shown."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    def show(self, message: Message) -> None:
        self.messages.append(message)

    def flush(self) -> None:
        pass

    @property
    def texts(self) -> list[str]:
        return [m.text for m in self.messages]


class ScriptedDice:
    """Rolls from a list."""

    def __init__(self, rolls: list[int]) -> None:
        self._rolls = list(rolls)

    def roll(self) -> int:
        if not self._rolls:
            raise IndexError("the scripted dice have no rolls left")
        return self._rolls.pop(0)


def rule_id(rules: object) -> str:
    """A short test id for a rule set, from the options' flags: "exact-six-again-no-...\"."""
    from snl_edu.engine.rules import RULE_OPTIONS

    parts = []
    for option in RULE_OPTIONS:
        value = getattr(rules, option.name)
        parts.append(str(value) if not isinstance(value, bool)
                     else option.flag if value else "no-" + option.flag)
    return "-".join(parts)
