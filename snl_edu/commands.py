"""What a player can ask for; keyboard, voice, bot and timer all produce these."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol, runtime_checkable


class Action(StrEnum):
    ROLL = "roll"
    REPEAT = "repeat"
    PREVIOUS = "previous"  # review: the message before (key ",")
    NEXT = "next"  # review: the message after (key ".")
    WHERE = "where"
    AHEAD = "ahead"
    HELP = "help"
    QUIT = "quit"
    YES = "yes"
    NO = "no"
    ANSWER = "answer"  # a number said or typed as a lesson answer; see Command.number
    END = "end"  # the input has ended (end of a piped script)


@dataclass(frozen=True)
class Command:
    action: Action | None
    text: str = ""  # what was typed or heard, for "I did not understand {text}"
    number: int | None = None  # the number given, for Action.ANSWER

    @classmethod
    def answer(cls, number: int, text: str = "") -> Command:
        return cls(Action.ANSWER, text or str(number), number)


KEYS = {
    "\r": Action.ROLL, "\n": Action.ROLL, " ": Action.ROLL,
    "r": Action.REPEAT, "w": Action.WHERE, "a": Action.AHEAD,
    "h": Action.HELP, "?": Action.HELP, "q": Action.QUIT,
    ",": Action.PREVIOUS, ".": Action.NEXT,
    "y": Action.YES, "n": Action.NO,
}

WORDS = {
    "": Action.ROLL, "roll": Action.ROLL, "go": Action.ROLL,
    "repeat": Action.REPEAT, "where": Action.WHERE, "ahead": Action.AHEAD,
    "previous": Action.PREVIOUS, "next": Action.NEXT,
    "help": Action.HELP, "quit": Action.QUIT, "exit": Action.QUIT,
    "yes": Action.YES, "no": Action.NO,
}


def parse_key(key: str) -> Command:
    return Command(KEYS.get(key.lower() if key.isalpha() else key), key)


def parse_line(line: str) -> Command:
    """A scripted line: a word or a single key ("roll", "r", "" for Enter)."""
    text = " ".join(line.strip().lower().split())
    if text in WORDS:
        return Command(WORDS[text], text)
    if len(text) == 1:
        return parse_key(text)
    return Command(None, line.strip())


class CommandSource(Protocol):
    """Commands for one seat (or a room of seats): keyboard, voice, a script, a network player.

    ``next_command`` returns None when ``timeout`` seconds pass with nothing, and
    ``Command(Action.END)`` once the source has ended for good.
    """

    interactive: bool

    def next_command(self, timeout: float | None = None) -> Command | None: ...


@runtime_checkable
class SkipsSpeech(Protocol):
    """A source whose player can cut the game's speech short (a key pressed while it talks).

    Speech polls ``key_pressed``; a press it reports is used up, never also a command.
    """

    def key_pressed(self) -> bool: ...


@runtime_checkable
class Closable(Protocol):
    """A source holding something to let go of: a thread, a microphone, a connection."""

    def close(self) -> None: ...
