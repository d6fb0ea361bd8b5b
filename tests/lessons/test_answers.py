"""Answer handling: right, wrong then right, three wrong, skip, voice, keys, end of input."""

from __future__ import annotations

import random

import pytest

from snl_edu.commands import Command
from snl_edu.lessons.answers import MAX_TRIES, PRAISE, Asker
from snl_edu.lessons.questions import Kind, Question
from snl_edu.outputs import Outputs
from tests.lessons.helpers import Collect, Script, english, nepali

QUESTION = Question(Kind.COUNT_ON, 1, "Count on from 5, 3 more. Which number do you reach?", 8,
                    ("Start at 5 and count 3 more.", "Count with me: five, six, seven, and then?"),
                    "Counting: six, seven, eight.", focus=8)


def ask(items: list[str | Command], interactive: bool = False, loc=None,
        question: Question = QUESTION):  # type: ignore[no-untyped-def]
    out = Collect()
    ticks = iter(range(100))
    asker = Asker(loc or english(), Script(items, interactive), Outputs([out]),
                  random.Random(0), clock=lambda: float(next(ticks)))
    return asker.ask(question), out.texts


def test_a_right_answer_is_praised_at_once() -> None:
    outcome, texts = ask(["8"])
    assert outcome.correct and outcome.tries == 1 and outcome.given == 8
    assert not outcome.skipped and outcome.seconds == 1.0
    assert texts[-1] in PRAISE


def test_wrong_then_right_gives_a_gentle_clue_and_the_first_hint() -> None:
    outcome, texts = ask(["6", "8"])
    assert outcome.correct and outcome.tries == 2
    assert "Not quite: the answer is bigger than 6." in texts
    assert QUESTION.hints[0] in texts
    assert texts[-1] in PRAISE


def test_three_wrong_answers_show_the_answer_kindly() -> None:
    outcome, texts = ask(["9", "7", "10", "8"])
    assert not outcome.correct and outcome.tries == MAX_TRIES and outcome.given == 10
    assert QUESTION.hints[0] in texts and QUESTION.hints[1] in texts
    assert "Good try! The answer is 8." in texts and texts[-1] == QUESTION.reveal
    assert not any(word in " ".join(texts).lower() for word in ("wrong", "bad", "no!"))


@pytest.mark.parametrize("skip", ["", "s", "skip", "q"])
def test_enter_alone_s_or_q_skips_and_tells_the_answer(skip: str) -> None:
    outcome, texts = ask([skip])
    assert outcome.skipped and not outcome.correct and outcome.tries == 0
    assert texts[-1] == "That is fine, we will skip this one. The answer was 8."


def test_a_spoken_number_goes_through_the_same_command_path() -> None:
    outcome, _ = ask([Command.answer(7, "seven"), Command.answer(8, "eight")])
    assert outcome.correct and outcome.tries == 2 and outcome.given == 8


def test_digits_typed_key_by_key_count_only_after_enter() -> None:
    question = Question(Kind.NUMERAL, 1, "Which number is this: ४७?", 47, ("a", "b"), "c")
    outcome, texts = ask(["4", "\x7f", "4", "7", "\n"], interactive=True, question=question)
    assert outcome.correct and outcome.tries == 1
    assert "47" in texts  # the number typed so far is echoed


def test_devanagari_digits_are_accepted() -> None:
    outcome, _ = ask(["८"], loc=nepali())
    assert outcome.correct


def test_words_that_are_not_numbers_do_not_use_up_a_try() -> None:
    outcome, texts = ask(["banana", "r", "h", "8"])
    assert outcome.correct and outcome.tries == 1
    assert "Please answer with a number, then press Enter. Press s to skip." in texts
    assert texts.count(QUESTION.prompt) == 2  # r repeats the question


def test_the_end_of_input_skips_without_blocking() -> None:
    outcome, _ = ask(["3"])
    assert outcome.input_ended and outcome.skipped and outcome.tries == 1


def test_a_timeout_skips(monkeypatch: pytest.MonkeyPatch) -> None:
    class Silent(Script):
        def next_command(self, timeout: float | None = None) -> Command | None:
            return None

    out = Collect()
    asker = Asker(english(), Silent([]), Outputs([out]), timeout=1.0)
    assert asker.ask(QUESTION).skipped


def test_a_choice_question_only_counts_its_choices() -> None:
    question = Question(Kind.CHANCE_COMPARE, 4, "23 or 36?", 36, ("h1", "h2"), "r",
                        ordered=False, choices=(23, 36))
    outcome, texts = ask(["5", "23", "36"], question=question)
    assert outcome.correct and outcome.tries == 2
    assert "Please choose 23 or 36." in texts
    assert "Not quite, try again." in texts


def test_nepali_feedback_uses_devanagari_digits() -> None:
    _, texts = ask(["6", "8"], loc=nepali())
    assert any("६" in text for text in texts)
