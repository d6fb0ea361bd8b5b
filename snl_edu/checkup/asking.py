"""One check-up, asked and answered: every task in turn, each answer timed.

Seen or heard: a seeing child moves a marker drawn on a text line; a child who
listens hears the marker as a tone (snl_edu.checkup.tone), told in words where it
is, and the numbers as words. The marker starts at a random place (the middle would
score an Enter at once as a fair guess) and moves one step a key, so a held arrow
moves it at the keyboard's constant repeat rate: no steps of ten, which would turn
placing into sums. At a keyboard with no tone to hear and no line to see, the line
is not measured: typing where a number goes would only copy the number. Digits and
Enter answer, Enter alone asks again; Escape (or ``s``) skips (not knowing is fine),
as Escape skips a question in the game.
Piped input (a script, a test) gives one answer per line: an estimate from 0 to
100, a number, or y/n for the grown-up's verdict on a numeral named aloud; an
empty line skips. An answer that is none of those is asked for again.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from snl_edu.checkup import tone
from snl_edu.checkup.items import LINE_END, Item, Task
from snl_edu.inputs.commands import Action, Command, CommandSource
from snl_edu.inputs.typed import TypedAnswer
from snl_edu.language.localizer import Localizer, read_digits
from snl_edu.store.checkups import CheckupAnswer
from snl_edu.vocabulary import N_

# Arrow keys as the keyboard hands them over: each escape sequence whole.
ARROWS = {"\x1b[C": 1, "\x1bOC": 1, "\x1b[D": -1, "\x1bOD": -1}
LINE_WIDTH = 50  # characters for 0..100 on a text line
ANSWER_DIGITS = 3  # every answer is 100 or less


def marker_starts(seed: int, form: int) -> random.Random:
    """Where a check-up's number-line markers start: random, the same for its seed."""
    return random.Random(f"checkup-start:{seed}:{form}")


class CheckupStopped(Exception):
    """The child or the grown-up quit: ``finished`` holds the answers of the tasks
    answered to the end (a task half done says nothing, so it is not kept)."""

    def __init__(self, finished: Sequence[CheckupAnswer] = ()) -> None:
        super().__init__()
        self.finished = tuple(finished)


class _Again(Exception):
    """Enter alone on a typed answer: the question is asked again."""


@dataclass
class CheckupIO:
    say: Callable[[str], None]  # a sentence: printed, and spoken when speech is on
    keys: CommandSource
    by_ear: bool
    # The number line redrawn in place for a seeing child; None where no line may be
    # redrawn (snl_edu.outputs.plain_text).
    draw: Callable[[str], None] | None
    echo: Callable[[str], None]  # keys typed as an answer, shown as typed
    tone: Callable[[np.ndarray], None] | None = None  # stereo samples to play

    @property
    def line_unmeasured(self) -> bool:
        """At a keyboard, a line neither heard (no tone) nor seen (no redraw) is not
        measured: typing where 42 goes is typing 42."""
        return self.keys.interactive and self.typed_line

    @property
    def typed_line(self) -> bool:
        """The number line is typed, not moved: piped input, by ear with no sound, or
        seen where the line cannot be redrawn."""
        return not self.keys.interactive or (
            self.tone is None if self.by_ear else self.draw is None)


def line_picture(position: int, number: Callable[[int], str] = str) -> str:
    """The line drawn with the dot on it; its ends in the check-up's digits (``number``)."""
    cell = round(position * (LINE_WIDTH - 1) / LINE_END)
    track = "".join("●" if i == cell else "─" for i in range(LINE_WIDTH))
    return f"{number(0)} ├{track}┤ {number(LINE_END)}"


class _Asker:
    def __init__(self, io: CheckupIO, loc: Localizer, rng: random.Random) -> None:
        self.io = io
        self.loc = loc
        self.rng = rng  # where each marker starts

    def key(self) -> str:
        """One key from the terminal (an arrow key arrives whole); 'q' stops."""
        text = self._text(self.io.keys.next_command(None))
        if text.lower() == "q":
            raise CheckupStopped
        return text

    def line(self) -> str | None:
        """A typed answer, None when skipped: a whole line when piped (empty: skip);
        digits and Enter on a terminal (Escape or s: skip; Enter alone: _Again)."""
        if not self.io.keys.interactive:
            text = self._text(self.io.keys.next_command(None)).strip()
            if text.lower() == "q":
                raise CheckupStopped
            return None if text.lower() in ("", "s") else text
        typed = TypedAnswer(self.io.echo, self.loc.number,
                            lambda key: key.isdigit() or key.lower() in ("s", "y", "n"))
        while True:
            key = self.key()
            if key == "\x1b":  # Escape: skip, as in the game's questions
                return None
            answer = typed.take(key)
            if answer == "":
                raise _Again
            if answer is not None:
                return None if answer.lower() == "s" else answer

    @staticmethod
    def _text(command: Command | None) -> str:
        if command is None or command.action is Action.END:
            raise CheckupStopped
        if command.action is Action.ROLL and command.text in ("", " "):
            return "\n" if command.text == "" else " "
        return command.text

    @staticmethod
    def number(text: str) -> int | None:
        return read_digits(text, ANSWER_DIGITS)

    def answer(self, question: str, fits: Callable[[str], bool], again: str) -> str | None:
        """Ask until the answer ``fits`` or is skipped; ``again`` says what fits."""
        self.io.say(question)
        while True:
            try:
                text = self.line()
            except _Again:
                self.io.say(question)
                continue
            if text is None or fits(text):
                return text
            self.io.say(again)

    def place(self, item: Item) -> float | None:
        """The number line: where the child puts the number (None: skipped)."""
        if self.io.typed_line:
            text = self.answer(self._where_prompt(item), lambda t: self._placed(t) is not None,
                               self.loc.gettext("Please type a number from {low} to {high}.")
                               .format(low=self.loc.number(0), high=self.loc.number(LINE_END)))
            return None if text is None else self._placed(text)
        self.io.say(self._where_prompt(item))
        position = self.rng.randint(0, LINE_END)
        self._show_marker(position)
        while True:
            key = self.key()
            if key in ("\r", "\n", " "):
                self._hide_marker()
                return float(position)
            if key.lower() == "s" or key == "\x1b":
                self._hide_marker()
                return None
            if key.lower() == "r":
                self.io.say(self._where_prompt(item))
                if self.io.tone:
                    self.io.tone(tone.anchors())
            step = ARROWS.get(key, 0)
            if step:
                position = min(max(position + step, 0), LINE_END)
                self._show_marker(position)
                if self.io.by_ear:
                    self.io.say(where_words(position, self.loc))

    def _placed(self, text: str) -> float | None:
        number = self.number(text)
        return float(number) if number is not None and number <= LINE_END else None

    def _show_marker(self, position: int) -> None:
        if self.io.tone:
            self.io.tone(tone.stereo_tone(position))
        elif self.io.draw:
            self.io.draw(line_picture(position, self.loc.number))

    def _hide_marker(self) -> None:
        if self.io.draw and not self.io.by_ear:  # by ear nothing was drawn, nor cleared
            self.io.draw("")

    def _where_prompt(self, item: Item) -> str:
        return self.loc.gettext("Where does {number} go?").format(
            number=self.loc.number(item.numbers[0]))


def where_words(position: int, loc: Localizer) -> str:
    """Where the marker is, in words about as sharp as a glance at the drawn line: a
    listening child knows where the dot is without being told its number."""
    _ = loc.gettext
    if position <= 0:
        return _("At the left end, {number}.").format(number=loc.number(0))
    if position >= LINE_END:
        return _("At the right end, {number}.").format(number=loc.number(LINE_END))
    for top, words in ((19, N_("Near the left end.")), (44, N_("Left of the middle.")),
                       (49, N_("Just left of the middle.")), (50, N_("In the middle.")),
                       (55, N_("Just right of the middle.")), (80, N_("Right of the middle."))):
        if position <= top:
            return _(words)
    return _("Near the right end.")


def run_checkup(items: list[Item], io: CheckupIO, loc: Localizer,
                clock: Callable[[], float] = time.monotonic,
                rng: random.Random | None = None) -> list[CheckupAnswer]:
    """Ask every item; the answers in the order asked (none for a line not measured).
    Stopped (q, the end of the input, Ctrl-C): ``CheckupStopped`` with the answers of
    the tasks finished. ``rng``: where each number-line marker starts."""
    ask = _Asker(io, loc, rng or random.Random())
    answers: list[CheckupAnswer] = []
    finished = 0  # answers of whole tasks
    current: Task | None = None
    try:
        for item in items:
            if item.task is Task.NUMBER_LINE and io.line_unmeasured:
                continue  # said before the check-up began; the report says it too
            if item.task is not current:
                current, finished = item.task, len(answers)
                io.say(_introduction(item.task, io, loc))
                if item.task is Task.NUMBER_LINE and not io.typed_line and io.tone:
                    io.tone(tone.anchors())
            started = clock()
            given = _given(item, ask, io, loc)
            answers.append(CheckupAnswer(item.task.value, item.numbers, item.answer, given,
                                         clock() - started))
    except (CheckupStopped, KeyboardInterrupt) as stop:
        raise CheckupStopped(answers[:finished]) from stop
    return answers


def _given(item: Item, ask: _Asker, io: CheckupIO, loc: Localizer) -> float | None:
    """One item's answer (None: skipped), asked again until it is one the item takes."""
    _ = loc.gettext
    if item.task is Task.NUMBER_LINE:
        return ask.place(item)
    if item.task is Task.NUMERAL and not io.by_ear:
        io.say(_("What number is this? {number}").format(number=loc.number(item.answer)))
        verdict = ask.answer(_("Grown-up: did the child name it right? Type y or n."),
                             lambda t: t.lower() in ("y", "n"), _("Please type y or n."))
        return None if verdict is None else (
            float(item.answer) if verdict.lower() == "y" else -1.0)
    if item.task is Task.COMPARE:
        first, second = item.numbers
        again = _("Please choose {first} or {second}.").format(
            first=loc.number(first), second=loc.number(second))
        text = ask.answer(_question(item, io, loc), lambda t: ask.number(t) in item.numbers,
                          again)
    else:
        text = ask.answer(_question(item, io, loc), lambda t: ask.number(t) is not None,
                          _("Please type a number, then press Enter."))
    return None if text is None else float(ask.number(text) or 0)


def _introduction(task: Task, io: CheckupIO, loc: Localizer) -> str:
    _ = loc.gettext
    if task is Task.NUMBER_LINE:
        if io.typed_line:
            return _("A line goes from 0 at the left to 100 at the right. Type where each "
                     "number belongs on it, from 0 to 100.")
        if io.by_ear:
            return _("A line goes from 0 to 100: 0 is a low sound on the left, 100 a high "
                     "sound on the right. The sound starts somewhere new each time: move it "
                     "with the left and right arrow keys (hold one to keep it moving), and "
                     "press Enter where the number belongs. R plays both ends again; "
                     "Escape skips.")
        return _("A line goes from 0 to 100. The dot starts somewhere new each time: move it "
                 "with the left and right arrow keys (hold one to keep it moving), and press "
                 "Enter where the number belongs; Escape skips.")
    if task is Task.COMPARE:
        return _("Which number is bigger? Type it and press Enter.")
    if task is Task.COUNT_ON:
        # No token stands on the board in a check-up: each item names the square imagined.
        return _("Imagine your token on a square, then count on as in the game.")
    if io.by_ear:
        return _("Listen to a number, then type it with the number keys and press Enter.")
    return _("Now say each number aloud.")


def _question(item: Item, io: CheckupIO, loc: Localizer) -> str:
    _ = loc.gettext
    if item.task is Task.COMPARE:
        first, second = item.numbers
        return _("Which is bigger: {first} or {second}?").format(
            first=loc.number(first), second=loc.number(second))
    if item.task is Task.COUNT_ON:
        start, roll = item.numbers
        # Nobody stands on a square in a check-up: the token is imagined, and says so.
        return _("Imagine your token is on {square} and you roll {roll}. Where does it "
                 "land?").format(
            square=loc.number(start), roll=loc.number(roll))
    return _("Type this number: {words}.").format(words=loc.words(item.answer))
