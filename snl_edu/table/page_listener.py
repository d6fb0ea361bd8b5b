"""What a seat's page hears: the table's narration, shortened for the page (another child's
move in one line, whose turn in the status line, her question in its own box)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from snl_edu.engine.events import Event, ExtraRoll, GameOver, TurnStarted, Won
from snl_edu.inputs.commands import Action, Command
from snl_edu.play.counting import GoKeys
from snl_edu.play.listener import LineSink, Listener
from snl_edu.table import page_lines
from snl_edu.vocabulary import Message

if TYPE_CHECKING:
    from snl_edu.lessons.teacher import Teacher
    from snl_edu.table.page_link import PageLink


class PageListener(Listener):
    """The seat's listener. The child's question is shown in a box of its own on the page,
    said there once: never in the log, nor asked again below what the table says meanwhile
    (the box keeps it in view). The page hears when it opens and when it is over
    (answered, skipped or put aside)."""

    asks_again = False

    def __init__(self, gettext: Callable[[str], str], sink: LineSink, link: PageLink) -> None:
        super().__init__(gettext, sink)
        self.link = link
        self.asked: Callable[[], str | None] = lambda: None  # the prompt being asked now
        self.page_help: list[Message] = []
        self.box_open = False

    def say(self, messages: list[Message], remember: bool = True, review: bool = True) -> None:
        prompt = self.asked()
        if prompt is None or all(line.text != prompt for line in messages):
            super().say(messages, remember, review)
            return
        self.review.add(messages)  # , and . still read it back
        self.box_open = True
        self.link.question(messages)

    def handle(self, command: Command, asked: int | None = None) -> None:
        """The page's help tells the page's buttons, not a terminal's keys."""
        if command.action is Action.HELP and self.page_help:
            self.say(self.page_help, remember=False)
        else:
            super().handle(command, asked)

    def roll(self, events: Sequence[Event], keys: GoKeys | None = None) -> Callable[[], None]:
        """Another child's move: one short line on the page, not its whole narration; whose
        turn comes next is in the status line, not said."""
        seat = page_lines.mover(events)
        if seat is None or seat == self.seat or self.narrator is None \
                or any(isinstance(event, (Won, GameOver)) for event in events):  # for all
            call_next_turn = super().roll(events, keys)
        else:
            short = self.narrator.move_line(events)  # the narrator's own, in one line
            with self.link.others():
                call_next_turn = super().roll(events)
            if short is not None:
                self.link.line(short, "short")

        again = any(isinstance(event, ExtraRoll) and event.seat == self.seat
                    for event in events)  # her six: "rolls again" is hers

        def next_turn() -> None:
            with contextlib.nullcontext() if again else self.link.others():
                call_next_turn()
            self.whose_turn(events)

        return next_turn

    def whose_turn(self, events: Sequence[Event]) -> None:
        """The page's status line, which always holds whose turn it is."""
        turns = [event for event in events if isinstance(event, TurnStarted)]
        if self.game is not None and self.game.over:
            self.link.send({"type": "whose", "text": ""})  # nobody's: the places say the end
        elif turns and self.narrator is not None:
            lines = self.narrator.narrate(turns[-1])
            self.link.send({"type": "whose", "text": lines[0].text if lines else ""})

    def answered(self) -> None:
        super().answered()
        if self.box_open:
            self.box_open = False
            self.link.send({"type": "ask", "open": False})


def asking_now(teacher: Teacher) -> str | None:
    asker = teacher.asker
    return asker.asking.prompt if asker is not None and asker.asking is not None else None
