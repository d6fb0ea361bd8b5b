"""What a lesson says is true of the game it is asked in, and a right answer is judged
right: many seeded games at every level, every question read back (tests.lessons.truth)."""

from __future__ import annotations

import random

from snl_edu.engine import Board, Jump, JumpKind
from snl_edu.language.localizer import Digits, Localizer
from snl_edu.lessons.answers import Asker
from snl_edu.lessons.questions import Kind, Move, Situation, make
from snl_edu.outputs.console import Outputs
from tests.lessons.helpers import Collect, Script, english, nepali
from tests.lessons.truth import (
    NepaliAudit,
    audit_games,
    audit_practice,
    numbers_differ,
    repeats,
)


def test_every_question_in_seeded_games_says_only_what_is_true() -> None:
    audit, asked = audit_games()
    assert audit.questions > 1500  # 96 games, a question every human turn, levels 1-4
    assert audit.unread == []  # every prompt was read back and checked
    assert audit.false == []
    # Spaced: a question answered right is not asked again among the child's next ten
    # (on main before: 76 of 1,894; a child's own move may come round again).
    assert repeats(asked) * 100 < audit.questions


def test_practice_outside_a_game_imagines_its_tokens() -> None:
    audit = audit_practice()
    assert audit.unread == [] and audit.false == []


def test_in_nepali_too_you_are_where_the_game_says() -> None:
    # What तिमी (you) is said to be on, or to have rolled (on main: 294 false in games,
    # 93 in practice).
    games, _ = audit_games(levels=(1, 2), seeds=range(6), audit=NepaliAudit(), loc=nepali())
    practice = audit_practice(count=20, audit=NepaliAudit(), loc=nepali())
    assert games.questions > 200
    assert games.unread == practice.unread == []
    assert games.false == practice.false == []


def test_in_nepali_the_numbers_are_the_english_ones() -> None:
    # The same games in both languages (English with Devanagari digits, so it asks the
    # numeral questions a Nepali game asks): each question, hint and answer told has the
    # same numbers. Never compared before: a Nepali hint could name another square.
    english, _ = audit_games(seeds=range(4), loc=Localizer.create("en", Digits.DEVANAGARI))
    nepali_, _ = audit_games(seeds=range(4), audit=NepaliAudit(), loc=nepali())
    assert english.unread == english.false == nepali_.false == []
    assert len(english.asked) == len(nepali_.asked) > 500
    assert [d for pair in zip(english.asked, nepali_.asked, strict=True)
            for d in numbers_differ(*pair)] == []


LADDER = Board.build("plain", 10, 10, [Jump(JumpKind.LADDER, 27, 64)])


def test_after_a_ladder_the_counting_question_names_the_square_it_means() -> None:
    # Asha on 26 rolled 1 and climbed from 27 to 64.
    situation = Situation(LADDER, (64,), ("Asha",), 0, Move(26, 1, JumpKind.LADDER))
    question = make(Kind.COUNT_ON, situation, english(), random.Random(1))
    assert question is not None and question.answer == 27
    assert question.prompt == ("Before the ladder you were on 26 and rolled 1. Count on 1 from "
                               "26: on which square did the pasa put you, before the ladder?")
    screen = Collect()
    outcome = Asker(english(), Script(["64", "27"]), Outputs([screen])).ask(question)
    assert outcome.correct and outcome.tries == 2
    # Her token's square is not called "too big": she is told what 64 is.
    assert ("64 is where the ladder took you. The question is where counting 1 from 26 ends, "
            "before the ladder.") in screen.texts
    assert not any("smaller than 64" in text for text in screen.texts)


def test_the_tens_hint_counts_the_tens_of_the_number_asked() -> None:
    situation = Situation(LADDER, (92,), ("Asha",), 0)
    hints = {q.hints[0] for seed in range(400)
             if (q := make(Kind.TENS_ONES, situation, english(), random.Random(seed)))
             and q.prompt == "How many tens are there in 92?"}
    tens = "ten, twenty, thirty, forty, fifty, sixty, seventy, eighty, ninety"
    assert hints == {f"Count in tens: {tens}, and stop before you pass 92."}
