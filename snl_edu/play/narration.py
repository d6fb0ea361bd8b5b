"""Narration: each engine event becomes one or more short localised sentences.

Sentences are whole msgids with named placeholders, never glued fragments, so a
translator can order the words as the language needs.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from enum import StrEnum
from functools import cache
from typing import assert_never

from snl_edu.engine import DIE_FACES, Board, Game, JumpKind, Seat
from snl_edu.engine.events import (
    Bounced,
    Climbed,
    Entered,
    Event,
    ExtraRoll,
    GameOver,
    Moved,
    NeedSix,
    Overshot,
    Rolled,
    Slid,
    TurnLost,
    TurnStarted,
    Won,
)
from snl_edu.language import registry as languages
from snl_edu.language.localizer import Localizer, to_latin_digits
from snl_edu.play import narration_you, teams
from snl_edu.vocabulary import N_, Message, taps

COMPUTER = N_("Computer {number}")
PLAYER = N_("Player {number}")  # the one player of a game given no names


class Verbosity(StrEnum):
    BRIEF = "brief"
    NORMAL = "normal"
    FULL = "full"


def computer_name(localizer: Localizer, number: int) -> str:
    return localizer.gettext(COMPUTER).format(number=localizer.number(number))


@cache
def _given_names(codes: tuple[str, ...]) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each name a game gives a player, as a game in these languages wrote it ("Computer 1",
    "कम्प्युटर १", "कम्प्युटर 1"), with its number as the one group."""
    return tuple((msgid, re.compile("|".join(
        "^" + re.escape(name).replace(re.escape("{number}"), "([0-9०-९]+)") + "$"
        for name in sorted({str(Localizer.create(code).gettext(msgid)) for code in codes}))))
        for msgid in (COMPUTER, PLAYER))


_DIGIT = re.compile(r"\d")


def shown_name(name: str, localizer: Localizer) -> str:
    """A player's name as this reader reads it. A name the game gave ("Computer 1") is
    stored in the language of the game that gave it and is said in the reader's; a name
    a person gave stays as given.

    Every language's names are known from its catalog, and reading the Nepali one takes a
    tenth of a second of CPU, half an English game's start: a name with no digit was not
    given by a game (each carries its number), and one an English game gave is known from
    the source language alone."""
    if not _DIGIT.search(name):  # the given names' numbers are all such digits
        return name
    for codes in ((languages.SOURCE_LANGUAGE,), tuple(languages.codes())):
        for msgid, pattern in _given_names(codes):
            found = pattern.match(name)
            if found:
                number = int(to_latin_digits(next(group for group in found.groups() if group)))
                return localizer.gettext(msgid).format(number=localizer.number(number))
    return name


class Narrator:
    def __init__(self, localizer: Localizer, board: Board, seats: Sequence[Seat],
                 verbosity: Verbosity = Verbosity.NORMAL, count: bool = False,
                 whose_roll: Callable[[int], str | None] | None = None,
                 counting_on: Callable[[int], bool] | None = None) -> None:
        self.loc = localizer
        self._ = localizer.gettext
        self.board = board
        self.seats = seats
        self.verbosity = verbosity
        self.count = count or verbosity is Verbosity.FULL
        # A team seat's turn names the child whose roll it is (snl_edu.play.teams.Rotation.due).
        self.whose_roll = whose_roll
        # Seats whose child learns at lesson level 1: their roll is heard as that many
        # taps before its number is said (counting pips by ear, as dot dice let sighted
        # children count: Gasteiger & Moeller 2021), and their move is counted on aloud
        # from their own square (Laski & Siegler 2014: counting on from the current
        # square, not from 1, is what brought the gains).
        self.counting_on = counting_on
        # The seat whose child is moving her token herself (snl_edu.play.counting): her
        # roll's taps come alone, before its number, and her move is not counted for her.
        self._her_go: int | None = None
        # The seat this narrator speaks to (a child's own page): its moves are told to her
        # in the second person (snl_edu.play.narration_you); None: all in the third.
        self.you: int | None = None

    # -- helpers ----------------------------------------------------------------

    def _n(self, value: int) -> str:
        return self.loc.number(value)

    def name(self, seat: int) -> str:
        """The seat as sentences name it (a team as "Asha and Bikash", a computer player
        an English game named as "कम्प्युटर १" in Nepali)."""
        return shown_name(teams.said(self.seats[seat], self.loc), self.loc)

    def _people(self, seat: int) -> int:
        """How many the seat's sentences speak of: a team's children take a plural verb in
        English ("Asha and Bikash come onto the board"), one player a singular one."""
        return len(teams.members(self.seats[seat])) or 1

    def _brief(self) -> bool:
        return self.verbosity is Verbosity.BRIEF

    def _full(self) -> bool:
        return self.verbosity is Verbosity.FULL

    def _counting(self, squares: Sequence[int]) -> Message:
        words = ", ".join(self.loc.words(s) for s in squares)
        return Message(self._("Counting: {numbers}.").format(numbers=words), "step")

    def _counts_on(self, seat: int) -> bool:
        return self.counting_on is not None and self.counting_on(seat)

    def _child(self, seat: int) -> bool:
        """Praise and comfort are for children; a computer's moves are just told."""
        return not self.seats[seat].computer

    def _jump_name(self, start: int) -> str | None:
        jump = self.board.jump_at(start)
        return jump.name(self.loc.language) if jump else None

    # -- events -----------------------------------------------------------------

    def narrate(self, event: Event) -> list[Message]:
        if self.you is not None and getattr(event, "seat", None) == self.you:
            told = narration_you.told_to_you(self, event)
            if told is not None:
                return told
        return self.narrate_third_person(event)

    def narrate_third_person(self, event: Event) -> list[Message]:
        match event:
            case TurnStarted():
                return self._on_TurnStarted(event)
            case Rolled():
                return self._on_Rolled(event)
            case NeedSix():
                return self._on_NeedSix(event)
            case Entered():
                return self._on_Entered(event)
            case Moved():
                return self._on_Moved(event)
            case Climbed():
                return self._on_Climbed(event)
            case Slid():
                return self._on_Slid(event)
            case Overshot():
                return self._on_Overshot(event)
            case Bounced():
                return self._on_Bounced(event)
            case ExtraRoll():
                return self._on_ExtraRoll(event)
            case TurnLost():
                return self._on_TurnLost(event)
            case Won():
                return self._on_Won(event)
            case GameOver():
                return self._on_GameOver(event)
            case _:
                assert_never(event)

    def narrate_all(self, events: Sequence[Event], her_go: int | None = None) -> list[Message]:
        """``her_go``: the seat whose child takes this roll's go (snl_edu.play.counting)."""
        self._her_go = her_go
        try:
            told = [self.narrate(event) for event in events]
            if self.you is not None:
                told = narration_you.merged(self, events, told)
            return [message for lines in told for message in lines]
        finally:
            self._her_go = None

    def move_line(self, events: Sequence[Event]) -> Message | None:
        """A roll's move in one line ("Bikash: 14 to 19."), for a listener who hears the
        other players' moves short (a child's page at a table: snl_edu.table.page_listener);
        None if no roll."""
        rolled = next((event for event in events if isinstance(event, Rolled)), None)
        if rolled is None:
            return None
        _, name = self._, self.name(rolled.seat)
        ends = [event.square if isinstance(event, Entered) else event.end for event in events
                if isinstance(event, (Entered, Moved, Climbed, Slid, Bounced))]
        if not ends:
            return Message(_("{name} stays at {square}.").format(
                name=name, square=self._n(rolled.square)))
        values = {"name": name, "start": self._n(rolled.square), "end": self._n(ends[-1])}
        if rolled.square == 0:
            text = _("{name}: onto the board at {end}.")
        elif any(isinstance(event, Climbed) for event in events):
            text = _("{name}: {start} to {end}, up a ladder.")
        elif any(isinstance(event, Slid) for event in events):
            text = _("{name}: {start} to {end}, down a snake.")
        else:
            text = _("{name}: {start} to {end}.")
        return Message(text.format(**values))

    def dots(self, pips: int) -> Message:
        """A roll's taps alone, and its dots for the eye (a screen reader reads each)."""
        return Message(self._("Count the dots on the pasa: {dots}").format(
            dots=" ".join("\u2022" * pips)), taps(pips))

    def _skipped(self, seat: int, start: int, end: int) -> list[Message]:
        """The numbers a ladder or snake jumps over, said as skipped, for a child who
        counts her moves (a jump is a move too: Siegler & Ramani's children counted it)."""
        between = range(start + 1, end) if end > start else range(start - 1, end, -1)
        if not (self._counts_on(seat) or seat == self._her_go) or not between:
            return []
        if len(between) == 1:
            return [Message(self._("The number {first} is skipped.").format(
                first=self.loc.words(between[0])))]
        return [Message(self._("{count} numbers are skipped, from {first} to {last}.").format(
            count=self._n(len(between)), first=self.loc.words(between[0]),
            last=self.loc.words(between[-1])))]

    def _on_TurnStarted(self, e: TurnStarted) -> list[Message]:
        name = self.name(e.seat)
        child = self.whose_roll(e.seat) if self.whose_roll is not None else None
        if child is not None:
            if self._full():
                text = self._("{name}, it is your roll for {team}. Roll the pasa!")
            else:
                text = self._("{team}'s turn: it is {name}'s roll.")
            return [Message(text.format(name=child, team=name), "turn")]
        if self._full() and not self.seats[e.seat].computer:
            text = self._("{name}, it is your turn. Roll the pasa!")
        else:
            text = self._("{name}'s turn.")
        return [Message(text.format(name=name), "turn")]

    def _on_Rolled(self, e: Rolled) -> list[Message]:
        if self._brief():
            text = self._("{name} rolled {roll}.")
        else:
            text = self._("{name} rolled a {roll} on the pasa.")
        said = text.format(name=self.name(e.seat), roll=self._n(e.value))
        if e.seat == self._her_go:
            return [self.dots(e.value), Message(said)]
        earcon = taps(e.value) if self._counts_on(e.seat) else "dice"
        return [Message(said, earcon)]

    def _on_NeedSix(self, e: NeedSix) -> list[Message]:
        text = self._("{name} rolled {roll} and needs a {six} to start.")
        return [Message(text.format(name=self.name(e.seat), roll=self._n(e.value),
                                    six=self._n(DIE_FACES)))]

    def _on_Entered(self, e: Entered) -> list[Message]:
        messages = ([self._counting(range(1, e.square + 1))]
                    if self.count and e.seat != self._her_go else [])
        text = self._("Onto square {square}.") if self._brief() else \
            self.loc.ngettext("{name} comes onto the board at square {square}.",
                              "{name} come onto the board at square {square}.",
                              self._people(e.seat))
        messages.append(Message(text.format(name=self.name(e.seat), square=self._n(e.square)),
                                None if self.count else "step"))
        return messages

    def _on_Moved(self, e: Moved) -> list[Message]:
        counted = range(e.start + 1, e.end + 1)
        if e.seat == self._her_go:
            messages = []
        elif self._counts_on(e.seat):
            messages = [Message(self._("Counting on from {start}: {numbers}.").format(
                start=self.loc.words(e.start),
                numbers=", ".join(self.loc.words(s) for s in counted)), "step")]
        else:
            messages = [self._counting(counted)] if self.count else []
        text = self._("To square {end}.") if self._brief() else \
            self.loc.ngettext("{name} moves from {start} to {end}.",
                              "{name} move from {start} to {end}.", self._people(e.seat))
        messages.append(Message(text.format(name=self.name(e.seat), start=self._n(e.start),
                                            end=self._n(e.end)), None if messages else "step"))
        return messages

    def _on_Climbed(self, e: Climbed) -> list[Message]:
        values = {"name": self.name(e.seat), "start": self._n(e.start), "end": self._n(e.end)}
        virtue = self._jump_name(e.start)
        if self._brief():
            text = self._("Bharyang, up to {end}.")
        elif virtue:
            values["virtue"] = virtue
            text = self.loc.ngettext("Bharyang of {virtue}! {name} climbs from {start} to {end}.",
                                     "Bharyang of {virtue}! {name} climb from {start} to {end}.",
                                     self._people(e.seat))
        else:
            text = self.loc.ngettext("Bharyang! {name} climbs the ladder from {start} to {end}.",
                                     "Bharyang! {name} climb the ladder from {start} to {end}.",
                                     self._people(e.seat))
        messages = [Message(text.format(**values), "ladder"),
                    *self._skipped(e.seat, e.start, e.end)]
        if self._full() and self._child(e.seat):
            messages.append(Message(self._("Up you go, well done!")))
        return messages

    def _on_Slid(self, e: Slid) -> list[Message]:
        values = {"name": self.name(e.seat), "start": self._n(e.start), "end": self._n(e.end)}
        vice = self._jump_name(e.start)
        if self._brief():
            text = self._("Saanp, down to {end}.")
        elif vice:
            values["vice"] = vice
            text = self.loc.ngettext("Saanp of {vice}! {name} slides from {start} down to {end}.",
                                     "Saanp of {vice}! {name} slide from {start} down to {end}.",
                                     self._people(e.seat))
        else:
            text = self.loc.ngettext("Saanp! {name} slides down the snake from {start} to {end}.",
                                     "Saanp! {name} slide down the snake from {start} to {end}.",
                                     self._people(e.seat))
        messages = [Message(text.format(**values), "snake"),
                    *self._skipped(e.seat, e.start, e.end)]
        if self._full() and self._child(e.seat):
            messages.append(Message(self._("Never mind, keep going!")))
        return messages

    def _on_Overshot(self, e: Overshot) -> list[Message]:
        values = {"name": self.name(e.seat), "square": self._n(e.square),
                  "needed": self._n(e.needed)}
        text = self._("Too far: stays on {square}, needs {needed}.") if self._brief() else \
            self.loc.ngettext(
                "Too far! {name} stays on {square} and needs exactly {needed} to finish.",
                "Too far! {name} stay on {square} and need exactly {needed} to finish.",
                self._people(e.seat))
        return [Message(text.format(**values), "overshoot")]

    def _on_Bounced(self, e: Bounced) -> list[Message]:
        messages: list[Message] = []
        last = self.board.last
        if self.count and e.seat != self._her_go:
            up = list(range(e.start + 1, last + 1))
            down = list(range(last - 1, e.end - 1, -1))
            messages.append(self._counting(up + down))
        values = {"name": self.name(e.seat), "last": self._n(last),
                  "back": self._n(e.back), "end": self._n(e.end)}
        if self._brief():
            text = self._("Bounced back to {end}.")
        else:
            text = self.loc.ngettext(
                "{name} reaches {last} and bounces back {back} square to {end}.",
                "{name} reaches {last} and bounces back {back} squares to {end}.", e.back)
        messages.append(Message(text.format(**values), "bounce"))
        return messages

    def _on_ExtraRoll(self, e: ExtraRoll) -> list[Message]:
        text = self._("Chhakka! Roll again.") if self._brief() else \
            self._("Chhakka! {name} rolls again.")
        # In a team the extra roll stays with the child who rolled the chhakka: named.
        child = self.whose_roll(e.seat) if self.whose_roll is not None else None
        return [Message(text.format(name=child or self.name(e.seat)), "six")]

    def _on_TurnLost(self, e: TurnLost) -> list[Message]:
        text = self._("Third chhakka: the turn passes.") if self._brief() else \
            self.loc.ngettext(
                "Three chhakkas in a row! {name} stays on {square} and the turn passes.",
                "Three chhakkas in a row! {name} stay on {square} and the turn passes.",
                self._people(e.seat))
        return [Message(text.format(name=self.name(e.seat), square=self._n(e.square)), "six")]

    def _on_Won(self, e: Won) -> list[Message]:
        values = {"name": self.name(e.seat), "last": self._n(self.board.last),
                  "place": self.loc.place(e.place)}
        people = self._people(e.seat)
        if e.place == 1:
            text = self.loc.ngettext("{name} reaches {last} and wins!",
                                     "{name} reach {last} and win!", people)
        else:
            text = self.loc.ngettext("{name} reaches {last} and takes place {place}.",
                                     "{name} reach {last} and take place {place}.", people)
        messages = [Message(text.format(**values), "win")]
        if self._full() and e.place == 1 and self._child(e.seat):
            messages.append(Message(self._("Hooray! Well played, {name}!").format(**values)))
        return messages

    def _on_GameOver(self, e: GameOver) -> list[Message]:
        messages = [Message(self._("Game over. The places:"))]
        last = self.board.last
        for standing in e.ranking:
            values = {"place": self.loc.place(standing.place), "name": self.name(standing.seat),
                      "square": self._n(standing.square)}
            if standing.square == last:
                text = self._("Place {place}: {name}, finished.")
            elif standing.square == 0:
                text = self._("Place {place}: {name}, not yet on the board.")
            else:
                text = self._("Place {place}: {name}, on square {square}.")
            messages.append(Message(text.format(**values)))
        return messages

    # -- questions a player can ask between rolls -------------------------------

    def where(self, game: Game) -> list[Message]:
        messages = []
        for seat, square in enumerate(game.positions):
            values = {"name": self.name(seat), "square": self._n(square)}
            people = self._people(seat)
            if square == self.board.last:
                text = self.loc.ngettext("{name} has finished.", "{name} have finished.", people)
            elif square == 0:
                text = self.loc.ngettext("{name} is not yet on the board.",
                                         "{name} are not yet on the board.", people)
            else:
                text = self.loc.ngettext("{name} is on square {square}.",
                                         "{name} are on square {square}.", people)
            messages.append(Message(text.format(**values)))
        return messages

    def ahead(self, game: Game, seat: int) -> list[Message]:
        """What lies within one roll of a seat: jumps, and the finish."""
        square = game.positions[seat]
        last = self.board.last
        messages = []
        for target in range(square + 1, min(square + DIE_FACES, last) + 1):
            jump = self.board.jump_at(target)
            if jump is None:
                continue
            values = {"square": self._n(target), "end": self._n(jump.end),
                      "roll": self._n(target - square)}
            if jump.end > jump.start:
                text = self._("A ladder on {square}, a roll of {roll} away, climbs to {end}.")
            else:
                text = self._("A snake on {square}, a roll of {roll} away, slides to {end}.")
            messages.append(Message(text.format(**values)))
        if not messages:
            messages.append(Message(self._("No snakes or ladders in the next {six} squares.").format(
                six=self.loc.words(DIE_FACES))))
        if last - square <= DIE_FACES:
            messages.append(Message(self._("The last square is {count} away.").format(
                count=self._n(last - square))))
        return messages

    def square(self, game: Game, square: int) -> list[Message]:
        """One square, for exploring the board by ear: its number, who is there, any jump."""
        values = {"square": self._n(square)}
        here = [self.name(seat) for seat, at in enumerate(game.positions) if at == square]
        jump = self.board.jump_at(square)
        parts = [self._("Square {square}.").format(**values)]
        if here:
            parts.append(self.loc.ngettext("{names} is here.", "{names} are here.",
                                           len(here)).format(names=self.loc.join(here)))
        if jump is not None:
            values["end"] = self._n(jump.end)
            named = self._jump_name(square)
            if jump.kind is JumpKind.LADDER:
                text = (self._("The ladder of {virtue} climbs from here to {end}.") if named
                        else self._("A ladder climbs from here to {end}."))
            else:
                text = (self._("The snake of {vice} slides from here to {end}.") if named
                        else self._("A snake slides from here to {end}."))
            parts.append(text.format(virtue=named, vice=named, **values))
        if square == self.board.last:
            parts.append(self._("The last square."))
        return [Message(" ".join(parts))]
