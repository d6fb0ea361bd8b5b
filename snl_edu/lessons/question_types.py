"""What a number question is, what it is made from (the game's situation, the learner's
weights) and the context every question generator draws on: pure data, no questions."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NamedTuple

from snl_edu.engine import DIE_FACES, Board, JumpKind
from snl_edu.language.localizer import Localizer
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
class QuestionContext:
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



Generator = Callable[[QuestionContext], "Question | None"]
"""One kind of question: made from the context, or None when the game gives it nothing."""
