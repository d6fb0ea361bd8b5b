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
    STEP = "step"  # her go: the token one square on (Space, or "next" said)
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
class ActionRow:
    """Everything about one action, in one row: what a listener reads it as (``label``), the
    keys (as the terminal sends them) and typed words that ask for it, what its keys do
    while a number question is open, and its button on the seat page (``button``)."""

    action: Action
    label: str  # a msgid: "roll the pasa", as snl voice shows a heard command
    keys: tuple[str, ...] = ()
    words: tuple[str, ...] = ()  # a scripted line; each language's yes and no words beside
    in_question: InQuestion = InQuestion.QUESTION
    button: str | None = None  # a msgid; None: no button of its own on the seat page


# The one table of actions: the key parser (KEYS), the typed words (WORDS), the in-game help
# and the README's key list (GAME_KEYS, snl_edu/play/key_help.py), the seat page's buttons
# (snl_edu.table.page_wire) and the labels snl voice shows are all made from it.
ACTIONS: tuple[ActionRow, ...] = (
    ActionRow(Action.ROLL, N_("roll the pasa"), ("\r", "\n", " "), ("", "roll", "go"),
              button=N_("Roll")),
    # No key of its own: in her go Space (a roll key) steps; a voice says "next"; a page
    # shows its button (and her board's next square to tap) only in her go.
    ActionRow(Action.STEP, N_("one square on"), button=N_("Next square")),
    ActionRow(Action.REPEAT, N_("repeat the last message"), ("r",), ("repeat",),
              button=N_("Repeat")),
    ActionRow(Action.PREVIOUS, N_("the message before"), (",",), ("previous",),
              InQuestion.GAME),
    ActionRow(Action.NEXT, N_("the message after"), (".",), ("next",), InQuestion.GAME),
    ActionRow(Action.WHERE, N_("where is everyone"), ("w",), ("where",),
              InQuestion.GAME_UNTYPED, N_("Where is everyone")),
    ActionRow(Action.AHEAD, N_("what is ahead"), ("a",), ("ahead",), InQuestion.GAME_UNTYPED,
              N_("What is ahead")),
    ActionRow(Action.SQUARE_BEFORE, N_("the square before"), ("[",), (), InQuestion.GAME),
    ActionRow(Action.SQUARE_AFTER, N_("the square after"), ("]",), (), InQuestion.GAME),
    # Home, as terminals send it: xterm, its application mode, the Linux console, rxvt
    ActionRow(Action.OWN_SQUARE, N_("back to your square"),
              ("\x1b[H", "\x1bOH", "\x1b[1~", "\x1b[7~"), ("home",), InQuestion.GAME),
    ActionRow(Action.SLOWER, N_("slower speech"), ("-",), ("slower",), InQuestion.GAME),
    ActionRow(Action.FASTER, N_("faster speech"), ("+", "="), ("faster",), InQuestion.GAME),
    ActionRow(Action.QUIETER, N_("quieter"), ("/",), ("quieter",), InQuestion.GAME),
    ActionRow(Action.LOUDER, N_("louder"), ("*",), ("louder",), InQuestion.GAME),
    ActionRow(Action.SKIP, N_("skip the question"), ("\x1b",), ("skip",), button=N_("Skip")),
    ActionRow(Action.HELP, N_("help"), ("h", "?"), ("help",), InQuestion.GAME_UNTYPED,
              N_("Help")),
    ActionRow(Action.QUIT, N_("quit"), ("q",), ("quit", "exit")),
    ActionRow(Action.YES, N_("yes"), ("y",)),
    ActionRow(Action.NO, N_("no"), ("n",)),
    ActionRow(Action.ANSWER, N_("an answer")),  # a number, typed or said
    ActionRow(Action.END, N_("end of input")),
)
ROWS: Mapping[Action, ActionRow] = {row.action: row for row in ACTIONS}
assert set(ROWS) == set(Action), "every action has its row"


@dataclass(frozen=True)
class KeyLine:
    """One line of the in-game help and the keys it is about: what each key press sends
    (as the terminal sends it) and the action it asks for."""

    help: str | None  # a msgid; None: keys told where they are asked for (y/n, Escape)
    keys: Mapping[str, Action]

    @classmethod
    def about(cls, help_text: str | None, *actions: Action) -> KeyLine:
        return cls(help_text, {key: action for action in actions for key in ROWS[action].keys})


# The in-game help, a line about one or a few actions' keys. A help line may name the die's
# faces as {six}.
GAME_KEYS: tuple[KeyLine, ...] = (
    # On a child's own go (snl_edu.play.counting) the roll keys move her token instead:
    # Space one square, Enter (with nothing typed) leaves the counting to the game.
    KeyLine(N_("Enter: roll the pasa. On your go, type the square your token lands on and "
               "press Enter, or press Enter alone and the game counts for you."),
            {"\r": Action.ROLL, "\n": Action.ROLL}),
    KeyLine(N_("Space: roll the pasa too. On your go, Space moves your token one square."),
            {" ": Action.ROLL}),
    KeyLine.about(N_("r: repeat the last message."), Action.REPEAT),
    KeyLine.about(N_("Comma and full stop: the message before and after, to read back."),
                  Action.PREVIOUS, Action.NEXT),
    KeyLine.about(N_("w: where is everyone."), Action.WHERE),
    KeyLine.about(N_("a: what is ahead of you, within {six} squares."), Action.AHEAD),
    KeyLine.about(N_("Square brackets: step along the board, square by square. Home: back to "
                     "your square."), Action.SQUARE_BEFORE, Action.SQUARE_AFTER,
                  Action.OWN_SQUARE),
    KeyLine.about(N_("Minus and plus: slower or faster speech. Slash and star: quieter or "
                     "louder."), Action.SLOWER, Action.FASTER, Action.QUIETER, Action.LOUDER),
    KeyLine.about(N_("During a question: type the number and press Enter. Enter alone asks "
                     "it again, r too; Escape skips it."), Action.SKIP),
    KeyLine.about(N_("h: this help."), Action.HELP),
    KeyLine.about(N_("q: quit, after you confirm."), Action.QUIT),
    KeyLine.about(None, Action.YES, Action.NO),
)

KEYS: Mapping[str, Action] = {key: row.action for row in ACTIONS for key in row.keys}
WORDS: Mapping[str, Action] = {word: row.action for row in ACTIONS for word in row.words}


def answered_by_game(kind: InQuestion) -> frozenset[Action]:
    """The actions of the keys that do this while a question is open."""
    return frozenset(row.action for row in ACTIONS if row.in_question is kind and row.keys)


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
