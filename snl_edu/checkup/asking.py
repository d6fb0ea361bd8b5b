"""One check-up, asked and answered: every task in turn, each answer timed.

Seen or heard: a seeing child moves a marker drawn on a text line; a child who
listens hears the marker as a tone (snl_edu.checkup.tone) and the numbers as
words. The keys: arrows move the marker (up and down by ten), Enter places it;
digits and Enter answer; Enter alone, Escape or ``s`` skips (not knowing is fine),
as Escape skips a question in the game.
Piped input (a script, a test) gives one answer per line: an estimate from 0 to
100, a number, or y/n for the grown-up's verdict on a numeral named aloud.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from snl_edu.checkup import tone
from snl_edu.checkup.items import LINE_END, Item, Task
from snl_edu.inputs.commands import Action, Command, CommandSource
from snl_edu.language.localizer import Localizer
from snl_edu.store.checkups import CheckupAnswer

# Arrow keys as the keyboard hands them over: each escape sequence whole.
ARROWS = {"\x1b[C": 1, "\x1bOC": 1, "\x1b[D": -1, "\x1bOD": -1,
          "\x1b[A": 10, "\x1bOA": 10, "\x1b[B": -10, "\x1bOB": -10}
LINE_WIDTH = 50  # characters for 0..100 on a text line
START = 50  # where the marker starts: the middle, no hint either way


class CheckupStopped(Exception):
    """The child or the grown-up quit; nothing is saved."""


@dataclass
class CheckupIO:
    say: Callable[[str], None]  # a sentence: printed, and spoken when speech is on
    keys: CommandSource
    by_ear: bool
    draw: Callable[[str], None]  # the number line redrawn in place (a seeing child)
    tone: Callable[[np.ndarray], None] | None = None  # stereo samples to play


def line_picture(position: int) -> str:
    cell = round(position * (LINE_WIDTH - 1) / LINE_END)
    track = "".join("●" if i == cell else "─" for i in range(LINE_WIDTH))
    return f"0 ├{track}┤ 100"


class _Asker:
    def __init__(self, io: CheckupIO, loc: Localizer) -> None:
        self.io = io
        self.loc = loc

    def key(self) -> str:
        """One key from the terminal (an arrow key arrives whole); 'q' stops."""
        text = self._text(self.io.keys.next_command(None))
        if text.lower() == "q":
            raise CheckupStopped
        return text

    def line(self) -> str:
        """A typed answer: a whole line when piped; digits and Enter on a terminal."""
        if not self.io.keys.interactive:
            text = self._text(self.io.keys.next_command(None)).strip()
            if text.lower() == "q":
                raise CheckupStopped
            return text
        typed = ""
        while True:
            key = self.key()
            if key in ("\r", "\n"):
                self.io.draw("")
                return typed
            if key == "\x1b":  # Escape: skip, as in the game's questions
                self.io.draw("")
                return ""
            if key in ("\x7f", "\b"):
                typed = typed[:-1]
            elif key.isdigit() or key.lower() in ("s", "y", "n"):
                typed += key
            self.io.draw(typed)

    @staticmethod
    def _text(command: Command | None) -> str:
        if command is None or command.action is Action.END:
            raise CheckupStopped
        if command.action is Action.ROLL and command.text in ("", " "):
            return "\n" if command.text == "" else " "
        return command.text

    def number(self, text: str) -> int | None:
        digits = text.translate(str.maketrans("०१२३४५६७८९", "0123456789"))
        return int(digits) if digits.isdigit() and len(digits) <= 3 else None

    def place(self, item: Item) -> float | None:
        """The number line: where the child puts the number (None: skipped)."""
        if not self.io.keys.interactive:
            return self._placed(self.line())
        position = START
        self._show_marker(position)
        while True:
            key = self.key()
            if key in ("\r", "\n", " "):
                self.io.draw("")
                return float(position)
            if key.lower() == "s" or key == "\x1b":
                self.io.draw("")
                return None
            if key.lower() == "r":
                self.io.say(self._where_prompt(item))
                if self.io.tone:
                    self.io.tone(tone.anchors())
            step = ARROWS.get(key, 0)
            if step:
                position = min(max(position + step, 0), LINE_END)
                self._show_marker(position)

    def _placed(self, text: str) -> float | None:
        number = self.number(text)
        return float(number) if number is not None and number <= LINE_END else None

    def _show_marker(self, position: int) -> None:
        if self.io.by_ear:
            if self.io.tone:
                self.io.tone(tone.stereo_tone(position))
        else:
            self.io.draw(line_picture(position))

    def _where_prompt(self, item: Item) -> str:
        return self.loc.gettext("Where does {number} go?").format(
            number=self.loc.number(item.numbers[0]))


def run_checkup(items: list[Item], io: CheckupIO, loc: Localizer,
                clock: Callable[[], float] = time.monotonic) -> list[CheckupAnswer]:
    """Ask every item; the answers in the order asked."""
    _ = loc.gettext
    ask = _Asker(io, loc)
    answers: list[CheckupAnswer] = []
    current: Task | None = None
    for item in items:
        if item.task is not current:
            current = item.task
            io.say(_introduction(item.task, io, loc))
            if item.task is Task.NUMBER_LINE and io.by_ear and io.tone:
                io.tone(tone.anchors())
        started = clock()
        given: float | None
        if item.task is Task.NUMBER_LINE:
            io.say(ask._where_prompt(item))
            given = ask.place(item)
        elif item.task is Task.NUMERAL and not io.by_ear:
            io.say(_("What number is this? {number}").format(number=loc.number(item.answer)))
            io.say(_("Grown-up: did the child name it right? Type y or n."))
            verdict = ask.line().lower()[:1]
            given = None if verdict not in ("y", "n") else (
                float(item.answer) if verdict == "y" else -1.0)
        else:
            io.say(_question(item, io, loc))
            number = ask.number(ask.line())
            given = None if number is None else float(number)
        answers.append(CheckupAnswer(item.task.value, item.numbers, item.answer, given,
                                     clock() - started))
    return answers


def _introduction(task: Task, io: CheckupIO, loc: Localizer) -> str:
    _ = loc.gettext
    if task is Task.NUMBER_LINE:
        if not io.keys.interactive:
            return _("A line goes from 0 at the left to 100 at the right. Type where each "
                     "number belongs on it, from 0 to 100.")
        if io.by_ear:
            return _("A line goes from 0 to 100: 0 is a low sound on the left, 100 a high "
                     "sound on the right. Move the sound with the arrow keys, up and down "
                     "jump by ten, and press Enter where the number belongs. R plays both "
                     "ends again.")
        return _("A line goes from 0 to 100. Move the dot with the arrow keys, up and down "
                 "jump by ten, and press Enter where the number belongs.")
    if task is Task.COMPARE:
        return _("Which number is bigger? Type it and press Enter.")
    if task is Task.COUNT_ON:
        return _("Count on from your square, like in the game.")
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
        return _("You are on {square} and roll {roll}. Where do you land?").format(
            square=loc.number(start), roll=loc.number(roll))
    return _("Type this number: {words}.").format(words=loc.words(item.answer))
