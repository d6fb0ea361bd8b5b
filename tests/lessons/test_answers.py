"""Answer handling: right, wrong then right, three wrong, skip, voice, keys, end of input."""

from __future__ import annotations

import random

import pytest

from snl_edu.boards import load_board
from snl_edu.engine import Board
from snl_edu.inputs.commands import Action, Command
from snl_edu.language.localizer import Localizer, to_latin_digits
from snl_edu.lessons.answers import MAX_TRIES, PRAISE, Asker
from snl_edu.lessons.questions import Kind, Question, Situation, make
from snl_edu.outputs.console import Outputs
from tests.lessons.helpers import Collect, Ear, Script, english, nepali

QUESTION = Question(Kind.COUNT_ON, "Count on from 5, 3 more. Which number do you reach?", 8,
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


@pytest.mark.parametrize("skip,interactive", [
    ("skip", False), ("SKIP", False), ("छोड", False), ("q", False), ("\x1b", True)])
def test_the_skip_key_and_word_skip_and_tell_the_answer(skip: str, interactive: bool) -> None:
    outcome, texts = ask([skip], interactive=interactive)
    assert outcome.skipped and not outcome.correct and outcome.tries == 0
    assert not outcome.input_ended
    assert texts[-1] == "That is fine, we will skip this one. The answer was 8."


@pytest.mark.parametrize("keys", [["\n"], ["\r"], [" "], [" ", "\n"], ["s", "\x7f", "\n"]])
def test_enter_or_space_alone_never_skip(keys: list[str]) -> None:
    outcome, texts = ask([*keys, "8", "\n"], interactive=True)
    assert outcome.correct and not outcome.skipped
    assert "That is fine" not in " ".join(texts)


def test_an_empty_line_in_a_script_repeats_the_question() -> None:
    outcome, texts = ask(["", "8"])
    assert outcome.correct and texts.count(QUESTION.prompt) == 2


@pytest.mark.parametrize("typed", ["six", "seven", "sixteen", "s"])
def test_a_word_with_s_is_typed_not_a_skip(typed: str) -> None:
    outcome, texts = ask([*typed, "\n", "8", "\n"], interactive=True)
    assert not outcome.skipped and outcome.correct
    assert "That is fine" not in " ".join(texts)


@pytest.mark.parametrize("words,loc", [
    ("eight", None), ("Eight", None), ("आठ", "ne"), ("eight", "ne"), ("८", None)])
def test_number_words_in_the_language_or_english_are_answers(words: str, loc: str | None,
                                                             ) -> None:
    outcome, _ = ask([words], loc=nepali() if loc else None)
    assert outcome.correct and outcome.given == 8


def test_two_digit_words_typed_key_by_key() -> None:
    question = Question(Kind.TO_END, "How many squares to 100?", 42, ("a", "b"), "c")
    outcome, _ = ask([*"forty-two", "\r"], interactive=True, question=question)
    assert outcome.correct
    outcome, _ = ask([*"बयालीस", "\r"], interactive=True, question=question, loc=nepali())
    assert outcome.correct  # long or short ई: both spellings a child may use


BOARD = load_board("saanp-bharyang")


def _asked(kind: Kind, loc: Localizer, answer: int, by_ear: bool = False) -> Question:
    """A question of ``kind`` as a game makes it, whose answer is ``answer``."""
    situation = Situation(BOARD, (5, 9), ("Asha", "Bikash"), 0)
    for seed in range(2000):
        question = make(kind, situation, loc, random.Random(seed), by_ear=by_ear)
        if question is not None and question.answer == answer:
            return question
    raise AssertionError(f"no {kind} question with the answer {answer}")


@pytest.mark.parametrize("kind,by_ear,lang,copied,digits", [
    (Kind.NUMBER_WORDS, False, "en", "thirty", "30"),
    (Kind.NUMBER_WORDS, False, "ne", "तीस", "३०"),
    (Kind.NUMBER_WORDS, False, "ne", "तीस", "30"),  # either script, by design
    (Kind.NUMERAL, True, "en", "fifteen", "15"),
    (Kind.NUMERAL, True, "ne", "पन्ध्र", "१५"),
    # Shown as 15 to be read, it is answered in the game's own digits: 15 typed back is the
    # prompt copied (test_the_numeral_typed_back_in_the_script_it_is_shown_in_...).
    (Kind.NUMERAL, False, "ne", "fifteen", "१५"),
])
def test_a_question_that_asks_for_digits_is_answered_in_digits(
        kind: Kind, by_ear: bool, lang: str, copied: str, digits: str) -> None:
    # "Type this number in digits: thirty." answered "thirty" was the prompt copied, and
    # was praised and kept as right (on main).
    loc = nepali() if lang == "ne" else english()
    question = _asked(kind, loc, int(to_latin_digits(digits)), by_ear)
    assert not by_ear or loc.words(question.answer) in question.prompt
    spoken = Command.answer(int(to_latin_digits(digits)), copied)
    outcome, texts = ask([copied, spoken, digits], loc=loc, question=question)
    assert outcome.correct and outcome.tries == 1  # the words were no try, right or wrong
    again = ("Please type this one in digits, like 1, 2, 3." if lang == "en" else
             "यसलाई १, २, ३ जस्ता अङ्कमा टाइप गर।")
    assert texts.count(again) == 2  # typed, then said: words both times


def test_a_spoken_number_answers_a_question_about_a_count() -> None:
    # Only the digit questions ask for digits: elsewhere "ninety-five" said is 95.
    question = _asked(Kind.TO_END, english(), 95)
    outcome, _ = ask([Command.answer(95, "ninety five")], question=question)
    assert outcome.correct


class Echoing(Collect):
    def __init__(self) -> None:
        super().__init__()
        self.echoed = ""

    def echo(self, text: str) -> None:
        self.echoed += text


def test_a_spoken_number_goes_through_the_same_command_path() -> None:
    outcome, _ = ask([Command.answer(7, "seven"), Command.answer(8, "eight")])
    assert outcome.correct and outcome.tries == 2 and outcome.given == 8


def test_digits_typed_key_by_key_count_only_after_enter() -> None:
    question = Question(Kind.NUMERAL, "Which number is this: ४७?", 47, ("a", "b"), "c")
    out = Echoing()
    asker = Asker(nepali(), Script(["4", "\x7f", "4", "7", "\n"], True), Outputs([out]))
    outcome = asker.ask(question)
    assert outcome.correct and outcome.tries == 1
    assert out.echoed == "४\b \b४७\n"  # echoed in the game's digits, as typed


def test_devanagari_digits_are_accepted() -> None:
    outcome, _ = ask(["८"], loc=nepali())
    assert outcome.correct


def test_words_that_are_not_numbers_do_not_use_up_a_try() -> None:
    outcome, texts = ask(["banana", "r", "h", "8"])
    assert outcome.correct and outcome.tries == 1
    assert ("Please answer with a number, then press Enter. To skip, press Escape."
            in texts)
    assert texts.count(QUESTION.prompt) == 2  # r repeats the question


def test_the_end_of_input_skips_without_blocking() -> None:
    outcome, _ = ask(["3"])
    assert outcome.input_ended and outcome.skipped and outcome.tries == 1


def test_a_question_waits_for_its_player() -> None:
    class Slow(Script):
        def next_command(self, timeout: float | None = None) -> Command | None:
            assert timeout is None  # no timer skips a question (--auto-roll is for rolls)
            return super().next_command(timeout)

    asker = Asker(english(), Slow(["8"]), Outputs([Collect()]))
    assert asker.ask(QUESTION).correct


def test_a_choice_question_only_counts_its_choices() -> None:
    question = Question(Kind.CHANCE_COMPARE, "23 or 36?", 36, ("h1", "h2"), "r",
                        ordered=False, choices=(23, 36))
    outcome, texts = ask(["5", "23", "36"], question=question)
    assert outcome.correct and outcome.tries == 2
    assert "Please choose 23 or 36." in texts
    assert "Not quite, try again." in texts


def test_nepali_feedback_uses_devanagari_digits() -> None:
    _, texts = ask(["6", "8"], loc=nepali())
    assert any("६" in text for text in texts)


@pytest.mark.parametrize("typed,number", [
    ("forty-two", 42), ("forty two", 42), ("fortytwo", 42), ("Forty-Two", 42),
    ("one hundred and five", 105), ("बयालिस", 42), ("बयालीस", 42), ("४२", 42), ("4२", 42),
    ("twelve", 12), ("बाह्र", 12), ("", None), ("banana", None), ("-3", None)])
def test_reading_numbers_in_digits_or_words(typed: str, number: int | None) -> None:
    from snl_edu.lessons.number_words import read_number

    assert read_number(typed, nepali()) == number


@pytest.mark.parametrize(("ear", "told"), [
    (None, "Type the number and press Enter. To skip, press Escape."),
    (Ear({Action.SKIP: "skip"}, numbers=True),
     "Type the number and press Enter, or say it. To skip, press Escape or say skip."),
    # A child's taught commands alone (no model for her language) hear no numbers.
    (Ear({Action.SKIP: "skip"}, numbers=False),
     "Type the number and press Enter. To skip, press Escape or say skip."),
    (Ear({Action.ROLL: "roll"}, numbers=True),
     "Type the number and press Enter, or say it. To skip, press Escape."),
    (Ear({Action.ROLL: "roll"}, numbers=False),
     "Type the number and press Enter. To skip, press Escape."),
])
def test_saying_is_offered_only_for_what_the_voice_input_hears(ear: Ear | None,
                                                               told: str) -> None:
    out = Collect()
    asker = Asker(english(), Script(["skip"]), Outputs([out]), ear=ear)
    asker.ask(QUESTION)
    assert told in out.texts


def test_with_voice_on_a_digits_question_says_to_type_it() -> None:
    # "Type the number and press Enter, or say it." would be untrue: said, it is words.
    question = _asked(Kind.NUMBER_WORDS, english(), 30)
    out = Collect()
    asker = Asker(english(), Script(["30"]), Outputs([out]), ear=Ear({}, numbers=True))
    assert asker.ask(question).correct
    assert "Type the number and press Enter. To skip, press Escape." in out.texts
    assert not any("or say it" in text for text in out.texts)


def test_the_numeral_typed_back_in_the_script_it_is_shown_in_is_asked_for_again() -> None:
    """A Nepali game shows 14 in Latin digits to be read: typing 14 back copies it."""
    board = Board.build("plain", 10, 10, [])
    question = next(q for seed in range(50)
                    if (q := make(Kind.NUMERAL, Situation(board, (3,), ("Asha",), 0), nepali(),
                                  random.Random(seed))) is not None and q.answer >= 10)
    shown = str(question.answer)
    assert shown in question.prompt and question.copy == shown
    out = Collect()
    outcome = Asker(nepali(), Script([shown, nepali().number(question.answer)]),
                    Outputs([out])).ask(question)
    assert outcome.correct and outcome.tries == 1  # the copy was neither right nor a try
    assert nepali().gettext("Please type this one in digits, like {digits}.").format(
        digits=", ".join(nepali().number(d) for d in (1, 2, 3))) in out.texts
