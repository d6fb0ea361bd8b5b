"""Asking one question: up to three tries with a hint after each, then the answer.

Answers arrive as ``Command``s from the same inputs the game uses: an answer typed
on a line, typed key by key then Enter, or ``Command.answer(n)`` from voice. An
answer is digits in either script or number words (the game's language or
English), except where the question asks for digits (``Question.digits_only``): its
words, typed or said, would be the prompt copied, and are asked for again. Skipping has its own key (Escape) and word ("skip"); Enter or Space
alone never skip, so the roll key cannot throw a question away. A question waits
for its player: the --auto-roll timer is for rolls, not for thinking.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from snl_edu.inputs import gestures
from snl_edu.inputs.commands import Action, Command, Ear, InQuestion, answered_by_game
from snl_edu.inputs.gestures import Gestures
from snl_edu.inputs.typed import TypedAnswer
from snl_edu.language.localizer import Localizer, read_digits
from snl_edu.language.registry import skip_words
from snl_edu.lessons.number_words import MAX_DIGITS, read_number
from snl_edu.lessons.questions import Question
from snl_edu.outputs.console import MessageSink
from snl_edu.vocabulary import N_, AnswerRecord, Message

MAX_TRIES = 3
QUIT_WORDS = frozenset({"q", "quit", "exit"})
# Keys a game answers while its question is open and nothing is typed (w, a, h); the
# question stays open.
ANSWERED_BY_GAME = answered_by_game(InQuestion.GAME_UNTYPED)

# Said after any question (a count, a numeral read, a chance), so none names one kind.
PRAISE = (
    N_("Well done!"),
    N_("Yes, that is right!"),
    N_("Exactly right!"),
    N_("You got it!"),
    N_("Brilliant!"),
    N_("Right! Good thinking."),
)


class Inputs(Protocol):
    interactive: bool

    def next_command(self, timeout: float | None = None) -> Command | None: ...


class _Signal(Enum):
    SKIP = "skip"
    END = "end"
    REPEAT = "repeat"
    HELP = "help"
    UNCLEAR = "unclear"
    DIGITS = "digits"  # a number in words where the question asks for digits
    GAME_KEY = "game key"  # answered by the game; the question is still open


@dataclass(frozen=True)
class Outcome:
    question: Question
    correct: bool
    tries: int  # answers given (0 when skipped at once)
    given: int | None  # the last answer given
    skipped: bool
    seconds: float
    input_ended: bool = False

    def record(self) -> AnswerRecord:
        """The answer as a store keeps it (the child's own, or the teacher's at a table)."""
        question = self.question
        return AnswerRecord(
            kind=question.kind.value, level=question.level, question=question.prompt,
            expected=question.answer, given=self.given, correct=self.correct,
            tries=self.tries, skipped=self.skipped, seconds=self.seconds,
            focus=question.focus)


class Asker:
    """Asks questions through the game's inputs and outputs."""

    def __init__(self, loc: Localizer, inputs: Inputs, outputs: MessageSink,
                 rng: random.Random | None = None,
                 clock: Callable[[], float] = time.monotonic, ear: Ear | None = None) -> None:
        self.loc = loc
        self.ear = ear  # voice input is listening: what it hears may be said
        self._ = loc.gettext
        self.inputs = inputs
        self.outputs = outputs
        self.rng = rng or random.Random()
        self.clock = clock
        self._explained = False
        # The question waiting for an answer, if any: lets an input (voice
        # grammar, a test's pretend child) know a number is expected.
        self.asking: Question | None = None
        # How the child answers on her device, where it is not a terminal's keys (a page).
        self.gestures: Gestures | None = None

    def say(self, *texts: str, earcon: str | None = None) -> None:
        self.outputs.show_all([Message(text, earcon) for text in texts])

    def how_to_answer(self, question: Question | None = None) -> str:
        """Saying is offered only for what the ear hears: numbers (a model, not a child's
        taught commands; not where digits are asked for) and the skip word."""
        if self.gestures is not None:
            return gestures.how_to_answer(self.loc, self.gestures)
        ear = self.ear
        say_it = (ear is not None and ear.hears_numbers
                  and not (question and question.digits_only))
        say_skip = ear is not None and ear.phrase_for(Action.SKIP) is not None
        if say_it and say_skip:
            return self._("Type the number and press Enter, or say it. To skip, press Escape "
                          "or say skip.")
        if say_it:
            return self._("Type the number and press Enter, or say it. To skip, press Escape.")
        if say_skip:
            return self._("Type the number and press Enter. To skip, press Escape or say skip.")
        return self._("Type the number and press Enter. To skip, press Escape.")

    def ask(self, question: Question, intro: str | None = None,
            inputs: Inputs | None = None) -> Outcome:
        """Ask, listening to ``inputs`` (the asked player's seat) or else the asker's own."""
        own = self.inputs
        self.asking = question
        self.inputs = inputs or own
        try:
            return self._ask(question, intro)
        finally:
            self.asking = None
            self.inputs = own

    def _ask(self, question: Question, intro: str | None) -> Outcome:
        _ = self._
        texts = [intro] if intro else []
        texts.append(question.prompt)
        if not self._explained:
            texts.append(self.how_to_answer(question))
            self._explained = True
        self.say(*texts)
        started = self.clock()
        tries = 0
        given: int | None = None
        while tries < MAX_TRIES:
            reply = self._read_answer()
            if reply is _Signal.REPEAT:
                self.say(question.prompt)
                continue
            if reply is _Signal.HELP:
                self.say(self.how_to_answer(question))
                continue
            if reply is _Signal.DIGITS:
                # Neither right nor wrong: the words may be the prompt's own, copied.
                self.say(_("Please type this one in digits, like {digits}.").format(
                    digits=", ".join(self.loc.number(digit) for digit in (1, 2, 3))))
                continue
            if reply is _Signal.UNCLEAR:
                self.say(_("Please answer with a number, then press Enter. To skip, press "
                           "Escape."))
                continue
            if reply is _Signal.SKIP or reply is _Signal.END:
                if reply is _Signal.SKIP:
                    self.say(_("That is fine, we will skip this one. The answer was {answer}.")
                             .format(answer=self.loc.number(question.answer)))
                return Outcome(question, False, tries, given, True, self.clock() - started,
                               input_ended=reply is _Signal.END)
            if question.choices and reply not in question.choices:
                self.say(self._choose(question.choices))
                continue
            assert isinstance(reply, int), reply  # _read_answer answers the game's own keys
            given = reply
            tries += 1
            if given == question.answer:
                self.say(_(self.rng.choice(PRAISE)), earcon="ladder")
                return Outcome(question, True, tries, given, False, self.clock() - started)
            if tries < MAX_TRIES:
                self.say(self._nudge(question, given), question.hints[
                    min(tries - 1, len(question.hints) - 1)])
        self.say(_("Good try! The answer is {answer}.").format(
            answer=self.loc.number(question.answer)), question.reveal)
        return Outcome(question, False, tries, given, False, self.clock() - started)

    def _choose(self, choices: tuple[int, ...]) -> str:
        """What the answers may be, said when one that is not among them was given."""
        low, high = min(choices), max(choices)
        if len(choices) > 2 and len(choices) == high - low + 1:
            return self._("Please type a number from {low} to {high}.").format(
                low=self.loc.number(low), high=self.loc.number(high))
        first, *rest = choices
        return self._("Please choose {first} or {second}.").format(
            first=self.loc.number(first), second=self.loc.join(self.loc.number(c) for c in rest))

    def _nudge(self, question: Question, given: int) -> str:
        """Warm, and a fair clue where "bigger" or "smaller" means something; a wrong
        answer the question foresaw (the square a ladder took the child to) is told
        what it is instead."""
        _ = self._
        mistaken = dict(question.mistaken)
        if given in mistaken:
            return mistaken[given]
        values = {"given": self.loc.number(given)}
        if not question.ordered:
            return _("Not quite, try again.")
        if question.answer > given:
            return _("Not quite: the answer is bigger than {given}.").format(**values)
        return _("Not quite: the answer is smaller than {given}.").format(**values)

    def _read_answer(self) -> int | _Signal:
        """One answer: voice numbers whole, typed lines whole, single keys until Enter."""
        typed = TypedAnswer(self._echo, self.loc.number)
        while True:
            command = self.inputs.next_command(None)
            if command is None:
                continue
            if command.action is Action.ANSWER and command.number is not None:
                if self._words_for_digits(command.text):
                    return _Signal.DIGITS  # said aloud: words, not digits
                return command.number
            if command.action is Action.END:
                return _Signal.END
            if command.action is Action.SKIP:
                return _Signal.SKIP
            if not self.inputs.interactive or _whole(command):
                reply = self._understand(command.text, command)
                if reply is _Signal.GAME_KEY:
                    continue
                return reply
            if not typed.text and command.action is Action.REPEAT:
                return _Signal.REPEAT  # r: the question is the last thing said
            if not typed.text and self._game_key(command):
                continue  # w, a, h: the game answers them, the question stays open
            if command.text == "?" and not typed.text:
                return _Signal.HELP
            answer = typed.take(command.text)
            if answer is not None:
                # Enter alone: hear the question again, never a skip.
                return self._understand(answer, None) if answer else _Signal.REPEAT

    def _echo(self, text: str) -> None:
        """What is typed, shown as typed (the terminal does not echo in single-key mode)."""
        echo = getattr(self.outputs, "echo", None)
        if echo is not None:
            echo(text)

    def _understand(self, text: str, command: Command | None) -> int | _Signal:
        words = " ".join(text.split()).casefold()
        if words in skip_words():
            return _Signal.SKIP
        if self._copied(text):
            return _Signal.DIGITS
        number = read_number(text, self.loc, self.asking.answer if self.asking else 0)
        if number is not None:
            return _Signal.DIGITS if self._words_for_digits(text) else number
        if words in QUIT_WORDS:
            return _Signal.SKIP
        if command is not None and not words:
            return _Signal.REPEAT  # an empty line in a script: the question again
        if command is not None and command.action is Action.REPEAT:
            return _Signal.REPEAT
        if command is not None and self._game_key(command):
            return _Signal.GAME_KEY
        if command is not None and command.action is Action.HELP:
            return _Signal.HELP
        return _Signal.UNCLEAR

    def _words_for_digits(self, text: str) -> bool:
        """A number not in digits, where the open question asks for digits."""
        return (self.asking is not None and self.asking.digits_only
                and read_digits(text, MAX_DIGITS) is None)

    def _copied(self, text: str) -> bool:
        """The numeral the prompt shows, typed back in the script it is shown in: copied,
        not read (said aloud, the number was read: voice answers are not asked this)."""
        question = self.asking
        return (question is not None and question.copy is not None
                and text.strip() == question.copy != self.loc.number(question.answer))

    def _game_key(self, command: Command) -> bool:
        """Where everyone is, what lies ahead, the game's help: said by the game while
        the question stays open, when the inputs are a game's seat (``handle``)."""
        handle = getattr(self.inputs, "handle", None)
        if handle is None or command.action not in ANSWERED_BY_GAME:
            return False
        handle(command)
        return True


def _whole(command: Command) -> bool:
    """A command said (voice) at a terminal, not a key of a typed answer: understood whole
    ("yes" or "roll the dice" is told what a question wants, never dropped key by key)."""
    return len(command.text) > 1 and not command.text.startswith("\x1b")
