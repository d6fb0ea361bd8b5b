"""The number questions of levels 1-3 (count on, next number, numerals, words, tens and
ones, rows) and the board's questions (where a roll lands, a ladder ahead, who is ahead).
Each returns None when the game gives it nothing to ask about."""

from __future__ import annotations

from snl_edu.engine import DIE_FACES, JumpKind
from snl_edu.language.localizer import to_devanagari_digits
from snl_edu.language.registry import Digits
from snl_edu.lessons.question_types import (
    LEVEL_ONE_TOP,
    Generator,
    Kind,
    Question,
    QuestionContext,
    standable,
)
from snl_edu.vocabulary import N_

# The move just played, asked about: after no jump, a ladder or a snake (the square before
# the jump, and what to say to the square the jump took her to).
_COUNTED_MOVE: dict[JumpKind | None, tuple[str, str]] = {
    None: (N_("You were on {square} and rolled {roll}. Count on {roll} from {square}: on "
              "which square did the pasa put you?"), ""),
    JumpKind.LADDER: (
        N_("Before the ladder you were on {square} and rolled {roll}. Count on {roll} from "
           "{square}: on which square did the pasa put you, before the ladder?"),
        N_("{given} is where the ladder took you. The question is where counting {roll} "
           "from {square} ends, before the ladder.")),
    JumpKind.SNAKE: (
        N_("Before the snake you were on {square} and rolled {roll}. Count on {roll} from "
           "{square}: on which square did the pasa put you, before the snake?"),
        N_("{given} is where the snake took you. The question is where counting {roll} "
           "from {square} ends, before the snake.")),
}


def _count_on(c: QuestionContext) -> Question | None:
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
        asked, mistake = _COUNTED_MOVE[move.jump]
        prompt, wrong = _(asked), _(mistake) if mistake else ""
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


def _next_number(c: QuestionContext) -> Question | None:
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


def _other_script(c: QuestionContext, value: int) -> str | None:
    """The numeral in the script the player does not read every day, if they learn it.

    A Nepali game shows Latin numerals (both are taught in Nepali schools); an
    English game shows Devanagari ones only when asked for (``--digits deva``).
    """
    text = str(value)
    if c.loc.digits is Digits.DEVANAGARI:
        return text
    return to_devanagari_digits(text) if c.loc.spoken.digits is Digits.DEVANAGARI else None


def _numeral(c: QuestionContext) -> Question | None:
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


def _numeral_by_ear(c: QuestionContext, number: int) -> Question:
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

def _land_where(c: QuestionContext) -> Question | None:
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


def _to_ladder(c: QuestionContext) -> Question | None:
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


def _number_words(c: QuestionContext) -> Question | None:
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

def _to_end(c: QuestionContext) -> Question | None:
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


def _who_ahead(c: QuestionContext) -> Question | None:
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


def _tens_ones(c: QuestionContext) -> Question | None:
    """Tens and ones of a number whose whole ten the board shows (its hint names the
    ten's last number): on Siegler & Ramani's straight 1-10 board there is none."""
    _ = c._
    numbers = [n for n in range(10, 100) if n // 10 * 10 + 9 <= c.situation.board.last]
    if not numbers:
        return None
    number = c.pick_number(Kind.TENS_ONES, numbers, favourite=c.situation.square)
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


def _board_row(c: QuestionContext) -> Question | None:
    _ = c._
    board = c.situation.board
    if board.height == 1:
        return None  # a straight board has one row: nothing to ask
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



NUMBER_QUESTIONS: dict[Kind, Generator] = {
    Kind.COUNT_ON: _count_on, Kind.NEXT_NUMBER: _next_number, Kind.NUMERAL: _numeral,
    Kind.LAND_WHERE: _land_where, Kind.TO_LADDER: _to_ladder,
    Kind.NUMBER_WORDS: _number_words, Kind.TO_END: _to_end, Kind.WHO_AHEAD: _who_ahead,
    Kind.TENS_ONES: _tens_ones, Kind.BOARD_ROW: _board_row,
}
