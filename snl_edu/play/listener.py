"""What one player hears and answers, written once for every front end.

A front end (``Session`` on one computer, ``TableClient`` at a child's computer at the
table, a browser seat) owns one ``Listener`` per player and keeps to this contract:

- **Out**: every line goes to the listener's ``sink``, anything with ``show_all(messages)``
  and ``echo(text)`` (``LineSink``): a terminal's ``Outputs``, a socket, a web page. The
  listener never asks which; it sends whole blocks, one at a time, from any thread.
- **What the game says**: ``say`` (``r`` repeats it, ``,`` and ``.`` read it back);
  ``show_all`` (a lesson's lines: read back, while ``r`` still repeats the roll);
  ``roll(events)`` says a roll's moves and returns the step that calls the next turn, for
  the front end to take after the move's lessons; ``news`` says what happens meanwhile (a
  pause, a warning, other players' moves), and then the open question again;
  ``with meanwhile():`` gathers several lines (a move and its card) under one asking again.
- **A question**: the lesson says it through ``show_all``; the front end then calls
  ``asking(lines)`` with the lines to ask again (its prompt) while it waits for the
  answer, and ``answered()`` once it is answered or put aside; ``question_open`` tells the
  front end (at the table, the player's own turn clock stands still while it is true).
- **In**: the front end passes each command that is not a roll to ``handle`` (repeat,
  read back, where, ahead, help, explore, rate and volume); ``confirm`` asks yes or no on a
  ``CommandSource`` it is given.
- **State**: the front end sets ``game`` and ``narrator`` before any key is handled, and
  ``seat`` where the player has one seat of their own (None: whoever's turn it is).
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Protocol, assert_never

from snl_edu.engine import Game
from snl_edu.engine.events import Event, ExtraRoll, Rolled, TurnStarted
from snl_edu.inputs.commands import (
    Action,
    Command,
    CommandSource,
    Ear,
    InQuestion,
    answered_by_game,
)
from snl_edu.outputs.review import MessageReview
from snl_edu.play.counting import (
    TAP_PAUSE,
    Go,
    Goes,
    GoKeys,
    GoKind,
    GoSide,
    take_go,
    walk_of,
)
from snl_edu.play.key_help import help_messages
from snl_edu.play.narration import Narrator
from snl_edu.vocabulary import Message

# How often a confirmation that can be cut short (the table closing) looks up.
CONFIRM_POLL = 0.2
# Keys that keep their meaning at any point of a question: reading back, exploring, rate,
# volume (snl_edu.inputs.commands.GAME_KEYS says which).
KEPT_IN_QUESTIONS = answered_by_game(InQuestion.GAME)


class LineSink(Protocol):
    """Where one player's lines go."""

    def show_all(self, messages: Sequence[Message]) -> None: ...

    def echo(self, text: str) -> None: ...


class Listener:
    """One player's ear and review keys (see the module's contract)."""

    # The open question is asked again below what comes meanwhile (a front end that keeps
    # it in view, as a page's question box, need not).
    asks_again = True

    def __init__(self, gettext: Callable[[str], str], sink: LineSink,
                 game: Game | None = None, narrator: Narrator | None = None,
                 seat: int | None = None) -> None:
        self._ = gettext
        self.sink = sink
        self.game = game
        self.narrator = narrator
        self.seat = seat
        self.review = MessageReview()
        self.last_messages: list[Message] = []
        # Speech rate and volume keys: set by whoever built the voice; returns what to say.
        self.adjust: Callable[[Action], list[Message]] | None = None
        # What the player's voice input hears, where they have one: help and yes-or-no
        # say what may be said (set by whoever opened the voice).
        self.ear: Ear | None = None
        self._explored: int | None = None  # the square [ and ] last stepped to
        self._question: list[Message] | None = None  # the open question, said again below
        self._buried = False  # something was said below the open question
        self._depth = 0  # nested ``meanwhile`` blocks, on any thread
        self._shown = threading.RLock()  # the keyboard and the network both speak
        # Who moves her own token after her roll, and how (the lesson teacher, where there
        # is one: snl_edu.play.counting); the go under way, whose ``step`` a tap may call;
        # and the clock its pauses wait on (injected: tests never wait in real time).
        self.goes: Goes | None = None
        self.go: Go | None = None
        self.wait: Callable[[float], None] = time.sleep
        # How she steps in her go on her device (None: Space), and whether she can type
        # where it lands there (a phone's page has no keys: she steps every go).
        self.step_gesture: str | None = None
        self.types_landing = True

    # -- out --------------------------------------------------------------------

    def say(self, messages: list[Message], remember: bool = True, review: bool = True) -> None:
        with self._shown:
            if remember:
                self.last_messages = messages
            if review:
                self.review.add(messages)
            if messages and self._question is not None:
                self._buried = True
            self.sink.show_all(messages)

    def show_all(self, messages: Sequence[Message]) -> None:
        """Say what a lesson says: shown, spoken and kept for review, while ``r`` still
        repeats the last turn."""
        self.say(list(messages), remember=False)

    def echo(self, text: str) -> None:
        """An answer's keys as they are typed."""
        with self._shown:
            self.sink.echo(text)

    def news(self, messages: list[Message], remember: bool = False) -> None:
        """What happens while the player may be thinking (a pause, a warning, other players'
        moves): said, then their open question again, so it is always said last."""
        with self.meanwhile():
            self.say(messages, remember=remember)

    @contextlib.contextmanager
    def meanwhile(self) -> Iterator[None]:
        """Whatever is said in this block comes while the player may be thinking: their
        open question is asked again after it, once."""
        with self._shown:
            self._depth += 1
        try:
            yield
        finally:
            with self._shown:
                self._depth -= 1
                if not self._depth and self._buried and self._question is not None \
                        and self.asks_again:
                    self._buried = False
                    self.sink.show_all(self._question)

    def roll(self, events: Sequence[Event], keys: GoKeys | None = None) -> Callable[[], None]:
        """Say a roll's moves; the returned step calls the next turn (after the lessons),
        and then ``r`` repeats the whole roll. With the seat's ``keys``, a child whose go
        it is (``goes``) moves her token herself before the move is said."""
        assert self.narrator is not None
        done, next_turn = split_next_turn(events)
        go = self._go_for(done) if keys is not None else None
        if go is None:
            told = self.narrator.narrate_all(done)
            self.news(told, remember=True)
        else:
            assert keys is not None
            told = self._her_go(done, go, keys)

        def call_next_turn() -> None:
            assert self.narrator is not None
            announced = self.narrator.narrate_all(next_turn)
            self.news(announced)
            self.last_messages = told + announced

        return call_next_turn

    def _go_for(self, done: Sequence[Event]) -> Go | None:
        walk = walk_of(done)
        if walk is None or self.goes is None or self.game is None or self.narrator is None:
            return None
        kind = self.goes.go_kind(self.game, walk.seat)
        if kind is None:
            return None
        if not self.types_landing:
            kind = GoKind.STEPS
        name = self.goes.roller(self.game, walk.seat)  # in a team, the child who rolled
        said_step = self.ear.phrase_for(Action.STEP) if self.ear is not None else None
        return Go(walk, kind, self.narrator.loc, name or self.narrator.name(walk.seat),
                  self.game.board.across, said_step, self.step_gesture)

    def _her_go(self, done: Sequence[Event], go: Go, keys: GoKeys) -> list[Message]:
        """The roll said with its taps and a pause before its number, then her go, then
        the move (not counted for her if she counted it)."""
        assert self.narrator is not None and self.game is not None and self.goes is not None
        seat = go.walk.seat
        cut = next(i for i, e in enumerate(done) if isinstance(e, Rolled)) + 1
        rolled = self.narrator.narrate_all(done[:cut], her_go=seat)
        self.news(rolled[:1], remember=True)
        self.wait(TAP_PAUSE)
        self.news(rolled[1:])
        self.go = go
        try:
            result = take_go(go, keys, GoSide(self.news, self.echo,
                                              lambda command: self.handle(command, seat),
                                              self.wait))
        finally:
            self.go = None
        moved = self.narrator.narrate_all(done[cut:],
                                          her_go=seat if go.begun else None)
        self.news(moved)
        self.goes.went(self.game, seat, result)
        told = rolled + moved
        self.last_messages = told
        return told

    # -- a question -------------------------------------------------------------

    def asking(self, lines: list[Message]) -> None:
        """The player's own question, just said, waits for their answer: said again below
        news."""
        with self._shown:
            self._question, self._buried = lines, False

    def answered(self) -> None:
        with self._shown:
            self._question = None

    @property
    def question_open(self) -> bool:
        return self._question is not None

    # -- in ---------------------------------------------------------------------

    def confirm(self, question: str, keys: CommandSource,
                until: threading.Event | None = None) -> bool:
        """Yes or no on ``keys``; no input (or, with ``until``, that event) is a no."""
        self.say([Message(question)], remember=False)
        while until is None or not until.is_set():
            answer = keys.next_command(None if until is None else CONFIRM_POLL)
            if answer is None and until is not None:
                continue
            if answer is None or answer.action in (Action.NO, Action.ROLL):
                self.say([Message(self._("Let us play on."))], remember=False)
                return False
            if answer.action in (Action.YES, Action.END):
                return True
            self.say([Message(self._please_yes_or_no())], remember=False)
        return False

    def said_yes_and_no(self) -> tuple[str, str] | None:
        """What to say for yes and for no, where the ear hears both."""
        if self.ear is None:
            return None
        yes, no = self.ear.phrase_for(Action.YES), self.ear.phrase_for(Action.NO)
        return (yes, no) if yes and no else None

    def _please_yes_or_no(self) -> str:
        said = self.said_yes_and_no()
        if said is None:
            return self._("Please press y for yes or n for no.")
        return self._("Please press y or say {yes} for yes, or n or say {no} for no.").format(
            yes=said[0], no=said[1])

    def handle(self, command: Command, asked: int | None = None) -> None:
        """Any key but roll and quit: repeat, review, where, ahead, help, explore...
        ``asked``: the seat whose open question the key came in (``QuestionInput``)."""
        assert self.game is not None and self.narrator is not None
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
                self.say(self.narrator.ahead(self.game, self._own_seat(asked)), remember=False)
            case Action.HELP:
                self.say(help_messages(self.narrator.loc, self.ear), remember=False)
            case Action.SQUARE_BEFORE | Action.SQUARE_AFTER | Action.OWN_SQUARE:
                self.say(self._explore(command.action, asked), remember=False)
            case Action.SLOWER | Action.FASTER | Action.QUIETER | Action.LOUDER:
                if self.adjust is not None:
                    self.say(self.adjust(command.action), remember=False)
            case Action.STEP:
                self.say([Message(self._("That moves your token one square, when it is your "
                                         "go to count."))], remember=False)
            case Action.YES | Action.NO | Action.SKIP:
                pass  # nothing to confirm or skip: Escape only cut the speech short
            case None if command.text.startswith("\x1b"):
                pass  # a key the game does not use (an arrow, a function key)
            case Action.ROLL | Action.QUIT | Action.ANSWER | Action.END | None:
                # not asked for here (the turn loop takes roll and quit), or not understood
                self.say([Message(self._("I did not understand {text}. Press h for help.").format(
                    text=repr(command.text)))], remember=False)
            case _:
                assert_never(command.action)

    def _explore(self, action: Action, asked: int | None) -> list[Message]:
        """Walk the board square by square, by ear: [ and ] step, Home comes back."""
        assert self.game is not None and self.narrator is not None
        own = self.game.positions[self._own_seat(asked)]
        start = own if action is Action.OWN_SQUARE or self._explored is None else self._explored
        step = {Action.SQUARE_BEFORE: -1, Action.SQUARE_AFTER: 1}.get(action, 0)
        self._explored = max(1, min(self.game.board.last, start + step))
        return self.narrator.square(self.game, self._explored)

    def _own_seat(self, asked: int | None) -> int:
        """Whose token "you" means to a (ahead) and Home: the player whose question is open
        (the turn has passed to the next player by then); else the player's own; else the
        player whose turn it is, or the first human."""
        assert self.game is not None
        if asked is not None:
            return asked
        if self.seat is not None:
            return self.seat
        current = self.game.current
        if not self.game.seats[current].computer:
            return current
        return next((i for i, s in enumerate(self.game.seats) if not s.computer), current)


class QuestionInput:
    """A player's keys as their open question hears them, on one computer and at the table
    alike: ``,`` and ``.`` read back past messages (questions included), and the exploring,
    rate and volume keys work, none of them an answer; w, a and h, while nothing is typed,
    the lesson passes back through ``handle`` (snl_edu.lessons.answers). A quit said (or a
    script's word) asks ``confirm_quit``, the front end's own yes or no, as q does outside
    a question; the key q is a key of the answer, as it was typed (q and Enter skip). Yes
    ends the question as the input's end does; no asks it again. ``seat``: the player the question is for,
    whom a and Home describe (None: the listener's own)."""

    def __init__(self, source: CommandSource, listener: Listener,
                 confirm_quit: Callable[[CommandSource], bool],
                 seat: int | None = None) -> None:
        self.source = source
        self.listener = listener
        self.confirm_quit = confirm_quit
        self.seat = seat
        self.interactive = source.interactive

    def next_command(self, timeout: float | None = None) -> Command | None:
        while True:
            command = self.source.next_command(timeout)
            if command is not None and command.action is Action.QUIT \
                    and len(command.text) != 1:
                if self.confirm_quit(self.source):
                    self.listener.answered()  # put aside: not asked again on the way out
                    return Command(Action.END)
                return Command(Action.REPEAT)  # a no: the question, asked again
            if command is None or command.action not in KEPT_IN_QUESTIONS:
                return command
            self.handle(command)

    def handle(self, command: Command) -> None:
        """A game key the question passes on."""
        self.listener.handle(command, self.seat)


def split_next_turn(events: Sequence[Event]) -> tuple[list[Event], list[Event]]:
    """A roll's events, and the announcement of the turn that follows (said last)."""
    cut = len(events)
    while cut and isinstance(events[cut - 1], (TurnStarted, ExtraRoll)):
        cut -= 1
    return list(events[:cut]), list(events[cut:])
