"""The turn loop: asks the seat due to play, plays rolls, narrates, and tells outputs.

Everything the game says goes through ``Session.say`` (lessons too, through
``show_all`` and ``channel``), so the review keys and ``r`` cover all of it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from snl_edu.engine import Game
from snl_edu.engine.events import Event, ExtraRoll, TurnStarted
from snl_edu.inputs.commands import Action, Command, CommandSource
from snl_edu.inputs.dice import Dice
from snl_edu.inputs.seat_inputs import SeatInputs
from snl_edu.outputs.console import Outputs
from snl_edu.outputs.review import MessageReview
from snl_edu.play.narration import Narrator
from snl_edu.vocabulary import Message


class Ending(StrEnum):
    FINISHED = "finished"
    QUIT = "quit"
    INPUT_ENDED = "input-ended"
    INTERRUPTED = "interrupted"  # Ctrl-C: the game is saved and can be resumed


@dataclass
class SessionSettings:
    pace: float = 0.0  # seconds before each computer roll
    auto_roll: float | None = None  # seconds a human has before being rolled for
    # "Press Enter to roll..." once at the start; not at a table's host, whose children roll
    # at their own computers (the teacher's keys there are others).
    key_hint: bool = True


class ReviewKeys:
    """The keys answered from what was said and the game as it stands, never a roll: repeat,
    read back, where, ahead, help, explore the board, speech rate and volume.

    One place for them, whether the game runs on this computer (``Session``) or at the
    classroom table (``snl_edu.table.client.TableClient``). A subclass has ``game``,
    ``narrator``, ``review``, ``last_messages``, ``adjust`` and ``_``, and says through ``say``.
    """

    game: Game
    narrator: Narrator
    review: MessageReview
    last_messages: list[Message]
    # Speech rate and volume keys: set by whoever built the voice; returns what to say.
    adjust: Callable[[Action], list[Message]] | None = None
    _explored: int | None = None  # the square [ and ] last stepped to
    _: Callable[[str], str]

    def say(self, messages: list[Message], remember: bool = True, review: bool = True) -> None:
        raise NotImplementedError

    def handle(self, command: Command) -> None:
        """Any key but roll and quit: repeat, review, where, ahead, help, explore..."""
        match command.action:
            case Action.REPEAT:
                self.say(self.last_messages or [Message(self._("Nothing has happened yet."))],
                         remember=False)
            case Action.PREVIOUS:
                self.say([self.review.previous() or Message(self._(
                    "This is the first message."))], remember=False, review=False)
            case Action.NEXT:
                self.say([self.review.next() or Message(self._(
                    "This is the newest message."))], remember=False, review=False)
            case Action.WHERE:
                self.say(self.narrator.where(self.game), remember=False)
            case Action.AHEAD:
                self.say(self.narrator.ahead(self.game, self._ahead_seat()), remember=False)
            case Action.HELP:
                self.say(help_messages(self._), remember=False)
            case Action.SQUARE_BEFORE | Action.SQUARE_AFTER | Action.OWN_SQUARE:
                self.say(self._explore(command.action), remember=False)
            case Action.SLOWER | Action.FASTER | Action.QUIETER | Action.LOUDER:
                if self.adjust is not None:
                    self.say(self.adjust(command.action), remember=False)
            case Action.YES | Action.NO | Action.SKIP:
                pass  # nothing to confirm or skip: Escape only cut the speech short
            case None if command.text.startswith("\x1b"):
                pass  # a key the game does not use (an arrow, a function key)
            case _:
                self.say([Message(self._("I did not understand {text}. Press h for help.").format(
                    text=repr(command.text)))], remember=False)

    def _explore(self, action: Action) -> list[Message]:
        """Walk the board square by square, by ear: [ and ] step, Home comes back."""
        own = self.game.positions[self._own_seat()]
        start = own if action is Action.OWN_SQUARE or self._explored is None else self._explored
        step = {Action.SQUARE_BEFORE: -1, Action.SQUARE_AFTER: 1}.get(action, 0)
        self._explored = max(1, min(self.game.board.last, start + step))
        return self.narrator.square(self.game, self._explored)

    def _ahead_seat(self) -> int:
        """Whose way ahead ``a`` tells: the player whose turn it is."""
        return self.game.current

    def _own_seat(self) -> int:
        """Whose square Home means: the player whose turn it is, else the first human."""
        current = self.game.current
        if not self.game.seats[current].computer:
            return current
        return next((i for i, s in enumerate(self.game.seats) if not s.computer), current)


class Session(ReviewKeys):
    def __init__(self, game: Game, narrator: Narrator, outputs: Outputs,
                 inputs: SeatInputs | CommandSource,
                 dice: Dice, settings: SessionSettings | None = None,
                 after_turn: Callable[[Game], None] | None = None,
                 between_turns: Callable[[Game, Sequence[Event]], None] | None = None,
                 sleep: Callable[[float], None] = time.sleep,
                 on_events: Callable[[Sequence[Event]], None] | None = None) -> None:
        self.game = game
        self.narrator = narrator
        self.outputs = outputs
        # One source per seat; a single source is the whole room's.
        self.inputs = inputs if isinstance(inputs, SeatInputs) else SeatInputs(inputs)
        self.dice = dice
        self.settings = settings or SessionSettings()
        self.after_turn = after_turn
        # Lessons between turns (snl_edu.lessons.teacher); they speak through show_all,
        # listen through channel and never block: the end of input or a timeout skips.
        self.between_turns = between_turns
        self.sleep = sleep
        # Whoever needs the events themselves (the classroom table's clients), not sentences.
        self.on_events = on_events
        self._ = narrator.loc.gettext
        self.last_messages: list[Message] = []
        self.review = MessageReview()
        self._prompted = False

    def say(self, messages: list[Message], remember: bool = True, review: bool = True) -> None:
        if remember:
            self.last_messages = messages
        if review:
            self.review.add(messages)
        self.outputs.show_all(messages)

    def show_all(self, messages: Sequence[Message]) -> None:
        """Say what a lesson says: shown, spoken and kept for review, while ``r`` still
        repeats the last turn."""
        self.say(list(messages), remember=False)

    def echo(self, text: str) -> None:
        """An answer's keys as they are typed."""
        self.outputs.echo(text)

    def channel(self, seat: int) -> SeatChannel:
        """Listen to one seat's input, answering review keys on the way (for lessons)."""
        return SeatChannel(self, seat)

    def run(self) -> Ending:
        self._happened(self.game.opening())
        while not self.game.over:
            roll = self._next_roll()
            if isinstance(roll, Ending):
                return roll
            events = self.game.play(roll)
            if self.on_events is not None:
                self.on_events(events)
            done, next_turn = split_next_turn(events)
            told = self.narrator.narrate_all(done)
            self.say(told)
            if self.after_turn is not None:
                self.after_turn(self.game)
            if self.between_turns is not None and not self.game.over:
                # The player's question comes right after their own move, before the
                # next turn is announced (and before anyone can roll again).
                self.between_turns(self.game, events)
            self.inputs.drop_rolls()  # presses during the announcement cut it short
            announced = self.narrator.narrate_all(next_turn)
            self.say(announced, remember=False)
            self.last_messages = told + announced  # r repeats the whole roll
        return Ending.FINISHED

    def _happened(self, events: Sequence[Event]) -> None:
        if self.on_events is not None:
            self.on_events(events)
        self.say(self.narrator.narrate_all(events))

    def _next_roll(self) -> int | Ending:
        seat = self.game.seats[self.game.current]
        if seat.computer:
            return self._computer_roll()
        self._prompt_once()
        inputs = self.inputs.for_seat(self.game.current)
        while True:
            command = inputs.next_command(self.settings.auto_roll)
            if command is None:
                # In a team, the child whose roll it was (the narrator knows whose it is).
                whose = self.narrator.whose_roll
                name = ((whose(self.game.current) if whose is not None else None)
                        or self.narrator.name(self.game.current))
                self.say([Message(self._("Time is up: rolling for {name}.").format(
                    name=name))], remember=False)
                return self.dice.roll()
            if command.action is Action.ROLL:
                return self.dice.roll()
            if command.action is Action.END:
                return Ending.INPUT_ENDED
            if command.action is Action.QUIT:
                if self._confirm_quit(inputs):
                    return Ending.QUIT
                continue
            self.handle(command)

    def _computer_roll(self) -> int | Ending:
        """A computer's roll after its pause; at a keyboard the keys work meanwhile (q too)."""
        try:
            source: CommandSource | None = self.inputs.for_seat(self.game.current)
        except LookupError:
            source = None
        if source is None or not source.interactive:
            if self.settings.pace:
                self.sleep(self.settings.pace)
            return self.dice.roll()
        deadline = time.monotonic() + self.settings.pace
        while True:
            command = source.next_command(max(0.0, deadline - time.monotonic()))
            if command is None:
                return self.dice.roll()
            if command.action is Action.END:
                return Ending.INPUT_ENDED
            if command.action is Action.QUIT:
                if self._confirm_quit(source):
                    return Ending.QUIT
            elif command.action is not Action.ROLL:  # a roll key only cut speech short
                self.handle(command)

    def _prompt_once(self) -> None:
        if not self._prompted and self.settings.key_hint:
            self._prompted = True
            self.say([Message(self._("Press Enter to roll the pasa, or h for help."))],
                     remember=False)

    def _confirm_quit(self, inputs: CommandSource) -> bool:
        self.say([Message(self._("Quit the game? Press y for yes or n for no."))], remember=False)
        while True:
            answer = inputs.next_command(None)
            if answer is None or answer.action in (Action.NO, Action.ROLL):
                self.say([Message(self._("Let us play on."))], remember=False)
                return False
            if answer.action in (Action.YES, Action.END):
                return True
            self.say([Message(self._("Please press y for yes or n for no."))], remember=False)

# Keys that keep their meaning during a question: reading back, exploring, rate, volume.
NOT_ANSWERS = frozenset({Action.PREVIOUS, Action.NEXT, Action.SQUARE_BEFORE,
                         Action.SQUARE_AFTER, Action.OWN_SQUARE, Action.SLOWER, Action.FASTER,
                         Action.QUIETER, Action.LOUDER})


class SeatChannel:
    """A seat's input as a lesson hears it: ``,`` and ``.`` read back past messages
    (questions included), and the exploring, rate and volume keys work; none is an answer."""

    def __init__(self, session: Session, seat: int) -> None:
        self.session = session
        self.source = session.inputs.for_seat(seat)
        self.interactive = self.source.interactive

    def next_command(self, timeout: float | None = None) -> Command | None:
        while True:
            command = self.source.next_command(timeout)
            if command is None or command.action not in NOT_ANSWERS:
                return command
            self.session.handle(command)


def split_next_turn(events: Sequence[Event]) -> tuple[list[Event], list[Event]]:
    """A roll's events, and the announcement of the turn that follows (said last)."""
    cut = len(events)
    while cut and isinstance(events[cut - 1], (TurnStarted, ExtraRoll)):
        cut -= 1
    return list(events[:cut]), list(events[cut:])


def help_messages(_: Callable[[str], str]) -> list[Message]:
    return [Message(text) for text in (
        _("Keys:"),
        _("Enter or Space: roll the pasa."),
        _("r: repeat the last message."),
        _("Comma and full stop: the message before and after, to read back."),
        _("w: where is everyone."),
        _("a: what is ahead of you, within six squares."),
        _("Square brackets: step along the board, square by square. Home: back to your "
          "square."),
        _("Minus and plus: slower or faster speech. Slash and star: quieter or louder."),
        _("h: this help."),
        _("q: quit, after you confirm."),
    )]
