"""The child's go: she moves her own token, square by square, before the game says where.

In Siegler & Ramani (2008, 2009) and Laski & Siegler (2014) the child moves her token and
says each square's number as she goes; that, not listening, is what moved children's
number lines. At the early levels the game therefore stops after the roll (``Walk`` is
what the roll will do) and lets her act first: one press moves the token one square and
the game says that square (after a pause, so she can say it first), or she types (or
says) where it lands and hears the count as feedback. Only then is the move narrated.

``Go`` is the pure state of one go (a browser seat's tap on the next square would be a
``step`` too); ``take_go`` runs it on a seat's keys, for every front end, through the
shared ``Listener``. Which go a child gets, and how it fades, is the lesson teacher's
(``Goes``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from snl_edu.engine import Game
from snl_edu.engine.events import Bounced, Climbed, Entered, Event, Moved, Rolled, Slid
from snl_edu.inputs.commands import Action, Command, CommandSource
from snl_edu.inputs.typed import TypedAnswer
from snl_edu.language.localizer import Localizer, read_digits
from snl_edu.vocabulary import N_, Message, square_pitch

# Seconds left after the roll's taps before its number is said, and after each press
# before the square's number is said: time for the child to count, and say it, first.
TAP_PAUSE = 1.5
STEP_PAUSE = 0.7
MAX_DIGITS = 3


class GoKind(StrEnum):
    STEPS = "steps"  # one press a square, the game saying each square after her
    SAY = "say"  # she says where the token lands; the count is the feedback


class GoResult(StrEnum):
    STEPPED = "stepped"  # she moved it every square
    RIGHT = "right"  # she said where it lands
    WRONG = "wrong"
    LEFT = "left"  # Enter, Escape, time up or the input's end: the game counted for her


@dataclass(frozen=True)
class Walk:
    """What one roll does to the roller's token: the squares it steps on, one a pip
    (up to the last and back on a bounce), and the ladder or snake at the end."""

    seat: int
    roll: int
    start: int
    squares: tuple[int, ...]
    jump: tuple[int, int] | None = None  # (from, to)

    @property
    def landing(self) -> int:
        return self.squares[-1]

    @property
    def end(self) -> int:
        return self.jump[1] if self.jump else self.landing


def walk_of(events: Sequence[Event]) -> Walk | None:
    """The roll's walk, if the roll moves the token (not an overshoot, a wait for a six
    or a third chhakka)."""
    rolled = next((e for e in events if isinstance(e, Rolled)), None)
    if rolled is None:
        return None
    squares: tuple[int, ...] = ()
    jump = None
    for event in events:
        if isinstance(event, Entered):
            squares = tuple(range(1, event.square + 1))
        elif isinstance(event, Moved):
            squares = tuple(range(event.start + 1, event.end + 1))
        elif isinstance(event, Bounced):
            last = event.start + rolled.value - event.back
            squares = (*range(event.start + 1, last + 1), *range(last - 1, event.end - 1, -1))
        elif isinstance(event, (Climbed, Slid)) and squares:
            jump = (event.start, event.end)
    if not squares:
        return None
    return Walk(rolled.seat, rolled.value, rolled.square, squares, jump)


class Goes(Protocol):
    """Who takes a go and which (the lesson teacher): fades by level and record."""

    def go_kind(self, game: Game, seat: int) -> GoKind | None: ...

    def went(self, game: Game, seat: int, result: GoResult) -> None: ...

    def roller(self, game: Game, seat: int) -> str | None:
        """The child who made the seat's latest roll (a team's member), as named."""


@dataclass(frozen=True)
class GoKeys:
    """What a front end lends a go: the seat's keys, its own quit question, and how long
    to wait for her (None: as long as she needs; --auto-roll's seconds otherwise)."""

    source: CommandSource
    confirm_quit: Callable[[], bool]
    timeout: float | None = None


# {step}: how she steps, begun as a sentence ("Press Space"; a phone's "Tap the next
# square on your board").
PROMPT_ENTER = N_("{name}, your go! {step} once for each dot, and say each number as "
                  "your token comes onto the board.")
PROMPT_STEPS = N_("{name}, your go! You are on {square}. {step} once for each dot, "
                  "and say each number as your token moves.")
PROMPT_SAY = N_("{name}, your go! You are on {square} and rolled {roll}. On which square "
                "will your token land? Type it and press Enter, or press Space to count "
                "square by square.")


class Go:
    """One go's state: how far she has moved the token and what to say next."""

    def __init__(self, walk: Walk, kind: GoKind, loc: Localizer, name: str,
                 across: Callable[[int], float] | None = None,
                 said_step: str | None = None, step: str | None = None) -> None:
        self.walk = walk
        self.said_step = said_step  # what her voice input hears as a step ("next"), if any
        # How she steps on her device, begun as a sentence (None: "Press Space").
        self.step_gesture = step or loc.gettext("Press Space")
        # Where each square lies across the board (Board.across): its pitch is heard there.
        self.across = across
        # Coming onto the board, the landing is the roll itself: counting it is the go.
        self.kind = GoKind.STEPS if walk.start == 0 else kind
        self.loc = loc
        self._ = loc.gettext
        self.name = name
        self.taken = 0  # squares she has stepped
        self.result: GoResult | None = None

    @property
    def at(self) -> int:
        return self.walk.squares[self.taken - 1] if self.taken else self.walk.start

    @property
    def next_square(self) -> int | None:
        """The square the next press (or tap) moves the token to; None: the go is over."""
        if self.result is not None:
            return None
        return self.walk.squares[self.taken]

    def prompt(self) -> list[Message]:
        values = {"name": self.name, "square": self.loc.number(self.at),
                  "roll": self.loc.number(self.walk.roll), "step": self.step_gesture}
        if self.taken:
            left = len(self.walk.squares) - self.taken
            text = self.loc.ngettext("You are on {square}. {step} {left} more time.",
                                     "You are on {square}. {step} {left} more times.",
                                     left).format(square=values["square"],
                                                  step=self.step_gesture,
                                                  left=self.loc.number(left))
        elif self.kind is GoKind.SAY:
            text = self._(PROMPT_SAY).format(**values)
        elif self.walk.start == 0:
            text = self._(PROMPT_ENTER).format(**values)
        else:
            text = self._(PROMPT_STEPS).format(**values)
        if self.said_step and not self.taken:
            text += " " + self._("Or say {word} for each square.").format(word=self.said_step)
        return [Message(text, "turn")]

    def step(self) -> list[Message]:
        """The token one square on, and that square's number."""
        square = self.next_square
        if square is None:
            return []
        self.taken += 1
        if self.taken == len(self.walk.squares):
            self.result = GoResult.STEPPED
        place = self.across(square) if self.across is not None else None
        return [Message(self.loc.number(square), square_pitch(square, place))]

    def guess(self, number: int) -> list[Message]:
        """Where she says the token lands (before a ladder or snake, or after it: she may
        know the board), then the count from where it stands as the feedback."""
        numbers = ", ".join(self.loc.words(s) for s in self.walk.squares[self.taken:])
        right = number in (self.walk.landing, self.walk.end)
        self.result = GoResult.RIGHT if right else GoResult.WRONG
        if right:
            return [Message(self._("Yes! Let us count: {numbers}.").format(numbers=numbers),
                            "step")]
        return [Message(self._("Let us count it: {numbers}. Your token lands on {square}.")
                        .format(numbers=numbers, square=self.loc.number(self.walk.landing)),
                        "step")]

    def leave(self) -> list[Message]:
        """The game counts the rest for her: on from where she has stepped to (the move's
        narration counts a go she never began, as it always did)."""
        if self.result is not None:
            return []
        self.result = GoResult.LEFT
        if not self.taken:
            return []
        rest = ", ".join(self.loc.words(s) for s in self.walk.squares[self.taken:])
        return [Message(self._("Counting on from {start}: {numbers}.").format(
            start=self.loc.words(self.at), numbers=rest), "step")]

    @property
    def begun(self) -> bool:
        """She has moved the token or said where it lands: the move is not counted again."""
        return self.taken > 0 or self.result is not GoResult.LEFT

    def unclear(self) -> list[Message]:
        return [Message(self._("Press Space to move one square, or type the square your "
                               "token lands on and press Enter."))]


@dataclass
class GoSide:
    """What a go may use of the front end: say lines, echo typed keys, pass other game
    keys on, and wait (the clock, injected: tests never wait in real time)."""

    say: Callable[[list[Message]], None]
    echo: Callable[[str], None]
    handle: Callable[[Command], None]
    wait: Callable[[float], None]


def take_go(go: Go, keys: GoKeys, side: GoSide) -> GoResult:
    """Run the go on her keys until the token has reached its square, she has said where
    it lands, or she leaves the counting to the game (Enter alone, Escape, time up)."""
    side.say(go.prompt())
    typed = TypedAnswer(side.echo, go.loc.number)
    while go.result is None:
        command = keys.source.next_command(keys.timeout)
        if command is None or command.action in (Action.END, Action.SKIP):
            side.say(go.leave())
        elif command.action is Action.QUIT:
            if keys.confirm_quit():
                side.say(go.leave())
        elif command.action is Action.ANSWER and command.number is not None:
            side.say(go.guess(command.number))
        elif _steps(command, typed.text):
            _step_after_pause(go, side)
        elif command.action is Action.REPEAT and not typed.text:
            side.say(go.prompt())
        elif len(command.text) == 1 and (command.text.isdigit() or typed.text):
            _typed_key(go, typed, command.text, side)
        elif command.action is Action.ROLL:
            side.say(go.leave())  # Enter alone, or "roll" said: the game counts for her
        else:
            side.handle(command)
    return go.result


def _steps(command: Command, typed: str) -> bool:
    """Space, with nothing typed, moves the token one square (the key table's Space), and
    so does "next" said (a voice's step)."""
    if command.action is Action.STEP:
        return True
    return command.action is Action.ROLL and command.text == " " and not typed


def _typed_key(go: Go, typed: TypedAnswer, key: str, side: GoSide) -> None:
    text = typed.take(key)
    if text is None:
        return
    number = read_digits(text, MAX_DIGITS)
    side.say(go.guess(number) if number is not None else go.unclear())


def _step_after_pause(go: Go, side: GoSide) -> None:
    """One square on: a pause to say its number herself, then the game says it (keys
    pressed meanwhile wait in the keyboard's queue)."""
    side.wait(STEP_PAUSE)
    side.say(go.step())
