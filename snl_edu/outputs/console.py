"""Where messages go: one small protocol, many destinations composed in a list."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Protocol, TextIO

from snl_edu.vocabulary import Message


class Output(Protocol):
    def show(self, message: Message) -> None: ...

    def flush(self) -> None: ...


class MessageSink(Protocol):
    """Where a part of the game says things: all outputs at once, or a session that also
    keeps them for review."""

    def show_all(self, messages: Sequence[Message]) -> None: ...


class ConsoleOutput:
    """One message per line, plain text: screen readers read every line."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stdout
        self._typing = False  # an answer is being typed on the current line

    def show(self, message: Message) -> None:
        if self._typing:
            self.stream.write("\n")  # the game never writes over what was typed
            self._typing = False
        self.stream.write(message.text + "\n")

    def echo(self, text: str) -> None:
        """Keys typed as an answer, shown as a terminal would (single-key mode does not)."""
        self.stream.write(text)
        self.stream.flush()
        self._typing = not text.endswith("\n")

    def flush(self) -> None:
        self.stream.flush()


class Outputs:
    """Fans each message out to every output, in order."""

    def __init__(self, outputs: Sequence[Output]) -> None:
        self.outputs = list(outputs)

    def show_all(self, messages: Sequence[Message]) -> None:
        for message in messages:
            for output in self.outputs:
                output.show(message)
        for output in self.outputs:
            output.flush()

    def echo(self, text: str) -> None:
        """Typed keys, to the outputs that show them (the console)."""
        for output in self.outputs:
            echo = getattr(output, "echo", None)
            if echo is not None:
                echo(text)
