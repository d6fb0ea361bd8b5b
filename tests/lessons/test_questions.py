"""Generated questions have the right answers on any board, at every level, in both languages.

Numbers are read back from the prompt (in whichever digits) and the answer is
worked out again here, independently of the generator.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from snl_edu.engine import Board, Jump, JumpKind
from snl_edu.language.localizer import Digits, Localizer, to_latin_digits
from snl_edu.lessons.questions import (
    LEVEL_KINDS,
    LEVELS,
    Kind,
    Move,
    Situation,
    Weights,
    faces_to,
    generate,
    make,
    standable,
)
from tests.lessons.helpers import english, nepali

LOCALIZERS = {"en": english(), "ne": nepali()}
LATIN = re.compile(r"[0-9]")
DEVANAGARI_DIGIT = re.compile(r"[०-९]")


@st.composite
def boards(draw: st.DrawFn) -> Board:
    width = draw(st.integers(3, 12))
    height = draw(st.integers(3, 12))
    last = width * height
    jumps: list[Jump] = []
    starts: set[int] = set()
    ends: set[int] = set()
    for _ in range(draw(st.integers(0, 12))):
        start = draw(st.integers(2, last - 1))
        end = draw(st.integers(1, last))
        if start == end or start in starts or start in ends or end in starts:
            continue
        jumps.append(Jump(JumpKind.LADDER if end > start else JumpKind.SNAKE, start, end))
        starts.add(start)
        ends.add(end)
    return Board.build("random", width, height, jumps)


@st.composite
def situations(draw: st.DrawFn) -> Situation:
    board = draw(boards())
    places = [0, *standable(board)]
    count = draw(st.integers(1, 4))
    positions = tuple(draw(st.sampled_from(places)) for _ in range(count))
    seat = draw(st.integers(0, count - 1))
    names = ("Asha", "Bikash", "Chandra", "Dipa")[:count]
    move = None
    if positions[seat] >= 1:
        roll = draw(st.integers(1, 6))
        if positions[seat] > roll:
            move = Move(positions[seat] - roll, roll)
    return Situation(board, positions, names, seat, move)


def numbers_in(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", to_latin_digits(text))]


def after_move(board: Board, square: int) -> int:
    jump = board.jump_at(square)
    return jump.end if jump else square


def check(question_kind: Kind, situation: Situation, loc: Localizer, seed: int) -> None:
    board = situation.board
    q = make(question_kind, situation, loc, random.Random(seed))
    if q is None:
        return
    assert q.kind is question_kind
    assert q.hints and all(q.hints) and q.reveal
    nums = numbers_in(q.prompt)
    match q.kind:
        case Kind.COUNT_ON:
            assert q.answer == nums[0] + nums[1] and q.answer <= board.last
        case Kind.NEXT_NUMBER:
            assert q.answer == nums[0] + 1
        case Kind.NUMERAL:
            assert q.answer == nums[0]
        case Kind.LAND_WHERE:
            assert sum(nums) <= board.last
            assert q.answer == after_move(board, sum(nums))
        case Kind.TO_LADDER:
            square, foot = min(nums), max(nums)
            assert board.jump_at(foot) is not None and board.jump_at(foot).kind is JumpKind.LADDER
            assert not [j for j in board.ladders if square < j.start < foot]
            assert q.answer == foot - square
        case Kind.NUMBER_WORDS:
            assert loc.words(q.answer) in q.prompt and 1 <= q.answer <= 100
        case Kind.TO_END:
            assert board.last in nums and q.answer == max(nums) - min(nums)
        case Kind.WHO_AHEAD:
            assert q.answer == abs(nums[0] - nums[1]) > 0
        case Kind.TENS_ONES:
            assert q.answer in (nums[0] // 10, nums[0] % 10)
            if loc.language == "en":
                expected = nums[0] // 10 if "tens" in q.prompt else nums[0] % 10
                assert q.answer == expected
        case Kind.BOARD_ROW:
            assert q.answer == (nums[0] - 1) // board.width + 1
        case Kind.CHANCE_FACES:
            square = min(nums)
            listed = set(nums) - {square}
            kinds = {board.jump_at(s).kind for s in listed}  # type: ignore[union-attr]
            assert len(kinds) == 1
            assert q.answer == faces_to(board, square, kinds.pop())
        case Kind.CHANCE_COMPARE:
            a, b = q.choices
            assert faces_to(board, a, JumpKind.LADDER) != faces_to(board, b, JumpKind.LADDER)
            best = max((a, b), key=lambda s: faces_to(board, s, JumpKind.LADDER))
            assert q.answer == best and {a, b} <= set(nums)
    # Numbers appear in the learner's own digits (the numeral question shows the other
    # script on purpose).
    if q.kind is not Kind.NUMERAL:
        wrong_digits = LATIN if loc.language == "ne" else DEVANAGARI_DIGIT
        assert not wrong_digits.search(q.prompt + " ".join(q.hints) + q.reveal), q.prompt


@pytest.mark.parametrize("language", ["en", "ne"])
@pytest.mark.parametrize("kind", list(Kind))
@settings(max_examples=40, deadline=None)
@given(situation=situations(), seed=st.integers(0, 2**32))
def test_every_kind_has_the_right_answer_on_random_boards(
        language: str, kind: Kind, situation: Situation, seed: int) -> None:
    check(kind, situation, LOCALIZERS[language], seed)


@pytest.mark.parametrize("language", ["en", "ne"])
@pytest.mark.parametrize("level", LEVELS)
@settings(max_examples=30, deadline=None)
@given(situation=situations(), seed=st.integers(0, 2**32))
def test_every_level_always_gives_a_question_of_that_level_or_a_safe_fallback(
        language: str, level: int, situation: Situation, seed: int) -> None:
    q = generate(level, situation, LOCALIZERS[language], random.Random(seed))
    assert q.kind in LEVEL_KINDS[level] or q.kind is Kind.TO_END
    check(q.kind, situation, LOCALIZERS[language], seed)


class MissedWhoIsAhead(Weights):
    """A learner who keeps missing how far apart two players are: asked it most."""

    def kind(self, kind: Kind) -> float:
        return 1000.0 if kind is Kind.WHO_AHEAD else 1.0


def test_where_others_may_move_meanwhile_no_question_says_where_they_stand() -> None:
    """At the table the others roll while a child thinks, so "Bikash is on 22" would soon
    be false; on one computer nobody moves until she has answered, and every kind is asked."""
    board = Board.build("plain", 10, 10, [])
    situation = Situation(board, (14, 22), ("Asha", "Bikash"), 0)

    def kinds(others_move: bool) -> set[Kind]:
        return {generate(3, replace(situation, others_move=others_move), english(),
                         random.Random(seed), MissedWhoIsAhead()).kind for seed in range(30)}

    assert Kind.WHO_AHEAD in kinds(others_move=False)
    asked = kinds(others_move=True)
    assert asked and Kind.WHO_AHEAD not in asked


@pytest.mark.parametrize("kind", list(Kind))
def test_a_token_a_team_mate_may_move_meanwhile_is_never_said_to_stand_anywhere(
        kind: Kind) -> None:
    """A team-mate at another computer rolls for the team while Asha thinks: "You are on
    22" would soon be false, so her questions imagine a token; what her own roll did is
    past, and stays so."""
    board = Board.build("one ladder", 10, 10, [Jump(JumpKind.LADDER, 30, 50)])
    still = Situation(board, (22, 14), ("Asha+Bikash", "Chandra"), 0, move=Move(19, 3))
    moving = replace(still, token_moves=True)
    said = [make(kind, s, english(), random.Random(seed)) for s in (still, moving)
            for seed in range(20)]
    prompts = [q.prompt for q in said[20:] if q is not None]
    assert not any("You are on" in p or "is on 22" in p for p in prompts), prompts
    if kind in (Kind.LAND_WHERE, Kind.TO_LADDER, Kind.TO_END, Kind.WHO_AHEAD,
                Kind.CHANCE_FACES):  # (each says where she is when her token stays put)
        assert any(q is not None and "on 22" in q.prompt for q in said[:20])
    if kind is Kind.COUNT_ON:
        assert set(prompts) == {("You were on 19 and rolled 3. Count on 3 from 19: on which "
                                 "square did the pasa put you?")}


def test_count_on_uses_the_move_just_played() -> None:
    board = Board.build("plain", 10, 10, [])
    situation = Situation(board, (8,), ("Asha",), 0, move=Move(5, 3))
    q = make(Kind.COUNT_ON, situation, english(), random.Random(1))
    assert q is not None
    assert q.prompt == ("You were on 5 and rolled 3. Count on 3 from 5: on which square did "
                        "the pasa put you?")
    assert q.answer == 8
    # Counting on starts at the next square (counting her own square is the mistake).
    assert q.hints[1] == "Count on from 5 with me: six, seven, and then?"


def test_nepali_questions_use_devanagari_digits_and_nepali_number_words() -> None:
    board = Board.build("plain", 10, 10, [])
    situation = Situation(board, (8,), ("Asha",), 0, move=Move(5, 3))
    q = make(Kind.COUNT_ON, situation, nepali(), random.Random(1))
    assert q is not None
    assert "५" in q.prompt and "३" in q.prompt
    assert "छ, सात" in q.hints[1]  # counted on from the next square, in Nepali words


def _all_level_one(loc: Localizer, by_ear: bool, seeds: int = 300) -> list:  # type: ignore[type-arg]
    board = Board.build("plain", 10, 10, [Jump(JumpKind.LADDER, 3, 22)])
    situation = Situation(board, (17, 40), ("Asha", "Papa"), 0, Move(12, 5))
    return [generate(1, situation, loc, random.Random(seed), by_ear=by_ear)
            for seed in range(seeds)]


def test_an_english_game_shows_no_devanagari_numerals_unless_asked_for() -> None:
    questions = _all_level_one(english(), by_ear=False)
    shown = " ".join(q.prompt + " ".join(q.hints) + q.reveal for q in questions)
    assert not DEVANAGARI_DIGIT.search(shown)
    asked = _all_level_one(Localizer.create("en", Digits.DEVANAGARI), by_ear=False)
    assert any(q.kind is Kind.NUMERAL for q in asked)  # --digits deva: both scripts taught


@pytest.mark.parametrize("language", ["en", "ne"])
def test_by_ear_no_question_says_its_own_answer(language: str) -> None:
    loc = LOCALIZERS[language]
    questions = _all_level_one(loc, by_ear=True)
    numerals = [q for q in questions if q.kind is Kind.NUMERAL]
    assert numerals  # reading a numeral becomes hearing it: "Type the number seventeen."
    for question in numerals:
        assert loc.words(question.answer) in question.prompt
        said = to_latin_digits(question.prompt + " ".join(question.hints))
        assert str(question.answer) not in re.findall(r"\d+", said)


@pytest.mark.parametrize(("start", "end", "said"), [
    (20, 40, {"en": "No face of the pasa reaches a ladder from 10.",
              "ne": "कोठा १० बाट पासाको कुनै पनि पाटोले भऱ्याङमा पुऱ्याउँदैन।"}),
    (20, 5, {"en": "No face of the pasa reaches a snake from 10.",
             "ne": "कोठा १० बाट पासाको कुनै पनि पाटोले साँपमा पुऱ्याउँदैन।"})])
def test_no_face_reaching_the_jump_is_said_as_none_not_as_zero_faces(
        start: int, end: int, said: dict[str, str]) -> None:
    """A jump 10 squares ahead is near enough to ask about, and no roll reaches it: the
    review heard "० पाटाले … पुऱ्याउँछन्" ("0 faces take you there")."""
    kind = JumpKind.LADDER if end > start else JumpKind.SNAKE
    board = Board.build("one jump", 10, 10, [Jump(kind, start, end)])
    situation = Situation(board, (10,), ("Asha",), 0)
    for language, loc in LOCALIZERS.items():
        q = make(Kind.CHANCE_FACES, situation, loc, random.Random(2))  # draws a snake if any
        assert q is not None and q.answer == 0
        assert q.reveal == said[language]


def test_the_compare_question_says_no_face_reaches_not_zero_faces() -> None:
    board = Board.build("one jump", 10, 10, [Jump(JumpKind.LADDER, 20, 40)])
    situation = Situation(board, (10,), ("Asha",), 0)  # from 10 no roll reaches 20
    q = make(Kind.CHANCE_COMPARE, situation, english(), random.Random(2))
    assert q is not None
    assert "No face of the pasa reaches a ladder from 10." in q.reveal
    assert "0 faces" not in q.reveal and "0 faces" not in " ".join(q.hints)


def test_an_open_question_kept_in_a_saved_game_comes_back_whole_or_not_at_all() -> None:
    from snl_edu.lessons.questions import question_data, question_from

    board = Board.build("plain", 10, 10, [Jump(JumpKind.LADDER, 27, 64)])
    situation = Situation(board, (64,), ("Asha",), 0, Move(26, 1, JumpKind.LADDER))
    question = make(Kind.COUNT_ON, situation, english(), random.Random(1))
    assert question is not None and question.mistaken
    assert question_from(question_data(question)) == question
    for damage in ({"answer": "27"}, {"kind": "guess"}, {"hints": []}, {"mistaken": [[64]]},
                   {"focus": "27"}):
        assert question_from({**question_data(question), **damage}) is None
    assert question_from("not a question") is None


def test_every_count_on_hint_counts_on_from_the_next_square() -> None:
    """Counting the square she stands on is the counting-on mistake: the hint starts after."""
    board = Board.build("plain", 10, 10, [])
    loc = english()
    checked = 0
    for square in range(1, 95):
        for seed in range(6):
            q = make(Kind.COUNT_ON, Situation(board, (square,), ("Asha",), 0), loc,
                     random.Random(seed))
            assert q is not None
            start = q.answer - int(q.prompt.split("Count on ")[1].split()[0])
            if q.answer - start < 2:
                continue
            said = q.hints[1].split(": ", 1)[1].removesuffix(", and then?").split(", ")
            assert q.hints[1].startswith(f"Count on from {start} with me: ")
            assert said[0] == loc.words(start + 1) and said[-1] == loc.words(q.answer - 1)
            checked += 1
    assert checked > 300


@pytest.mark.parametrize("last", [10, 20])
def test_level_three_questions_on_a_straight_board_keep_to_the_numbers_it_shows(
        last: int) -> None:
    """On the straight 1-10 board a level-3 child was asked "How many tens are there in
    73?": a number the board never shows her."""
    board = Board.build("straight", last, 1, [])
    rng = random.Random(40)
    for _ in range(200):
        mine, other = rng.randint(1, last - 1), rng.randint(0, last - 1)
        situation = Situation(board, (mine, other), ("Asha", "Bikash"), 0)
        question = generate(3, situation, english(), rng)
        said = " ".join((question.prompt, *question.hints, question.reveal))
        numbers = [int(number) for number in re.findall(r"\d+", said)]
        assert max([question.answer, *numbers]) <= last, said
