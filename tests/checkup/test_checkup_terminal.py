"""`snl checkup` on a real pseudo-terminal, keys typed as a child and a grown-up would."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from snl_edu.checkup.items import Task, draw_items
from snl_edu.cli import main
from tests.checkup.classroom import SEED, answers_for
from tests.cli.terminal import Terminal

ITEMS = draw_items(0, SEED)


def checkup(data: Path, *args: str, env: dict[str, str] | None = None) -> Terminal:
    return Terminal("checkup", "Asha", "--seed", str(SEED), "--data-dir", str(data),
                    "--lang", "en", *args, env=env)


def progress(data: Path) -> str:
    result = CliRunner().invoke(main, ["progress", "Asha", "--data-dir", str(data),
                                       "--lang", "en"])
    assert result.exit_code == 0, result.output
    return result.output


def test_an_answer_that_is_not_a_choice_is_asked_again_and_a_stop_keeps_finished_tasks(
        tmp_path: Path) -> None:
    with checkup(tmp_path, "--no-speech") as screen:
        screen.expect("press Escape to skip a question")
        for item in ITEMS:
            if item.task is Task.NUMBER_LINE:
                screen.expect("Where does")
                screen.type("\r")  # the dot placed where it starts, in the middle
            elif item.task is Task.COMPARE:
                first, second = item.numbers
                screen.expect(f"Which is bigger: {first} or {second}?")
                other = next(n for n in range(1, 10) if n not in item.numbers)
                screen.type(f"{other}\r")  # neither number: not marked wrong, asked again
                screen.expect(f"Please choose {first} or {second}.")
                screen.type("x\r")  # Enter alone (x is not a digit): the question again
                screen.expect(f"Which is bigger: {first} or {second}?")
                screen.type(f"{item.answer}\r")
            else:
                break
        screen.expect("Imagine your token on a square")
        screen.type("q")  # the grown-up stops in the middle of counting on
        screen.expect("The check-up stopped before the end. The tasks finished are saved: "
                      "Number line and Which is bigger.")
        assert screen.wait() == 1
    report = progress(tmp_path)
    asked = sum(1 for item in draw_items(0, SEED) if item.task is Task.COMPARE)
    assert f"Which is bigger: {asked} of {asked} right (100%, probably between" in report
    assert "Counting on: not done (the check-up stopped before it)." in report


def test_a_second_check_up_needs_play_since_the_first_unless_the_teacher_says_anyway(
        tmp_path: Path) -> None:
    first = CliRunner().invoke(main, ["checkup", "Asha", "--no-speech", "--seed", str(SEED),
                                      "--data-dir", str(tmp_path)],
                               input=answers_for(0, 1.0, logarithmic=False))
    assert first.exit_code == 0, first.output
    with checkup(tmp_path, "--no-speech") as screen:
        screen.expect("Asha has played 0 of the 60 minutes a check-up needs since the last "
                      "one, on ")
        screen.expect("To check up now anyway, add --anyway.")
        assert screen.wait() == 1
        assert "Where does" not in screen.output
    with checkup(tmp_path, "--no-speech", "--anyway") as screen:
        screen.expect("Where does")
        screen.type("q")
        screen.expect("nothing was saved")
        assert screen.wait() == 1


def test_by_ear_with_no_sound_the_number_line_is_not_measured(tmp_path: Path) -> None:
    """Typing where 42 goes is typing 42: with no tone to hear, the line is left out and
    the report says so, rather than scoring the number copied."""
    with checkup(tmp_path, "--screen-reader") as screen:  # SNL_AUDIO=off: no sound at all
        screen.expect("The number line cannot be heard here (no sound) nor seen, so it is not "
                      "measured this time")
        screen.expect("Which number is bigger?")
        assert "Where does" not in screen.output
        for item in ITEMS:
            if item.task is Task.COMPARE:
                screen.type(f"{item.answer}\r")
        screen.expect("Imagine your token on a square")
        screen.type("q")
        assert screen.wait() == 1
    assert ("Number line: not measured (it needs the line seen or its tone heard: typing "
            "where a number goes would only copy it).") in progress(tmp_path)


@pytest.mark.parametrize("asked", [{"args": ["--screen-reader"]},
                                   {"env": {"SNL_SCREEN_READER": "1"}}], ids=["flag", "set once"])
def test_for_a_screen_reader_the_check_up_is_plain_lines_and_the_typed_answer_stays(
        tmp_path: Path, asked: dict[str, Any]) -> None:
    # As the game's questions: each key echoed once, a backspace rubbed out as \b \b, never
    # a line redrawn (\r, escape sequences), which a screen reader reads out again. (With
    # no sound the number line is not measured: the typed answers are the comparisons'.)
    pairs = [item for item in ITEMS if item.task is Task.COMPARE][:3]
    first, second, third = (f"Which is bigger: {i.numbers[0]} or {i.numbers[1]}?" for i in pairs)
    answer = str(pairs[0].answer)
    with checkup(tmp_path, *asked.get("args", []), env=asked.get("env")) as screen:
        screen.expect(first)
        screen.type("5")
        screen.expect("5")
        screen.type(f"\x7f{answer}\r")
        screen.expect(second)
        screen.type("4")
        screen.expect("4")
        screen.type("\x1b")  # skipped with an answer half typed: it stays, the next is below
        screen.expect(third)
        screen.type("q")
        assert screen.wait() == 1
    assert f"{first}\n5\b \b{answer}\n{second}\n4\n{third}\n" in screen.output, screen.output
    assert "\r" not in screen.output and "\x1b" not in screen.output, screen.output


def test_on_a_dumb_terminal_the_number_line_is_not_measured_nor_redrawn(tmp_path: Path) -> None:
    # TERM=dumb cannot redraw the line the dot moves on, and with no sound it is not heard:
    # typing the place would copy the number, so the line is left out and said to be.
    with checkup(tmp_path, "--no-speech", env={"TERM": "dumb"}) as screen:
        screen.expect("so it is not measured this time")
        screen.expect("Which number is bigger?")
        screen.type("q")
        assert screen.wait() == 1
    assert "Where does" not in screen.output
    assert "\r" not in screen.output and "\x1b" not in screen.output, screen.output


def test_a_baseline_stopped_early_is_completed_without_more_play(tmp_path: Path) -> None:
    """Stopped after two tasks, the baseline used to need an hour of play before any
    check-up, and --anyway made a second one: now the next run asks only what it left
    out and completes the same check-up."""
    answers = answers_for(0, 1.0, logarithmic=False).splitlines()
    line_and_compare = sum(1 for item in ITEMS if item.task in (Task.NUMBER_LINE, Task.COMPARE))
    stopped = CliRunner().invoke(main, ["checkup", "Asha", "--no-speech", "--seed", str(SEED),
                                        "--data-dir", str(tmp_path), "--lang", "en"],
                                 input="\n".join(answers[:line_and_compare + 1]) + "\n")
    assert "The tasks finished are saved: Number line and Which is bigger." in stopped.output
    rest = CliRunner().invoke(main, ["checkup", "Asha", "--no-speech", "--seed", str(SEED),
                                     "--data-dir", str(tmp_path), "--lang", "en"],
                              input="\n".join(answers[line_and_compare:]) + "\n")
    assert rest.exit_code == 0, rest.output
    assert "stopped before the end: this one asks only what it left out" in rest.output
    asked = rest.output.split("Thank you")[0]
    assert " go?" not in asked and "Which is bigger:" not in asked  # the tasks it had done
    report = progress(tmp_path)
    assert "baseline on" in report and "before " not in report  # one check-up, now whole
    counting = sum(1 for item in ITEMS if item.task is Task.COUNT_ON)
    assert f"Counting on: {counting} of {counting} right" in report
    assert "not done" not in report
