"""Checks what a lesson question says against the game it was asked in.

Each English sentence a question can say is read back by a pattern here and each
claim in it is checked against the facts of the moment: the asked child's square,
their roll and jump this turn, the board, the other players. A question the
patterns cannot read is itself a finding, so a new wording cannot slip past.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass

from snl_edu.boards import load_board
from snl_edu.engine import DIE_FACES, Board, Finish, Game, JumpKind, Rules, Seat
from snl_edu.engine.events import Climbed, Entered, Event, Moved, Rolled, Slid
from snl_edu.inputs.dice import RandomDice
from snl_edu.language.localizer import Localizer, to_latin_digits
from snl_edu.lessons.answers import MAX_TRIES, Asker, Outcome
from snl_edu.lessons.number_words import read_number
from snl_edu.lessons.questions import Question, Situation
from snl_edu.lessons.teacher import Frequency, Teacher
from snl_edu.outputs.console import Outputs
from snl_edu.play.narration import Narrator
from snl_edu.play.session import Session
from tests.lessons.helpers import Child, Collect, Script, english

LOC = english()
N = r"(\d+)"
WORDS = r"([a-z][a-z\- ,]*?)"
# Level 1 keeps to numbers up to this, or within one roll of the child's square.
LEVEL_ONE_TOP = 20


@dataclass(frozen=True)
class Facts:
    """The game at the moment a question was asked, from the asked child's side."""

    board: Board
    positions: tuple[int, ...]
    names: tuple[str, ...]
    seat: int
    imagined: bool  # practice outside a game: the child has no square
    roll: int | None = None  # this turn's (last) roll
    before: int | None = None  # the square before that roll
    landed: int | None = None  # where the roll put the token, before any jump
    jump: JumpKind | None = None  # a ladder or snake taken this turn

    @property
    def square(self) -> int:
        return self.positions[self.seat]


def facts_of(game: Game, seat: int, events: Sequence[Event]) -> Facts:
    roll = before = landed = None
    jump = None
    for event in events:
        if getattr(event, "seat", None) != seat:
            continue
        if isinstance(event, Rolled):
            roll, before, landed, jump = event.value, event.square, None, None
        elif isinstance(event, (Moved, Entered)):
            landed = event.end if isinstance(event, Moved) else event.square
        elif isinstance(event, Climbed):
            jump = JumpKind.LADDER
        elif isinstance(event, Slid):
            jump = JumpKind.SNAKE
    return Facts(game.board, tuple(game.positions), tuple(s.name for s in game.seats), seat,
                 False, roll, before, landed, jump)


def _number(text: str) -> int:
    value = read_number(text.strip(), LOC)
    assert value is not None, text
    return value


def _counted(text: str) -> list[int]:
    return [_number(word) for word in text.split(", ")]


def _faces(board: Board, square: int, kind: JumpKind) -> int:
    count = 0
    for face in range(1, DIE_FACES + 1):
        target = square + face
        jump = board.jump_at(target) if target < board.last else None
        count += jump is not None and jump.kind is kind
    return count


def _near(board: Board, square: int, kind: JumpKind, reach: int = 2 * DIE_FACES) -> list[int]:
    return sorted(j.start for j in board.jumps
                  if j.kind is kind and square < j.start <= square + reach)


class Audit:
    """Every false statement found, each as one line saying what and where."""

    def __init__(self) -> None:
        self.false: list[str] = []
        self.unread: list[str] = []
        self.questions = 0
        self.misleading = 0  # questions with at least one false statement
        self.asked: list[Question] = []  # in the order asked

    def check(self, question: Question, facts: Facts) -> None:
        self.questions += 1
        self.asked.append(question)
        found: list[str] = []
        expected = self._claims(question, facts, found)
        if expected is None:
            self.unread.append(question.prompt)
        elif expected != question.answer:
            found.append(f"judged right: {question.answer}, the question asks for {expected}")
        if question.choices and question.answer not in question.choices:
            found.append(f"offers {question.choices}, its answer {question.answer} is not one")
        start = re.match(rf"(?:You are|Imagine a token) on {N}\.", question.prompt)
        for hint in question.hints:
            if not self._hint(hint, question, int(start[1]) if start else None, facts, found):
                self.unread.append(hint)
            if (question.digits_only and not re.search(r"\d", question.prompt)
                    and str(question.answer) in re.findall(r"\d+", to_latin_digits(hint))):
                found.append(f"hint {hint!r} gives away the digits asked for")
        if not self._reveal(question, facts, found):
            self.unread.append(question.reveal)
        self._feedback(question, facts, found)
        self.misleading += bool(found)
        self.false += [f"{problem} | {question.prompt} | square {facts.square}, "
                       f"roll {facts.roll} from {facts.before}" for problem in found]

    # -- "you" and the numbers a question is about -------------------------------

    def _you_are_on(self, square: int, facts: Facts, found: list[str]) -> None:
        if facts.imagined or square != facts.square:
            found.append(f"says 'you are on {square}'")

    def _you_were(self, square: int, roll: int, facts: Facts, found: list[str],
                  jump: str | None = None) -> None:
        if facts.imagined or (square, roll) != (facts.before, facts.roll):
            found.append(f"says 'you were on {square} and rolled {roll}'")
        elif jump is not None and (facts.jump is None or facts.jump.value != jump):
            found.append(f"says 'before the {jump}'")

    def _level_one(self, numbers: Sequence[int], facts: Facts, found: list[str]) -> None:
        own = () if facts.imagined else tuple(s for s in (facts.square, facts.before)
                                              if s is not None)
        far = [n for n in numbers if n > LEVEL_ONE_TOP
               and all(abs(n - square) > DIE_FACES for square in own)]
        if far:
            found.append(f"level 1 asks about {far[0]}, far from the child's square")

    def _claims(self, question: Question, facts: Facts, found: list[str]) -> int | None:
        """The answer the prompt asks for, checking what it says on the way."""
        p = question.prompt
        board = facts.board
        if m := re.fullmatch(rf"Count on from {N}, {N} more\. Which number do you reach\?", p):
            start, roll = int(m[1]), int(m[2])
            if facts.jump is not None and (start, roll) == (facts.before, facts.roll):
                found.append("asks which number 'you reach' after a jump took you elsewhere")
            elif not facts.imagined and start not in (facts.square, facts.before):
                found.append(f"counts on 'you' from {start}, not the child's square")
            self._level_one([start, start + roll], facts, found)
            return start + roll
        if m := re.fullmatch(rf"(?:Before the (ladder|snake) you|You) were on {N} and rolled "
                             rf"{N}\. Count on {N} from {N}: on which square did the pasa put "
                             r"you(?:, before the (?:ladder|snake))?\?", p):
            start, roll = int(m[2]), int(m[3])
            self._you_were(start, roll, facts, found, m[1])
            if (int(m[4]), int(m[5])) != (roll, start):
                found.append("counts on from another square than it names")
            self._level_one([start, start + roll], facts, found)
            return start + roll
        if m := re.fullmatch(rf"(You are|Imagine a token) on {N}\. Count on {N} more: which "
                             r"number do you reach\?", p):
            start, roll = int(m[2]), int(m[3])
            if m[1] == "You are":
                self._you_are_on(start, facts, found)
            self._level_one([start, start + roll], facts, found)
            return start + roll
        if m := re.fullmatch(rf"Which number comes just after {N}\?", p):
            self._level_one([int(m[1]) + 1], facts, found)
            return int(m[1]) + 1
        if m := re.fullmatch(r"Which number is this: (\S+)\? Type it in digits like (.+)\.", p):
            self._level_one([_number(m[1])], facts, found)
            return _number(m[1])
        if m := re.fullmatch(rf"Type the number {WORDS}\.", p):
            self._level_one([_number(m[1])], facts, found)
            return _number(m[1])
        if m := re.fullmatch(rf"Type this number in digits: {WORDS}\.", p):
            return _number(m[1])
        if m := re.fullmatch(rf"You are on {N} and roll {N}\. On which square will you end "
                             r"up\?", p):
            start, roll = int(m[1]), int(m[2])
            self._you_are_on(start, facts, found)
            if roll != facts.roll:
                found.append(f"says 'you roll {roll}'")
            return self._landing(board, start, roll)
        if m := re.fullmatch(rf"(?:You are on {N}\. If you roll {N} next, on which square "
                             rf"will you|Imagine a token on {N} and a roll of {N}\. On which "
                             r"square does it) end up\?", p):
            if m[1] is not None:
                self._you_are_on(int(m[1]), facts, found)
                return self._landing(board, int(m[1]), int(m[2]))
            return self._landing(board, int(m[3]), int(m[4]))
        if m := re.fullmatch(rf"(You are|Imagine a token) on {N}\. The next ladder (?:ahead of "
                             rf"it )?starts on {N}\. How many squares away is it\?", p):
            start, foot = int(m[2]), int(m[3])
            if m[1] == "You are":
                self._you_are_on(start, facts, found)
            if foot != min((j.start for j in board.ladders if j.start > start), default=None):
                found.append(f"says the next ladder after {start} starts on {foot}")
            return foot - start
        if m := re.fullmatch(rf"(You are|Imagine a token) on {N}\. How many squares is it to "
                             rf"the last square, {N}\?", p):
            if m[1] == "You are":
                self._you_are_on(int(m[2]), facts, found)
            if int(m[3]) != board.last:
                found.append(f"says the last square is {m[3]}")
            return int(m[3]) - int(m[2])
        if m := re.fullmatch(rf"(.+) is on {N} and (.+) is on {N}\. (.+) is ahead: by how many "
                             r"squares\?", p):
            for name, square in ((m[1], int(m[2])), (m[3], int(m[4]))):
                if facts.imagined or facts.positions[facts.names.index(name)] != square:
                    found.append(f"says {name} is on {square}")
            leader = m[1] if int(m[2]) > int(m[4]) else m[3]
            if m[5] != leader:
                found.append(f"says {m[5]} is ahead")
            return abs(int(m[2]) - int(m[4]))
        if m := re.fullmatch(rf"How many (tens|ones) are there in {N}\?", p):
            tens, ones = divmod(int(m[2]), 10)
            return tens if m[1] == "tens" else ones
        if m := re.fullmatch(rf"Counting rows from the bottom, on which row is square {N}\?", p):
            if question.choices != tuple(range(1, board.height + 1)):
                found.append(f"offers {question.choices} for a row of {board.height}")
            return (int(m[1]) - 1) // board.width + 1
        if m := re.fullmatch(rf"(You are|Imagine a token) on {N}\. (?:A ladder|Ladders|A snake|"
                             rf"Snakes) near (?:you|it) starts? on (.+)\. How many of the six "
                             r"faces of the pasa would take (?:you|it) onto an? (ladder|snake)\?",
                             p):
            start, kind = int(m[2]), JumpKind(m[4])
            if m[1] == "You are":
                self._you_are_on(start, facts, found)
            if question.choices != tuple(range(DIE_FACES + 1)):
                found.append(f"offers {question.choices} for a count of the six faces")
            listed = [int(x) for x in re.findall(r"\d+", m[3])]
            if listed != _near(board, start, kind):
                found.append(f"lists the {kind.value}s near {start} as {listed}")
            return _faces(board, start, kind)
        if m := re.fullmatch(rf"(?:Within {N} squares after {N} or after {N}, (?:a ladder starts|"
                             rf"ladders start) on (.+)\. )?From which square is a ladder easier "
                             rf"to reach with one roll: {N} or {N}\? Type the square\.", p):
            a, b = int(m[5]), int(m[6])
            if m[1] is not None:
                listed = [int(x) for x in re.findall(r"\d+", m[4])]
                near = sorted({*_near(board, a, JumpKind.LADDER, int(m[1])),
                               *_near(board, b, JumpKind.LADDER, int(m[1]))})
                if (int(m[2]), int(m[3])) != (a, b) or listed != near:
                    found.append(f"lists the ladders within {m[1]} after {m[2]} or {m[3]} as "
                                 f"{listed}")
            fa, fb = _faces(board, a, JumpKind.LADDER), _faces(board, b, JumpKind.LADDER)
            if fa == fb:
                found.append(f"asks which of {a} and {b} is easier; they are as easy")
            if set(question.choices) != {a, b}:
                found.append(f"offers {question.choices}, asks about {a} or {b}")
            return a if fa > fb else b
        return None

    @staticmethod
    def _landing(board: Board, start: int, roll: int) -> int:
        jump = board.jump_at(start + roll)
        return jump.end if jump else start + roll

    # -- hints ------------------------------------------------------------------

    def _hint(self, hint: str, question: Question, start: int | None, facts: Facts,
              found: list[str]) -> bool:
        """Checks a hint's claims; False if no pattern reads it."""
        answer, board = question.answer, facts.board
        if m := re.fullmatch(rf"Count in tens: {WORDS}, and stop before you pass {N}\.", hint):
            tens = _counted(m[1])
            if tens != list(range(10, int(m[2]) // 10 * 10 + 1, 10)):
                found.append(f"hint counts the tens of {m[2]} as {tens}")
        elif m := re.fullmatch(rf"Count with me: {WORDS}, and then\?", hint):
            if _counted(m[1])[-1] + 1 != answer:
                found.append(f"hint counts {m[1]} toward {answer}")
        elif m := re.fullmatch(rf"Count on from {N} with me: {WORDS}, and then\?", hint):
            counted = _counted(m[2])
            if counted[0] != int(m[1]) + 1 or counted[-1] + 1 != answer:
                found.append(f"hint counts on {m[2]} from {m[1]} toward {answer}")
        elif m := re.fullmatch(rf"It is between {N} and {N}\.", hint):
            # Strictly: a child who reads "between" as leaving out the ends is right too.
            if not int(m[1]) < answer < int(m[2]):
                found.append(f"hint says {answer} is between {m[1]} and {m[2]}")
        elif m := re.fullmatch(rf"It is less than {N}\.", hint):
            if not answer < int(m[1]):
                found.append(f"hint says {answer} is less than {m[1]}")
        elif m := re.fullmatch(rf"Its last digit is {N}\.", hint):
            if answer % 10 != int(m[1]):
                found.append(f"hint says the last digit of {answer} is {m[1]}")
        elif m := re.fullmatch(rf"It comes just (after|before) {WORDS}\.", hint):
            if _number(m[2]) != answer + (-1 if m[1] == "after" else 1):
                found.append(f"hint says {answer} comes just {m[1]} {m[2]}")
        elif m := re.fullmatch(rf"It is (?:one more than|the number just after) {N}\.", hint):
            if int(m[1]) + 1 != answer:
                found.append(f"hint says {answer} is one more than {m[1]}")
        elif hint == "It is the first number we count.":
            if answer != 1:
                found.append(f"hint says {answer} is the first number we count")
        elif m := re.fullmatch(rf"Start at {N} and count {N} more, one for each dot on the "
                               r"pasa\.", hint):
            if int(m[1]) + int(m[2]) != answer:
                found.append(f"hint counts {m[2]} from {m[1]} toward {answer}")
        elif m := re.fullmatch(rf"(?:Count on from {N} until you reach|Take {N} away from) "
                               rf"{N}\.", hint):
            low = int(m[1] or m[2])
            if int(m[3]) - low != answer:
                found.append(f"hint {hint!r} for {answer}")
        elif m := re.fullmatch(rf"First count on {N} from {N}\.", hint):
            if self._landing(board, int(m[2]), int(m[1])) != answer:
                found.append(f"hint {hint!r} for {answer}")
        elif m := re.fullmatch(rf"{N} and {N} make {N}\. Is there a ladder or a snake on "
                               rf"{N}\?", hint):
            if int(m[1]) + int(m[2]) != int(m[3]) or m[3] != m[4]:
                found.append(f"hint says {m[1]} and {m[2]} make {m[3]}")
        elif m := re.fullmatch(rf"{N} and how many more make {N}\?", hint):
            if int(m[2]) - int(m[1]) != answer or int(m[1]) % 10:
                found.append(f"hint {hint!r} for {answer}")
        elif m := re.fullmatch(rf"{N} is one of the numbers from {N} to {N}\.", hint):
            if (int(m[2]), int(m[3])) != (answer * 10, answer * 10 + 9) or not (
                    int(m[2]) <= int(m[1]) <= int(m[3])):
                found.append(f"hint says {m[1]} is from {m[2]} to {m[3]}, for {answer} tens")
        elif hint == "The ones are what is left after the tens.":
            pass
        elif m := re.fullmatch(rf"Each row holds {N} squares: row {N} is {N} to {N}\.", hint):
            if (int(m[1]), int(m[2]), int(m[3]), int(m[4])) != (board.width, 1, 1, board.width):
                found.append(f"hint {hint!r} on a board {board.width} wide")
        elif m := re.fullmatch(rf"Count in steps of {N} until you reach or pass {N}: the number "
                               r"of steps is the row\.", hint):
            width, square = int(m[1]), int(m[2])
            if width != board.width or -(-square // width) != answer:
                found.append(f"hint counts {width}s to {square}: row {-(-square // width)}, "
                             f"the answer {answer}")
        elif m := re.fullmatch(rf"One roll moves (you|it) to a square from {N} to {N}\.", hint):
            if start is None or (int(m[2]), int(m[3])) != (start + 1, start + DIE_FACES):
                found.append(f"hint {hint!r} from {start}")
            if (m[1] == "you") != question.prompt.startswith("You are"):
                found.append(f"hint {hint!r} says {m[1]} of a token that is not")
            if int(m[3]) > board.last - 1:
                found.append(f"hint says one roll moves to {m[3]}, beyond the board's moves")
        elif m := re.fullmatch(rf"(?:Is (.+) one of|Which of (.+) are among) the squares from "
                               rf"{N} to {N}\?", hint):
            if start is None or (int(m[3]), int(m[4])) != (start + 1, start + DIE_FACES):
                found.append(f"hint {hint!r} from {start}")
            if (m[1] or m[2]) not in question.prompt:
                found.append(f"hint {hint!r} asks about squares the question does not name")
        elif m := re.fullmatch(rf"From {N}, {N} faces? reach(?:es)? a ladder\.", hint):
            if _faces(board, int(m[1]), JumpKind.LADDER) != int(m[2]):
                found.append(f"hint says {m[2]} faces reach a ladder from {m[1]}")
        elif m := re.fullmatch(rf"No face of the pasa reaches a ladder from {N}\.", hint):
            if _faces(board, int(m[1]), JumpKind.LADDER) != 0:
                found.append(f"hint says no face reaches a ladder from {m[1]}")
        elif hint == "For each square, count the faces of the pasa that land on a ladder.":
            pass
        elif m := re.fullmatch(rf"It has {N} digits?\.", hint):
            if int(m[1]) != len(str(answer)):
                found.append(f"hint says {answer} has {m[1]} digits")
        elif m := re.fullmatch(r"Digit by digit: (.+)\.", hint):
            pairs = [pair.split(" = ") for pair in m[1].split(", ")]
            if "".join(to_latin_digits(shown) for shown, _ in pairs) != str(answer) or any(
                    to_latin_digits(shown) != to_latin_digits(typed) for shown, typed in pairs):
                found.append(f"hint {hint!r} for {answer}")
        else:
            return False
        return True

    # -- the answer told, and what a wrong answer hears ------------------------------

    def _reveal(self, question: Question, facts: Facts, found: list[str]) -> bool:
        """Checks the sentence told with the answer; False if no pattern reads it."""
        text, answer, board = question.reveal, question.answer, facts.board
        said: int | None = None  # the answer as the reveal says it
        if m := re.fullmatch(rf"Counting: {WORDS}\.", text):
            counted = _counted(m[1])
            if counted != list(range(counted[0], counted[-1] + 1)):
                found.append(f"reveal counts {m[1]}")
            said = counted[-1]
        elif m := re.fullmatch(rf"After {N} comes {N}\.", text):
            if int(m[1]) + 1 != int(m[2]):
                found.append(f"reveal {text!r}")
            said = int(m[2])
        elif m := re.fullmatch(rf"{WORDS} is written {N}\.", text):
            if _number(m[1]) != int(m[2]):
                found.append(f"reveal {text!r}")
            said = int(m[2])
        elif m := re.fullmatch(rf"(\S+) is {N}, said {WORDS}\.", text):
            if _number(m[1]) != int(m[2]) or _number(m[3]) != int(m[2]):
                found.append(f"reveal {text!r}")
            said = int(m[2])
        elif m := re.fullmatch(rf"{N} and {N} make {N}, and (?:there is no ladder or snake "
                               rf"there|a (ladder|snake) there (?:climbs|slides) to {N})\.", text):
            square = int(m[3])
            jump = board.jump_at(square)
            told = (None, square) if m[4] is None else (m[4], int(m[5]))
            if int(m[1]) + int(m[2]) != square or told != (
                    (jump.kind.value, jump.end) if jump else (None, square)):
                found.append(f"reveal {text!r}, the board has {jump}")
            said = told[1]
        elif m := re.fullmatch(rf"(?:From {N} to {N} is {N} squares?|{N} take away {N} is {N})\.",
                               text):
            low, high, said = ((int(m[1]), int(m[2]), int(m[3])) if m[1] else
                               (int(m[5]), int(m[4]), int(m[6])))
            if high - low != said:
                found.append(f"reveal {text!r}")
        elif m := re.fullmatch(rf"(.+) is {N} squares? ahead of (.+)\.", text):
            ahead, behind = (facts.positions[facts.names.index(name)] for name in (m[1], m[3]))
            if ahead - behind != int(m[2]):
                found.append(f"reveal {text!r}, on {ahead} and {behind}")
            said = int(m[2])
        elif m := re.fullmatch(rf"{N} is {N} tens and {N} ones\.", text):
            tens, ones = divmod(int(m[1]), 10)
            if (tens, ones) != (int(m[2]), int(m[3])):
                found.append(f"reveal {text!r}")
            said = tens if question.prompt.startswith("How many tens") else ones
        elif m := re.fullmatch(rf"Row {N} holds the squares {N} to {N}\.", text):
            row = int(m[1])
            if (int(m[2]), int(m[3])) != ((row - 1) * board.width + 1, row * board.width):
                found.append(f"reveal {text!r}")
            said = row
        elif m := re.fullmatch(rf"(?:{N} faces? of {N} reach(?:es)?|No face of the pasa reaches) "
                               rf"an? (ladder|snake) from {N}\.", text):
            said = int(m[1]) if m[1] else 0
            if _faces(board, int(m[4]), JumpKind(m[3])) != said:
                found.append(f"reveal {text!r}")
        elif m := re.fullmatch(r"((?:From|No face) .+?\.) ((?:From|No face) .+\.) "
                               r"So (\d+) is better\.", text):
            for told in (m[1], m[2]):
                self._hint(told, question, None, facts, found)
            said = int(m[3])
        else:
            return False
        if said != answer:
            found.append(f"reveal {text!r} tells {said}, the answer is {answer}")
        return True

    def _feedback(self, question: Question, facts: Facts, found: list[str]) -> None:
        """Three wrong answers given as a child types them: each "Not quite" and the
        answer told must be true."""
        answer = question.answer
        wrong = [given for given, _ in question.mistaken]
        wrong += [g for g in (question.choices or (answer - 1, answer + 1, answer + 10,
                                                   answer + 2))
                  if g != answer and g >= 0 and g not in wrong]
        wrong = wrong[:MAX_TRIES]
        screen = Collect()
        Asker(LOC, Script([str(g) for g in wrong]), Outputs([screen])).ask(question)
        for text in screen.texts:
            if m := re.fullmatch(rf"Not quite: the answer is (bigger|smaller) than {N}\.", text):
                if (m[1] == "bigger") != (answer > int(m[2])):
                    found.append(f"says {m[1]} than {m[2]} for {answer}")
            elif m := re.fullmatch(rf"{N} is where the (ladder|snake) took you\. .*", text):
                if facts.imagined or (facts.square, facts.jump) != (int(m[1]), JumpKind(m[2])):
                    found.append(f"says {text!r}, on {facts.square} after {facts.jump}")
            elif ((m := re.fullmatch(rf"Good try! The answer is {N}\.", text))
                  and int(m[1]) != answer):
                found.append(f"tells the answer as {m[1]}, not {answer}")
        if len(wrong) == MAX_TRIES and screen.texts[-1] != question.reveal:
            found.append("the answer is not told with how to reach it")


# -- games and practice, seeded ----------------------------------------------------

LEVEL_SEEDS = range(12)


class NepaliAudit(Audit):
    """The Nepali wording's claims about "you" (तिमी), on the same facts: the sums are the
    English audit's, the same questions in another language."""

    def check(self, question: Question, facts: Facts) -> None:
        self.questions += 1
        self.asked.append(question)
        found: list[str] = []
        prompt = to_latin_digits(question.prompt)
        for m in re.finditer(r"तिमी कोठा (\d+) मा छौ", prompt):
            self._you_are_on(int(m[1]), facts, found)
        for m in re.finditer(r"तिमी कोठा (\d+) मा थियौ र पासामा (\d+) आयो", prompt):
            self._you_were(int(m[1]), int(m[2]), facts, found)
        if "तिमी" in prompt and not found and not re.search(r"तिमी कोठा \d+ मा (?:छौ|थियौ)",
                                                            prompt):
            self.unread.append(question.prompt)  # says "you" in a way not checked here
        self.misleading += bool(found)
        self.false += [f"{problem} | {question.prompt}" for problem in found]


# Each seed plays another board, rules and seating, so every kind meets boards of other
# sizes, finishes that bounce or overshoot, and a child alone or between computers.
BOARDS = ("moksha-patam", "saanp-bharyang", "classic")
RULES = (Rules(), Rules(finish=Finish.BOUNCE), Rules(finish=Finish.OVERSHOOT, play_to_end=True),
         Rules(six_to_start=True), Rules(six_again=False))
SEATINGS = (("Asha", "Bikash", "*Robot"), ("Asha",), ("Asha", "*Robot", "*Bot", "Dev"))


def numbers_differ(english: Question, nepali: Question) -> list[str]:
    """Where the Nepali question is not the English one asked at the same turn of the same
    game: its kind, answer and choices, and the numbers of each sentence (as a set: a
    Nepali sentence may say one twice, "१०-१० गरेर")."""
    def numbers(text: str) -> set[int]:
        return {int(n) for n in re.findall(r"\d+", to_latin_digits(text))}

    if (english.kind, english.answer, english.choices) != (nepali.kind, nepali.answer,
                                                           nepali.choices):
        return [f"{nepali.prompt!r} is not {english.prompt!r}"]
    pairs = [(english.prompt, nepali.prompt), (english.reveal, nepali.reveal),
             *zip(english.hints, nepali.hints, strict=True)]
    return [f"{ne!r} says {sorted(numbers(ne))}, {en!r} {sorted(numbers(en))}"
            for en, ne in pairs if numbers(en) != numbers(ne)]


def audit_games(levels: Sequence[int] = (1, 2, 3, 4), seeds: Sequence[int] = LEVEL_SEEDS,
                audit: Audit | None = None,
                loc: Localizer = LOC) -> tuple[Audit, list[list[tuple[str, bool]]]]:
    """Whole games, a question every turn; also each child's questions in order."""
    audit = audit or Audit()
    asked_by_child: list[list[tuple[str, bool]]] = []
    for level in levels:
        for seed in seeds:
            asked_by_child += _audit_game(audit, level, seed, loc)
    return audit, asked_by_child


def _audit_game(audit: Audit, level: int, seed: int,
                loc: Localizer) -> list[list[tuple[str, bool]]]:
    board = load_board(BOARDS[seed % len(BOARDS)])
    seats = [Seat(name.lstrip("*"), computer=name.startswith("*"))
             for name in SEATINGS[seed // len(BOARDS) % len(SEATINGS)]]
    game = Game(board, RULES[seed % len(RULES)], seats)
    box: list[Teacher] = []
    child = Child(lambda: box[0].asker.asking if box else None, lambda right: right)
    turn: list[Event] = []
    mine: dict[int, list[tuple[str, bool]]] = {
        index: [] for index, seat in enumerate(seats) if not seat.computer}

    def on_outcome(seat: int, outcome: Outcome) -> None:
        audit.check(outcome.question, facts_of(game, seat, turn))
        mine[seat].append((outcome.question.prompt, outcome.correct))

    # Every fourth game is heard (speech or a screen reader): its numeral question is said.
    teacher = Teacher(loc, Outputs([Collect()]), child, Frequency.EVERY, level,
                      random.Random(seed), on_outcome=on_outcome, by_ear=seed % 4 == 3)
    box.append(teacher)

    def between(game: Game, events: Sequence[Event]) -> None:
        turn[:] = events
        teacher(game, events)

    Session(game, Narrator(loc, board, game.seats), Outputs([Collect()]), child,
            RandomDice(seed * 7 + level), between_turns=between).run()
    return list(mine.values())


def audit_practice(levels: Sequence[int] = (1, 2, 3, 4), count: int = 60,
                   audit: Audit | None = None, loc: Localizer = LOC) -> Audit:
    """`snl lesson`'s questions: made-up positions, nobody's real square."""
    from snl_edu.app.practice import practice_situation
    from snl_edu.lessons.questions import generate

    audit = audit or Audit()
    for level in levels:
        board = load_board(BOARDS[level % len(BOARDS)])
        rng = random.Random(level)
        for _ in range(count):
            situation: Situation = practice_situation(board, "Asha", "your friend", rng)
            question = generate(level, situation, loc, rng)
            audit.check(question, Facts(board, situation.positions, situation.names, 0, True))
    return audit


def repeats(asked_by_child: Sequence[Sequence[tuple[str, bool]]], window: int = 10) -> int:
    """Questions the same child had answered right among their previous ``window``."""
    count = 0
    for asked in asked_by_child:
        for index, (prompt, _) in enumerate(asked):
            recent = asked[max(0, index - window):index]
            count += any(p == prompt and right for p, right in recent)
    return count
