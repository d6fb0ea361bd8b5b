"""Level 4's questions of chance: how many faces of the pasa reach a snake or a ladder,
and which of two squares has the better chance."""

from __future__ import annotations

from collections.abc import Callable

from snl_edu.engine import DIE_FACES, Board, JumpKind
from snl_edu.language.localizer import Localizer
from snl_edu.lessons.question_types import (
    NEAR,
    Generator,
    Kind,
    Question,
    QuestionContext,
    standable,
)
from snl_edu.vocabulary import N_


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


def _chance_faces(c: QuestionContext) -> Question | None:
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
    prompt, reveal = _faces_sentences(c, kind, own, starts, answer)

    return Question(
        Kind.CHANCE_FACES, prompt.format(**values), answer,
        ((_("One roll moves you to a square from {low} to {high}.") if own is not None else
          _("One roll moves it to a square from {low} to {high}.")).format(**values),
         # "From … to", as the first hint says: a ladder on {low} is one of them.
         (_("Is {starts} one of the squares from {low} to {high}?") if single else
          _("Which of {starts} are among the squares from {low} to {high}?")).format(**values)),
        reveal.format(**values), focus=square, choices=tuple(range(DIE_FACES + 1)))


# The faces question, for a ladder or a snake, about the child's own square (False) or an
# imagined token (True): one sentence each, with its plural for several jumps near.
_FACES_ASKED: dict[tuple[JumpKind, bool], Callable[[Localizer, int], str]] = {
    (JumpKind.LADDER, True): lambda loc, near: loc.ngettext(
        "Imagine a token on {square}. A ladder near it starts on {starts}. How many of the "
        "six faces of the pasa would take it onto a ladder?",
        "Imagine a token on {square}. Ladders near it start on {starts}. How many of the "
        "six faces of the pasa would take it onto a ladder?", near),
    (JumpKind.LADDER, False): lambda loc, near: loc.ngettext(
        "You are on {square}. A ladder near you starts on {starts}. How many of the six "
        "faces of the pasa would take you onto a ladder?",
        "You are on {square}. Ladders near you start on {starts}. How many of the six "
        "faces of the pasa would take you onto a ladder?", near),
    (JumpKind.SNAKE, True): lambda loc, near: loc.ngettext(
        "Imagine a token on {square}. A snake near it starts on {starts}. How many of the "
        "six faces of the pasa would take it onto a snake?",
        "Imagine a token on {square}. Snakes near it start on {starts}. How many of the "
        "six faces of the pasa would take it onto a snake?", near),
    (JumpKind.SNAKE, False): lambda loc, near: loc.ngettext(
        "You are on {square}. A snake near you starts on {starts}. How many of the six "
        "faces of the pasa would take you onto a snake?",
        "You are on {square}. Snakes near you start on {starts}. How many of the six "
        "faces of the pasa would take you onto a snake?", near),
}
# The answer told: how many faces reach a jump of the kind; "0 faces reach" is heard as a
# count, so that none does is its own sentence.
_FACES_TOLD: dict[JumpKind, Callable[[Localizer, int], str]] = {
    JumpKind.LADDER: lambda loc, faces: loc.ngettext(
        "{answer} face of {six} reaches a ladder from {square}.",
        "{answer} faces of {six} reach a ladder from {square}.", faces),
    JumpKind.SNAKE: lambda loc, faces: loc.ngettext(
        "{answer} face of {six} reaches a snake from {square}.",
        "{answer} faces of {six} reach a snake from {square}.", faces),
}
_NO_FACE = {JumpKind.LADDER: N_("No face of the pasa reaches a ladder from {square}."),
            JumpKind.SNAKE: N_("No face of the pasa reaches a snake from {square}.")}


def _faces_sentences(c: QuestionContext, kind: JumpKind, own: int | None, starts: list[int],
                     answer: int) -> tuple[str, str]:
    """The faces question and the answer told: for a ladder or a snake, about the child's
    own square or an imagined token."""
    prompt = _FACES_ASKED[(kind, own is None)](c.loc, len(starts))
    reveal = _FACES_TOLD[kind](c.loc, answer) if answer else c._(_NO_FACE[kind])
    return prompt, reveal


def _chance_compare(c: QuestionContext) -> Question | None:
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


def _faces_from(c: QuestionContext, square: int, count: int) -> str:
    if count == 0:  # as the faces question says it: "0 faces reach" is heard as a count
        return c._("No face of the pasa reaches a ladder from {square}.").format(
            square=c.n(square))
    return c.loc.ngettext("From {square}, {count} face reaches a ladder.",
                          "From {square}, {count} faces reach a ladder.", count).format(
        square=c.n(square), count=c.n(count))




CHANCE_QUESTIONS: dict[Kind, Generator] = {
    Kind.CHANCE_FACES: _chance_faces, Kind.CHANCE_COMPARE: _chance_compare,
}
