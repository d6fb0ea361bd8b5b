"""The turn loop: asks the seat due to play, plays rolls, narrates, and tells outputs.

Everything the game says goes through ``Session.say`` (lessons too, through
``show_all`` and ``channel``), so the review keys and ``r`` cover all of it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from snl_edu.commands import Action, Command, CommandSource
from snl_edu.dice import Dice
from snl_edu.engine import Game
from snl_edu.engine.events import Event
from snl_edu.narration import Narrator
from snl_edu.outputs import Outputs
from snl_edu.review import MessageReview
from snl_edu.seat_inputs import SeatInputs
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


class Session:
    def __init__(self, game: Game, narrator: Narrator, outputs: Outputs,
                 inputs: SeatInputs | CommandSource,
                 dice: Dice, settings: SessionSettings | None = None,
                 after_turn: Callable[[Game], None] | None = None,
                 between_turns: Callable[[Game, Sequence[Event]], None] | None = None,
                 sleep: Callable[[float], None] = time.sleep) -> None:
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

    def channel(self, seat: int) -> SeatChannel:
        """Listen to one seat's input, answering review keys on the way (for lessons)."""
        return SeatChannel(self, seat)

    def run(self) -> Ending:
        self.say(self.narrator.narrate_all(self.game.opening()))
        while not self.game.over:
            roll = self._next_roll()
            if isinstance(roll, Ending):
                return roll
            events = self.game.play(roll)
            self.say(self.narrator.narrate_all(events))
            if self.after_turn is not None:
                self.after_turn(self.game)
            if self.between_turns is not None and not self.game.over:
                self.between_turns(self.game, events)
        return Ending.FINISHED

    def _next_roll(self) -> int | Ending:
        seat = self.game.seats[self.game.current]
        if seat.computer:
            if self.settings.pace:
                self.sleep(self.settings.pace)
            return self.dice.roll()
        self._prompt_once()
        inputs = self.inputs.for_seat(self.game.current)
        while True:
            command = inputs.next_command(self.settings.auto_roll)
            if command is None:
                self.say([Message(self._("Time is up: rolling for {name}.").format(
                    name=seat.name))], remember=False)
                return self.dice.roll()
            if command.action is Action.ROLL:
                return self.dice.roll()
            if command.action is Action.END:
                return Ending.INPUT_ENDED
            if command.action is Action.QUIT and self._confirm_quit(inputs):
                return Ending.QUIT
            self._answer(command)

    def _prompt_once(self) -> None:
        if not self._prompted:
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

    def _answer(self, command: Command) -> None:
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
                self.say(self.narrator.ahead(self.game, self.game.current), remember=False)
            case Action.HELP:
                self.say(help_messages(self._), remember=False)
            case Action.YES | Action.NO:
                pass
            case _:
                self.say([Message(self._("I did not understand {text}. Press h for help.").format(
                    text=repr(command.text)))], remember=False)


class SeatChannel:
    """A seat's input as a lesson hears it: ``,`` and ``.`` read back past messages
    (questions included) and are not answers."""

    def __init__(self, session: Session, seat: int) -> None:
        self.session = session
        self.source = session.inputs.for_seat(seat)
        self.interactive = self.source.interactive

    def next_command(self, timeout: float | None = None) -> Command | None:
        while True:
            command = self.source.next_command(timeout)
            if command is None or command.action not in (Action.PREVIOUS, Action.NEXT):
                return command
            self.session._answer(command)


def help_messages(_: Callable[[str], str]) -> list[Message]:
    return [Message(text) for text in (
        _("Keys:"),
        _("Enter or Space: roll the pasa."),
        _("r: repeat the last message."),
        _("Comma and full stop: the message before and after, to read back."),
        _("w: where is everyone."),
        _("a: what is ahead of you, within six squares."),
        _("h: this help."),
        _("q: quit, after you confirm."),
    )]
