"""The turn loop: asks the seat due to play, plays rolls, narrates, and tells outputs.

Everything the game says goes through its ``Listener`` (lessons too, through
``session.listener`` and ``channel``), so the review keys and ``r`` cover all of it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from snl_edu.engine import Game
from snl_edu.engine.events import Event, Rolled
from snl_edu.inputs.commands import Action, CommandSource
from snl_edu.inputs.dice import Dice
from snl_edu.inputs.seat_inputs import SeatInputs
from snl_edu.outputs.console import Outputs
from snl_edu.play.counting import GoKeys
from snl_edu.play.listener import Listener, QuestionInput
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


class Session:
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
        # What the player hears and the keys that answer from it (lessons say through it).
        self.listener = Listener(self._, outputs, game, narrator)
        self.listener.wait = sleep  # the pauses of a child's go (snl_edu.play.counting)
        self._prompted = False
        self._quitting = False  # a quit confirmed during a lesson's question

    def channel(self, seat: int) -> QuestionInput:
        """Listen to one seat's input, answering review keys on the way (for lessons): the
        seat's question is open, so its keys describe its player's token."""
        return QuestionInput(self.inputs.for_seat(seat), self.listener, self._confirm_quit, seat)

    def run(self) -> Ending:
        self._happened(self.game.opening())
        while not self.game.over:
            if self._quitting:  # confirmed in the question asked again at the start
                return Ending.QUIT
            roll = self._next_roll()
            if isinstance(roll, Ending):
                return roll
            events = self.game.play(roll)
            if self.on_events is not None:
                self.on_events(events)
            call_next_turn = self.listener.roll(events, self._go_keys(events))
            if self._quitting:  # confirmed during her go
                return Ending.QUIT
            if self.after_turn is not None:
                self.after_turn(self.game)
            if self.between_turns is not None and not self.game.over:
                # The player's question comes right after their own move, before the
                # next turn is announced (and before anyone can roll again). A second
                # Enter pressed with the roll is not an Enter in the question (it would
                # ask it again at once, without how to answer).
                self.inputs.drop_rolls()
                self.between_turns(self.game, events)
                if self._quitting:
                    return Ending.QUIT
            call_next_turn()
            # A press belongs to the turn said before it: one made while this roll and the
            # next turn were said (a cut-short sentence, the computer's move) rolls nothing.
            self.inputs.drop_rolls()
        return Ending.FINISHED

    def _go_keys(self, events: Sequence[Event]) -> GoKeys | None:
        """The roller's keys for her go (the listener asks the teacher whether it is hers):
        a child at a keyboard, not a computer player or a piped script, which replays as
        written."""
        rolled = next((e for e in events if isinstance(e, Rolled)), None)
        if rolled is None or self.game.seats[rolled.seat].computer:
            return None
        keys = self.channel(rolled.seat)
        if not keys.interactive:
            return None
        self.inputs.drop_rolls()  # a second press made with the roll is not a step
        return GoKeys(keys, lambda: self._confirm_quit(keys.source), self.settings.auto_roll)

    def _happened(self, events: Sequence[Event]) -> None:
        if self.on_events is not None:
            self.on_events(events)
        self.listener.say(self.narrator.narrate_all(events))

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
                self.listener.say([Message(self._("Time is up: rolling for {name}.").format(
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
            self.listener.handle(command)

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
                self.listener.handle(command)

    def _prompt_once(self) -> None:
        if not self._prompted and self.settings.key_hint:
            self._prompted = True
            self.listener.say([Message(self._("Press Enter to roll the pasa, or h for help."))],
                     remember=False)

    def _confirm_quit(self, inputs: CommandSource) -> bool:
        said = self.listener.said_yes_and_no()
        question = (self._("Quit the game? Press y for yes or n for no.") if said is None
                    else self._("Quit the game? Press y or say {yes} for yes, or n or say {no} "
                                "for no.").format(yes=said[0], no=said[1]))
        self._quitting = self.listener.confirm(question, inputs)
        return self._quitting
