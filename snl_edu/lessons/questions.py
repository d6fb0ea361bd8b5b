"""Number questions made from the live game: pure, with their answers and hints.

Each question is a whole localised sentence (msgids with {named} placeholders),
numbers in the player's digits, counting in number words. A generator returns
None when the game gives it nothing to ask about (no ladder ahead, one player),
and ``generate`` then tries another kind of the same level.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NamedTuple

from snl_edu.engine import DIE_FACES, Board, JumpKind
from snl_edu.language.localizer import Localizer, to_devanagari_digits
from snl_edu.language.registry import Digits
from snl_edu.safe_text import visible as safe

LEVELS = (1, 2, 3, 4)
# How far from a square "near" reaches when a chance question lists the ladders:
# twice a die, so some listed ladders are out of reach and the child must think.
NEAR = 2 * DIE_FACES
LEVEL_ONE_TOP = 20  # level 1 is for ages 4-5: numbers up to 20, plus their own square
# A question whose prompt the learner answered right lately is drawn again, up to
# this many times, so practice is spaced rather than repeated.
FRESH_DRAWS = 8


class Kind(StrEnum):
    COUNT_ON = "count-on"
    NEXT_NUMBER = "next-number"
    NUMERAL = "numeral"
    LAND_WHERE = "land-where"
    TO_LADDER = "to-ladder"
    NUMBER_WORDS = "number-words"
    TO_END = "to-end"
    WHO_AHEAD = "who-ahead"
    TENS_ONES = "tens-ones"
    BOARD_ROW = "board-row"
    CHANCE_FACES = "chance-faces"
    CHANCE_COMPARE = "chance-compare"


LEVEL_KINDS: dict[int, tuple[Kind, ...]] = {
    1: (Kind.COUNT_ON, Kind.NEXT_NUMBER, Kind.NUMERAL),
    2: (Kind.LAND_WHERE, Kind.TO_LADDER, Kind.NUMBER_WORDS),
    3: (Kind.TO_END, Kind.WHO_AHEAD, Kind.TENS_ONES, Kind.BOARD_ROW),
    4: (Kind.CHANCE_FACES, Kind.CHANCE_COMPARE),
}
KIND_LEVEL = {kind: level for level, kinds in LEVEL_KINDS.items() for kind in kinds}
# Kinds whose prompt asks for the number in digits: it names the number in words (or
# shows it in the other script), so words typed or said back are the prompt copied.
DIGIT_KINDS = frozenset({Kind.NUMERAL, Kind.NUMBER_WORDS})


@dataclass(frozen=True)
class Question:
    kind: Kind
    prompt: str
    answer: int
    hints: tuple[str, ...]  # one after each wrong try, gentlest first
    reveal: str  # shown with the answer after the last try: how to get there
    focus: int | None = None  # the number practised, for "numbers often missed"
    ordered: bool = True  # "bigger"/"smaller" is a fair hint (not for choosing a square)
    # When set, only these answers make sense: two squares to choose between, or a run of
    # numbers (0 to 6 of the six faces); any other is asked again, never marked wrong.
    choices: tuple[int, ...] = ()
    # Wrong answers that deserve their own words: the square a ladder took the child to,
    # when the question asks where the roll put them before it.
    mistaken: tuple[tuple[int, str], ...] = ()
    # The numeral as the prompt shows it (in the other script): typed back unchanged it is
    # the prompt copied, not read, and is asked for again in the player's own digits.
    copy: str | None = None

    @property
    def level(self) -> int:
        """The level its kind is asked at (``LEVEL_KINDS``, the one place levels are set)."""
        return KIND_LEVEL[self.kind]

    @property
    def digits_only(self) -> bool:
        """Right only when answered in digits (``DIGIT_KINDS``), in either script."""
        return self.kind in DIGIT_KINDS


def question_data(question: Question) -> dict[str, Any]:
    """The question as JSON-ready data: kept while it is open, so a game stopped then
    asks it again when it resumes."""
    return {"kind": question.kind.value, "prompt": question.prompt,
            "answer": question.answer, "hints": list(question.hints), "reveal": question.reveal,
            "focus": question.focus, "ordered": question.ordered,
            "choices": list(question.choices),
            "mistaken": [[given, text] for given, text in question.mistaken],
            "copy": question.copy}


def question_from(data: object) -> Question | None:
    """A question read back from ``question_data``, every field checked; None if any is
    not as written (a damaged or edited saved game asks nothing)."""
    def number(value: object) -> bool:
        return type(value) is int

    def text(value: object) -> bool:
        return isinstance(value, str) and bool(value)

    if not isinstance(data, dict):
        return None
    kind_name = data.get("kind")
    if not isinstance(kind_name, str):
        return None
    try:
        kind = Kind(kind_name)
    except ValueError:
        return None
    hints, choices, mistaken = data.get("hints"), data.get("choices"), data.get("mistaken")
    if not (text(data.get("prompt")) and number(data.get("answer"))
            and isinstance(hints, list) and hints and all(text(h) for h in hints)
            and text(data.get("reveal")) and (data.get("focus") is None or number(data.get("focus")))
            and isinstance(data.get("ordered"), bool)
            and isinstance(choices, list) and all(number(c) for c in choices)
            and isinstance(mistaken, list) and all(
                isinstance(m, list) and len(m) == 2 and number(m[0]) and text(m[1])
                for m in mistaken)
            and (data.get("copy") is None or text(data.get("copy")))):
        return None
    return Question(kind, safe(data["prompt"]), data["answer"],
                    tuple(safe(h) for h in hints), safe(data["reveal"]), data["focus"],
                    data["ordered"], tuple(choices),
                    tuple((given, safe(words)) for given, words in mistaken),
                    safe(data["copy"]) if data.get("copy") else None)


class Move(NamedTuple):
    """The asked seat's last plain move this turn: the square before, the roll, and the
    ladder or snake it ended on, if any."""

    before: int
    roll: int
    jump: JumpKind | None = None


@dataclass(frozen=True)
class Situation:
    """What a question may use from the game: the board and where everyone stands."""

    board: Board
    positions: tuple[int, ...]
    names: tuple[str, ...]
    seat: int
    move: Move | None = None
    # Practice outside a game: the positions are made up, and the questions say so.
    imagined: bool = False
    # Another child may move the seat's token while the question is open (a team-mate at
    # another computer rolls for it): no question says where it stands now.
    token_moves: bool = False
    # The other players may roll while the question is open (the classroom table does not
    # wait for a child's answer): no question says where they stand ("Bikash is on 22").
    others_move: bool = False

    @property
    def square(self) -> int:
        return self.positions[self.seat]

    def own_square(self, room: int = 0) -> int | None:
        """The child's real square, if they stand on the board with ``room`` squares
        to spare before the last and it stays theirs while they think; else None (a
        question then imagines a token)."""
        square = self.square
        if self.imagined or self.token_moves or square < 1 \
                or square > self.board.last - max(room, 1):
            return None
        return square


class Weights:
    """How often to ask each kind and number; progress history makes missed ones heavier."""

    def kind(self, kind: Kind) -> float:
        return 1.0

    def number(self, kind: Kind, number: int) -> float:
        return 1.0


@dataclass
class _Context:
    situation: Situation
    loc: Localizer
    rng: random.Random
    weights: Weights = field(default_factory=Weights)
    by_ear: bool = False  # spoken or read by a screen reader: nothing may rely on sight

    @property
    def _(self) -> Callable[[str], str]:
        return self.loc.gettext

    def n(self, value: int) -> str:
        return self.loc.number(value)

    def counting(self, numbers: Sequence[int]) -> str:
        return ", ".join(self.loc.words(v) for v in numbers)

    def pick_number(self, kind: Kind, candidates: Sequence[int], favourite: int | None = None,
                    ) -> int:
        """A number weighted by the learner's misses; the player's own square counts extra
        when it is one of the candidates (never beyond them: level 1 keeps to 20, number
        words to 100, whatever the board's size)."""
        weights = [self.weights.number(kind, c) * (3.0 if c == favourite else 1.0)
                   for c in candidates]
        return self.rng.choices(list(candidates), weights=weights, k=1)[0]

    def start_square(self, kind: Kind, room: int, top: int | None = None) -> tuple[int, bool]:
        """The child's own square if a question fits there, else an imagined one that does
        (up to ``top``); True with the child's own.

        Only squares a token can stand on: never the foot of a ladder or a snake's head.
        """
        own = self.situation.own_square(room)
        if own is not None:
            return own, True
        board = self.situation.board
        candidates = [s for s in standable(board) if s <= board.last - room
                      and (top is None or s <= top)] or [1]
        return self.pick_number(kind, candidates), False


def standable(board: Board) -> list[int]:
    """Squares a token can end a turn on, the last one excepted."""
    return [s for s in range(1, board.last) if board.jump_at(s) is None]


# -- level 1 ------------------------------------------------------------------

def _count_on(c: _Context) -> Question | None:
    """Counting on from the child's own square: the move just played if there was one
    (Laski & Siegler 2014: from the current square, not from 1), else from where they
    stand, else from an imagined token within level 1's numbers."""
    _ = c._
    last = c.situation.board.last
    move = c.situation.move
    mistaken: tuple[tuple[int, str], ...] = ()
    if move is not None and move.before >= 1 and move.before + move.roll <= last:
        square, roll = move.before, move.roll
        values = {"square": c.n(square), "roll": c.n(roll)}
        if move.jump is JumpKind.LADDER:
            prompt = _("Before the ladder you were on {square} and rolled {roll}. Count on "
                       "{roll} from {square}: on which square did the pasa put you, before "
                       "the ladder?")
            wrong = _("{given} is where the ladder took you. The question is where counting "
                      "{roll} from {square} ends, before the ladder.")
        elif move.jump is JumpKind.SNAKE:
            prompt = _("Before the snake you were on {square} and rolled {roll}. Count on "
                       "{roll} from {square}: on which square did the pasa put you, before "
                       "the snake?")
            wrong = _("{given} is where the snake took you. The question is where counting "
                      "{roll} from {square} ends, before the snake.")
        else:
            prompt = _("You were on {square} and rolled {roll}. Count on {roll} from "
                       "{square}: on which square did the pasa put you?")
            wrong = ""
        if wrong and c.situation.square != square + roll:
            given = c.situation.square
            mistaken = ((given, wrong.format(given=c.n(given), **values)),)
        prompt = prompt.format(**values)
    else:
        square, own = c.start_square(Kind.COUNT_ON, 1, top=LEVEL_ONE_TOP - DIE_FACES)
        roll = c.rng.randint(1, min(DIE_FACES, last - square))
        prompt = (_("You are on {square}. Count on {roll} more: which number do you reach?")
                  if own else
                  _("Imagine a token on {square}. Count on {roll} more: which number do you "
                    "reach?")).format(square=c.n(square), roll=c.n(roll))
    answer = square + roll
    steps = list(range(square + 1, answer))
    hints = [_("Start at {square} and count {roll} more, one for each dot on the pasa.")
             .format(square=c.n(square), roll=c.n(roll))]
    if steps:  # from the next square: counting the square she stands on is the mistake
        hints.append(_("Count on from {square} with me: {numbers}, and then?").format(
            square=c.n(square), numbers=c.counting(steps)))
    else:
        hints.append(_("It is the number just after {square}.").format(square=c.n(square)))
    return Question(
        Kind.COUNT_ON, prompt, answer, tuple(hints),
        _("Counting: {numbers}.").format(numbers=c.counting(range(square + 1, answer + 1))),
        focus=answer, mistaken=mistaken)


def _next_number(c: _Context) -> Question | None:
    _ = c._
    last = c.situation.board.last
    # Small numbers for the youngest, and the square the child stands on.
    own = c.situation.own_square()
    small = range(1, min(last, LEVEL_ONE_TOP))
    number = c.pick_number(Kind.NEXT_NUMBER,
                           [*small, own] if own is not None and own not in small else small,
                           favourite=own)
    answer = number + 1
    before = list(range(max(1, number - 2), number + 1))
    return Question(
        Kind.NEXT_NUMBER,
        _("Which number comes just after {number}?").format(number=c.n(number)),
        answer,
        (_("Count with me: {numbers}, and then?").format(numbers=c.counting(before)),
         _("It is one more than {number}.").format(number=c.n(number))),
        _("After {number} comes {answer}.").format(number=c.n(number), answer=c.n(answer)),
        focus=answer)


def _other_script(c: _Context, value: int) -> str | None:
    """The numeral in the script the player does not read every day, if they learn it.

    A Nepali game shows Latin numerals (both are taught in Nepali schools); an
    English game shows Devanagari ones only when asked for (``--digits deva``).
    """
    text = str(value)
    if c.loc.digits is Digits.DEVANAGARI:
        return text
    return to_devanagari_digits(text) if c.loc.spoken.digits is Digits.DEVANAGARI else None


def _numeral(c: _Context) -> Question | None:
    _ = c._
    last = c.situation.board.last
    number = c.pick_number(Kind.NUMERAL, range(1, min(last, LEVEL_ONE_TOP) + 1),
                           favourite=c.situation.square)
    if c.by_ear:
        return _numeral_by_ear(c, number)
    shown = _other_script(c, number)
    if shown is None:
        return None
    pairs = ", ".join(f"{a} = {c.n(int(b))}" for a, b in zip(shown, str(number), strict=True))
    hints = (c.loc.ngettext("It has {count} digit.", "It has {count} digits.", len(shown))
             .format(count=c.n(len(shown))),
             _("Digit by digit: {pairs}.").format(pairs=pairs))
    return Question(
        Kind.NUMERAL,
        # Named by example: "your digits" left a child unsure which digits were meant.
        _("Which number is this: {numeral}? Type it in digits like {digits}.").format(
            numeral=shown, digits=", ".join(c.n(digit) for digit in (1, 2, 3))),
        number, hints,
        _("{numeral} is {number}, said {words}.").format(
            numeral=shown, number=c.n(number), words=c.loc.words(number)),
        focus=number, copy=shown)


def _numeral_by_ear(c: _Context, number: int) -> Question:
    """Reading a numeral, for a player who hears the game: the number said, typed in digits.

    A numeral shown on screen would be read aloud by the voice or the screen
    reader, answer and all, or not at all (an English voice skips ८).
    """
    _ = c._
    return Question(
        Kind.NUMERAL,
        _("Type the number {words}.").format(words=c.loc.words(number)),
        number,
        (_("It comes just before {words}.").format(words=c.loc.words(number + 1)),
         _("It comes just after {words}.").format(words=c.loc.words(number - 1))
         if number > 1 else _("It is the first number we count.")),
        _("{words} is written {number}.").format(words=c.loc.words(number), number=c.n(number)),
        focus=number)


# -- level 2 ------------------------------------------------------------------

def _land_where(c: _Context) -> Question | None:
    _ = c._
    board = c.situation.board
    square, own = c.start_square(Kind.LAND_WHERE, 1)
    rolls = list(range(1, min(DIE_FACES, board.last - square) + 1))
    onto_jump = [r for r in rolls if board.jump_at(square + r) is not None]
    # Half the time the roll lands on a ladder or snake, so the lesson shows one.
    roll = c.rng.choice(onto_jump if onto_jump and c.rng.random() < 0.5 else rolls)
    reached = square + roll
    jump = board.jump_at(reached)
    answer = jump.end if jump else reached
    hints = (_("First count on {roll} from {square}.").format(roll=c.n(roll), square=c.n(square)),
             _("{square} and {roll} make {sum}. Is there a ladder or a snake on {sum}?")
             .format(square=c.n(square), roll=c.n(roll), sum=c.n(reached)))
    values = {"square": c.n(square), "roll": c.n(roll), "sum": c.n(reached),
              "end": c.n(answer)}
    if jump is None:
        reveal = _("{square} and {roll} make {sum}, and there is no ladder or snake there.")
    elif jump.kind is JumpKind.LADDER:
        reveal = _("{square} and {roll} make {sum}, and a ladder there climbs to {end}.")
    else:
        reveal = _("{square} and {roll} make {sum}, and a snake there slides to {end}.")
    prompt = (_("You are on {square}. If you roll {roll} next, on which square will you "
                "end up?") if own else
              _("Imagine a token on {square} and a roll of {roll}. On which square does it "
                "end up?"))
    return Question(
        Kind.LAND_WHERE, prompt.format(square=c.n(square), roll=c.n(roll)),
        answer, hints, reveal.format(**values), focus=answer)


def _to_ladder(c: _Context) -> Question | None:
    _ = c._
    board = c.situation.board
    feet = sorted(j.start for j in board.ladders)
    own = c.situation.own_square()
    square = own if own is not None else 0
    ahead = [f for f in feet if f > square]
    if not ahead or own is None:
        below = [s for s in standable(board) if s < feet[-1]] if feet else []
        if not below:
            return None
        square, own = c.rng.choice(below), None
        ahead = [f for f in feet if f > square]
    foot = ahead[0]
    answer = foot - square
    prompt = (_("You are on {square}. The next ladder starts on {foot}. How many squares "
                "away is it?") if own is not None else
              _("Imagine a token on {square}. The next ladder ahead of it starts on {foot}. "
                "How many squares away is it?"))
    return Question(
        Kind.TO_LADDER, prompt.format(square=c.n(square), foot=c.n(foot)),
        answer,
        (_("Count on from {square} until you reach {foot}.").format(
            square=c.n(square), foot=c.n(foot)),
         _("Take {square} away from {foot}.").format(square=c.n(square), foot=c.n(foot))),
        c.loc.ngettext("From {square} to {foot} is {answer} square.",
                       "From {square} to {foot} is {answer} squares.", answer).format(
            square=c.n(square), foot=c.n(foot), answer=c.n(answer)),
        focus=answer)


def _number_words(c: _Context) -> Question | None:
    _ = c._
    number = c.pick_number(Kind.NUMBER_WORDS, range(1, 101), favourite=c.situation.square)
    low = number // 10 * 10
    high = low + 10
    # A hint never names the number asked for in digits: a ten (30) is not "between 30
    # and 40", nor is 100 "between 100 and 110"; its last digit is the clue.
    if number == low:
        hints = [_("Its last digit is {zero}.").format(zero=c.n(0))]
    elif low:
        hints = [_("It is between {low} and {high}.").format(low=c.n(low), high=c.n(high))]
    else:
        hints = [_("It is less than {high}.").format(high=c.n(high))]
    hints.append(_("It comes just after {words}.").format(words=c.loc.words(number - 1)))
    return Question(
        Kind.NUMBER_WORDS,
        _("Type this number in digits: {words}.").format(words=c.loc.words(number)),
        number, tuple(hints),
        _("{words} is written {number}.").format(words=c.loc.words(number), number=c.n(number)),
        focus=number)


# -- level 3 ------------------------------------------------------------------

def _to_end(c: _Context) -> Question | None:
    _ = c._
    last = c.situation.board.last
    square, own = c.start_square(Kind.TO_END, 1)
    answer = last - square
    prompt = (_("You are on {square}. How many squares is it to the last square, {last}?")
              if own else
              _("Imagine a token on {square}. How many squares is it to the last square, "
                "{last}?"))
    return Question(
        Kind.TO_END, prompt.format(square=c.n(square), last=c.n(last)),
        answer,
        (_("Count on from {square} until you reach {last}.").format(
            square=c.n(square), last=c.n(last)),
         _("Take {square} away from {last}.").format(square=c.n(square), last=c.n(last))),
        _("{last} take away {square} is {answer}.").format(
            last=c.n(last), square=c.n(square), answer=c.n(answer)),
        focus=answer)


def _who_ahead(c: _Context) -> Question | None:
    _ = c._
    s = c.situation
    others = [i for i, p in enumerate(s.positions) if i != s.seat and p not in (0, s.square)]
    # Made-up positions are nobody's; a token that may move meanwhile is soon elsewhere.
    if not others or s.square == 0 or s.imagined or s.token_moves or s.others_move:
        return None
    other = c.rng.choice(others)
    mine, theirs = s.square, s.positions[other]
    leader, behind = (s.seat, other) if mine > theirs else (other, s.seat)
    high, low = max(mine, theirs), min(mine, theirs)
    answer = high - low
    values = {"name": s.names[s.seat], "other": s.names[other], "mine": c.n(mine),
              "theirs": c.n(theirs), "leader": s.names[leader], "behind": s.names[behind],
              "high": c.n(high), "low": c.n(low), "answer": c.n(answer)}
    return Question(
        Kind.WHO_AHEAD,
        _("{name} is on {mine} and {other} is on {theirs}. {leader} is ahead: by how many "
          "squares?").format(**values),
        answer,
        (_("Count on from {low} until you reach {high}.").format(**values),
         _("Take {low} away from {high}.").format(**values)),
        c.loc.ngettext("{leader} is {answer} square ahead of {behind}.",
                       "{leader} is {answer} squares ahead of {behind}.", answer).format(**values),
        focus=answer)


def _tens_ones(c: _Context) -> Question | None:
    _ = c._
    number = c.pick_number(Kind.TENS_ONES, range(10, 100), favourite=c.situation.square)
    tens, ones = divmod(number, 10)
    values = {"number": c.n(number), "tens": c.n(tens), "ones": c.n(ones),
              "round": c.n(tens * 10), "top": c.n(tens * 10 + 9)}
    reveal = _("{number} is {tens} tens and {ones} ones.").format(**values)
    if c.rng.random() < 0.5:
        return Question(
            Kind.TENS_ONES, _("How many tens are there in {number}?").format(**values), tens,
            (_("Count in tens: {numbers}, and stop before you pass {number}.")
             .format(numbers=c.counting(range(10, tens * 10 + 1, 10)), **values),
             # "From … to", ends included: 80 is not "between 80 and 90" to every child.
             _("{number} is one of the numbers from {round} to {top}.").format(**values)),
            reveal, focus=number)
    return Question(
        Kind.TENS_ONES, _("How many ones are there in {number}?").format(**values), ones,
        (_("The ones are what is left after the tens.").format(**values),
         _("{round} and how many more make {number}?").format(**values)),
        reveal, focus=number)


def _board_row(c: _Context) -> Question | None:
    _ = c._
    board = c.situation.board
    square = c.pick_number(Kind.BOARD_ROW, range(1, board.last + 1),
                           favourite=c.situation.square)
    row = (square - 1) // board.width + 1
    values = {"square": c.n(square), "width": c.n(board.width), "row": c.n(row),
              "first": c.n((row - 1) * board.width + 1), "end": c.n(row * board.width)}
    return Question(
        Kind.BOARD_ROW,
        _("Counting rows from the bottom, on which row is square {square}?").format(**values),
        row,
        (_("Each row holds {width} squares: row {one} is {one} to {width}.").format(
            one=c.n(1), **values),
         # "Or reach": counting to 30 in tens stops on 30, at the third step, row 3.
         _("Count in steps of {width} until you reach or pass {square}: the number of "
           "steps is the row.").format(**values)),
        _("Row {row} holds the squares {first} to {end}.").format(**values),
        focus=square, choices=tuple(range(1, board.height + 1)))


# -- level 4 ------------------------------------------------------------------

def faces_to(board: Board, square: int, kind: JumpKind) -> int:
    """How many of the six faces end a move from ``square`` on a jump of ``kind``."""
    count = 0
    for face in range(1, DIE_FACES + 1):
        jump = board.jump_at(square + face) if square + face < board.last else None
        count += jump is not None and jump.kind is kind
    return count


def _near(board: Board, square: int, kind: JumpKind) -> list[int]:
    return [j.start for j in board.jumps if j.kind is kind and square < j.start <= square + NEAR]


def _squares_near(board: Board, kind: JumpKind) -> list[int]:
    """Squares from which at least one jump of ``kind`` is near enough to talk about, and
    every face of the pasa moves the token (none would pass the last square)."""
    return [s for s in standable(board) if _near(board, s, kind) and s + DIE_FACES < board.last]


def _chance_faces(c: _Context) -> Question | None:
    _ = c._
    board = c.situation.board
    kind = JumpKind.LADDER if c.rng.random() < 0.6 or not board.snakes else JumpKind.SNAKE
    candidates = _squares_near(board, kind)
    own = c.situation.own_square()
    if own is None or own not in candidates:
        if not candidates:
            return None
        own, square = None, c.rng.choice(candidates)
    else:
        square = own
    starts = _near(board, square, kind)
    answer = faces_to(board, square, kind)
    values = {"square": c.n(square), "starts": c.loc.join(c.n(x) for x in starts),
              "answer": c.n(answer), "six": c.n(DIE_FACES),
              "low": c.n(square + 1), "high": c.n(square + DIE_FACES)}
    single = len(starts) == 1
    reveal: str
    if kind is JumpKind.LADDER and own is None:
        prompt = c.loc.ngettext(
            "Imagine a token on {square}. A ladder near it starts on {starts}. How many of the "
            "six faces of the pasa would take it onto a ladder?",
            "Imagine a token on {square}. Ladders near it start on {starts}. How many of the "
            "six faces of the pasa would take it onto a ladder?", len(starts))
        reveal = c.loc.ngettext("{answer} face of {six} reaches a ladder from {square}.",
                                "{answer} faces of {six} reach a ladder from {square}.", answer)
    elif kind is JumpKind.LADDER:
        prompt = c.loc.ngettext(
            "You are on {square}. A ladder near you starts on {starts}. How many of the six "
            "faces of the pasa would take you onto a ladder?",
            "You are on {square}. Ladders near you start on {starts}. How many of the six "
            "faces of the pasa would take you onto a ladder?", len(starts))
        reveal = c.loc.ngettext("{answer} face of {six} reaches a ladder from {square}.",
                                "{answer} faces of {six} reach a ladder from {square}.", answer)
    elif own is None:
        prompt = c.loc.ngettext(
            "Imagine a token on {square}. A snake near it starts on {starts}. How many of the "
            "six faces of the pasa would take it onto a snake?",
            "Imagine a token on {square}. Snakes near it start on {starts}. How many of the "
            "six faces of the pasa would take it onto a snake?", len(starts))
        reveal = c.loc.ngettext("{answer} face of {six} reaches a snake from {square}.",
                                "{answer} faces of {six} reach a snake from {square}.", answer)
    else:
        prompt = c.loc.ngettext(
            "You are on {square}. A snake near you starts on {starts}. How many of the six "
            "faces of the pasa would take you onto a snake?",
            "You are on {square}. Snakes near you start on {starts}. How many of the six "
            "faces of the pasa would take you onto a snake?", len(starts))
        reveal = c.loc.ngettext("{answer} face of {six} reaches a snake from {square}.",
                                "{answer} faces of {six} reach a snake from {square}.", answer)
    if answer == 0:  # "0 faces reach" is heard as a count; that none does is its own sentence
        reveal = (_("No face of the pasa reaches a ladder from {square}.")
                  if kind is JumpKind.LADDER else
                  _("No face of the pasa reaches a snake from {square}."))

    return Question(
        Kind.CHANCE_FACES, prompt.format(**values), answer,
        ((_("One roll moves you to a square from {low} to {high}.") if own is not None else
          _("One roll moves it to a square from {low} to {high}.")).format(**values),
         # "From … to", as the first hint says: a ladder on {low} is one of them.
         (_("Is {starts} one of the squares from {low} to {high}?") if single else
          _("Which of {starts} are among the squares from {low} to {high}?")).format(**values)),
        reveal.format(**values), focus=square, choices=tuple(range(DIE_FACES + 1)))


def _chance_compare(c: _Context) -> Question | None:
    _ = c._
    board = c.situation.board
    s = c.situation
    pool = standable(board)
    counts = {sq: faces_to(board, sq, JumpKind.LADDER) for sq in pool}
    if len(set(counts.values())) < 2:
        return None
    first = s.square if s.square in counts else c.rng.choice(pool)
    others = [o for o in s.positions if o in counts and counts[o] != counts[first]]
    rivals = others or [sq for sq in pool if counts[sq] != counts[first]]
    second = c.rng.choice(rivals)
    a, b = sorted((first, second))
    better = a if counts[a] > counts[b] else b
    starts = sorted({x for sq in (a, b) for x in _near(board, sq, JumpKind.LADDER)})
    values = {"a": c.n(a), "b": c.n(b), "count_a": c.n(counts[a]), "count_b": c.n(counts[b]),
              "better": c.n(better), "starts": c.loc.join(c.n(x) for x in starts),
              "near": c.n(NEAR)}
    # Says where it looked: the ladders near the two squares, not all the board's.
    prompt = (c.loc.ngettext(
        "Within {near} squares after {a} or after {b}, a ladder starts on {starts}. From which "
        "square is a ladder easier to reach with one roll: {a} or {b}? Type the square.",
        "Within {near} squares after {a} or after {b}, ladders start on {starts}. From which "
        "square is a ladder easier to reach with one roll: {a} or {b}? Type the square.",
        len(starts)) if starts else
              _("From which square is a ladder easier to reach with one roll: {a} or {b}? "
                "Type the square."))
    return Question(
        Kind.CHANCE_COMPARE, prompt.format(**values), better,
        (_("For each square, count the faces of the pasa that land on a ladder.")
         .format(**values),
         _faces_from(c, a, counts[a])),
        " ".join((_faces_from(c, a, counts[a]), _faces_from(c, b, counts[b]),
                  _("So {better} is better.").format(**values))),
        focus=better, ordered=False, choices=(a, b))


def _faces_from(c: _Context, square: int, count: int) -> str:
    if count == 0:  # as the faces question says it: "0 faces reach" is heard as a count
        return c._("No face of the pasa reaches a ladder from {square}.").format(
            square=c.n(square))
    return c.loc.ngettext("From {square}, {count} face reaches a ladder.",
                          "From {square}, {count} faces reach a ladder.", count).format(
        square=c.n(square), count=c.n(count))


GENERATORS: dict[Kind, Callable[[_Context], Question | None]] = {
    Kind.COUNT_ON: _count_on, Kind.NEXT_NUMBER: _next_number, Kind.NUMERAL: _numeral,
    Kind.LAND_WHERE: _land_where, Kind.TO_LADDER: _to_ladder,
    Kind.NUMBER_WORDS: _number_words, Kind.TO_END: _to_end, Kind.WHO_AHEAD: _who_ahead,
    Kind.TENS_ONES: _tens_ones, Kind.BOARD_ROW: _board_row,
    Kind.CHANCE_FACES: _chance_faces, Kind.CHANCE_COMPARE: _chance_compare,
}
# Always possible on any board, so a level never comes back empty-handed.
FALLBACK = {1: Kind.NEXT_NUMBER, 2: Kind.NUMBER_WORDS, 3: Kind.TENS_ONES, 4: Kind.CHANCE_FACES}


def make(kind: Kind, situation: Situation, loc: Localizer, rng: random.Random,
         weights: Weights | None = None, by_ear: bool = False) -> Question | None:
    """One question of ``kind``, or None if this game gives it nothing to ask about."""
    return GENERATORS[kind](_Context(situation, loc, rng, weights or Weights(), by_ear))


def generate(level: int, situation: Situation, loc: Localizer, rng: random.Random,
             weights: Weights | None = None, by_ear: bool = False,
             answered: Collection[str] = ()) -> Question:
    """A question of the level, its kind chosen by the learner's weights.

    ``by_ear``: the game is heard (speech or a screen reader), so no question may
    show what it asks about only on screen or say its own answer aloud.
    ``answered``: prompts the learner answered right lately; another is drawn
    instead while one can be (a board may offer only a few of a kind).
    """
    question = _draw(level, situation, loc, rng, weights or Weights(), by_ear)
    for _ in range(FRESH_DRAWS - 1):
        if question.prompt not in answered:
            break
        question = _draw(level, situation, loc, rng, weights or Weights(), by_ear)
    return question


def _draw(level: int, situation: Situation, loc: Localizer, rng: random.Random,
          weights: Weights, by_ear: bool) -> Question:
    kinds = list(LEVEL_KINDS[level])
    while kinds:
        kind = rng.choices(kinds, weights=[weights.kind(k) for k in kinds], k=1)[0]
        question = make(kind, situation, loc, rng, weights, by_ear)
        if question is not None:
            return question
        kinds.remove(kind)
    fallback_question = make(FALLBACK[level], situation, loc, rng, weights, by_ear)
    if fallback_question is None:  # only a board with no ladders at level 4
        fallback_question = make(Kind.TO_END, situation, loc, rng, weights, by_ear)
    assert fallback_question is not None
    return fallback_question
