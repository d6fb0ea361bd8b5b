"""What a player can ask for; keyboard, voice, bot and timer all produce these."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol, runtime_checkable

from snl_edu.language.registry import languages
from snl_edu.vocabulary import N_


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
    SKIP = "skip"  # leave a lesson question unanswered (Escape, or the word "skip")
    SQUARE_BEFORE = "square-before"  # explore the board: the square before (key "[")
    SQUARE_AFTER = "square-after"  # the square after (key "]")
    OWN_SQUARE = "own-square"  # back to your own square (Home)
    SLOWER = "slower"  # speech rate down ("-")
    FASTER = "faster"  # speech rate up ("+" or "=")
    QUIETER = "quieter"  # volume down ("/")
    LOUDER = "louder"  # volume up ("*")
    END = "end"  # the input has ended (end of a piped script)


@dataclass(frozen=True)
class Command:
    action: Action | None
    text: str = ""  # what was typed or heard, for "I did not understand {text}"
    number: int | None = None  # the number given, for Action.ANSWER

    @classmethod
    def answer(cls, number: int, text: str = "") -> Command:
        return cls(Action.ANSWER, text or str(number), number)


class InQuestion(StrEnum):
    """What a key does while a number question is open."""

    QUESTION = "question"  # the question's own (Enter answers, r asks again, Escape skips)
    GAME = "game"  # the game answers it, the question stays open: never part of an answer
    # The game answers it while nothing is typed (no number word starts with w, a or h).
    GAME_UNTYPED = "game-untyped"


@dataclass(frozen=True)
class KeyLine:
    """One line of the in-game help and the keys it is about: what each key press sends
    (as the terminal sends it) and the action it asks for."""

    help: str | None  # a msgid; None: keys told where they are asked for (y/n, Escape)
    keys: Mapping[str, Action]
    in_question: InQuestion = InQuestion.QUESTION


# The one key table: the parser (KEYS), the in-game help and the README's key list are made
# from it (snl_edu/play/key_help.py; tests/play/test_key_help.py ties the README to it).
# A help line may name the die's faces as {six}.
GAME_KEYS: tuple[KeyLine, ...] = (
    # On a child's own go (snl_edu.play.counting) the roll keys move her token instead.
    KeyLine(N_("Enter: roll the pasa. On your go, type the square your token lands on and "
               "press Enter, or press Enter alone and the game counts for you."),
            {"\r": Action.ROLL, "\n": Action.ROLL}),
    KeyLine(N_("Space: roll the pasa too. On your go, Space moves your token one square."),
            {" ": Action.ROLL}),
    KeyLine(N_("r: repeat the last message."), {"r": Action.REPEAT}),
    KeyLine(N_("Comma and full stop: the message before and after, to read back."),
            {",": Action.PREVIOUS, ".": Action.NEXT}, InQuestion.GAME),
    KeyLine(N_("w: where is everyone."), {"w": Action.WHERE}, InQuestion.GAME_UNTYPED),
    KeyLine(N_("a: what is ahead of you, within {six} squares."), {"a": Action.AHEAD},
            InQuestion.GAME_UNTYPED),
    KeyLine(N_("Square brackets: step along the board, square by square. Home: back to your "
               "square."),
            {"[": Action.SQUARE_BEFORE, "]": Action.SQUARE_AFTER,
             # Home, as terminals send it: xterm, its application mode, the Linux console, rxvt
             "\x1b[H": Action.OWN_SQUARE, "\x1bOH": Action.OWN_SQUARE,
             "\x1b[1~": Action.OWN_SQUARE, "\x1b[7~": Action.OWN_SQUARE}, InQuestion.GAME),
    KeyLine(N_("Minus and plus: slower or faster speech. Slash and star: quieter or louder."),
            {"-": Action.SLOWER, "+": Action.FASTER, "=": Action.FASTER,
             "/": Action.QUIETER, "*": Action.LOUDER}, InQuestion.GAME),
    KeyLine(N_("During a question: type the number and press Enter. Enter alone asks it "
               "again, r too; Escape skips it."), {"\x1b": Action.SKIP}),
    KeyLine(N_("h: this help."), {"h": Action.HELP, "?": Action.HELP}, InQuestion.GAME_UNTYPED),
    KeyLine(N_("q: quit, after you confirm."), {"q": Action.QUIT}),
    KeyLine(None, {"y": Action.YES, "n": Action.NO}),
)

KEYS: Mapping[str, Action] = {key: action for line in GAME_KEYS for key, action in line.keys.items()}


def answered_by_game(kind: InQuestion) -> frozenset[Action]:
    """The actions of the keys that do this while a question is open."""
    return frozenset(action for line in GAME_KEYS if line.in_question is kind
                     for action in line.keys.values())

WORDS = {
    "": Action.ROLL, "roll": Action.ROLL, "go": Action.ROLL,
    "repeat": Action.REPEAT, "where": Action.WHERE, "ahead": Action.AHEAD,
    "previous": Action.PREVIOUS, "next": Action.NEXT,
    "help": Action.HELP, "quit": Action.QUIT, "exit": Action.QUIT,
    "skip": Action.SKIP,  # and each language's own words for yes and no (snl_edu.language.registry)
    "home": Action.OWN_SQUARE, "slower": Action.SLOWER, "faster": Action.FASTER,
    "quieter": Action.QUIETER, "louder": Action.LOUDER,
}


def parse_key(key: str) -> Command:
    return Command(KEYS.get(key.lower() if key.isalpha() else key), key)


def parse_line(line: str) -> Command:
    """A scripted line: a word or a single key ("roll", "r", "" for Enter)."""
    text = " ".join(line.strip().lower().split())
    if text in WORDS:
        return Command(WORDS[text], text)
    for language in languages():
        if text in language.yes_words or text in language.no_words:
            return Command(Action.YES if text in language.yes_words else Action.NO, text)
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

    Speech polls ``key_pressed``, which only looks: the key that cut a sentence short
    is then read and handled as itself, once. ``drop_rolls`` forgets roll presses
    already waiting, made while a roll was announced, so they never roll again for
    the next turn.
    """

    def key_pressed(self) -> bool: ...

    def drop_rolls(self) -> None: ...


@runtime_checkable
class Ear(Protocol):
    """A source that listens (voice): what it can hear, so the game offers saying only that
    (a child's taught commands alone hear no numbers, nor the commands she did not teach)."""

    def phrase_for(self, action: Action) -> str | None:
        """What to say for ``action``; None: it cannot be heard."""

    @property
    def hears_numbers(self) -> bool: ...


@runtime_checkable
class Closable(Protocol):
    """A source holding something to let go of: a thread, a microphone, a connection."""

    def close(self) -> None: ...
