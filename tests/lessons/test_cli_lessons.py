"""snl history, snl lesson, snl progress, and snl play with lessons, through the real CLI."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from snl_edu.cli import main
from snl_edu.language.localizer import Localizer
from snl_edu.lessons.content import history_cards, meanings
from tests.cli.conftest import quiet

DEVANAGARI = re.compile(r"[\u0900-\u097F]")


def snl(runner: CliRunner, *args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(main, list(args), input=input)


def test_history_lists_every_card_with_its_source(runner: CliRunner) -> None:
    result = snl(runner, "history")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == f"Moksha Patam: {len(history_cards())} history cards"
    assert lines[1] == f"1. {history_cards()[0].text['en']}"
    assert result.output.count("Source: ") == len(history_cards())


def test_history_in_nepali_shows_nepali_cards_and_digits(runner: CliRunner) -> None:
    result = snl(runner, "history", "--lang", "ne", "--card", "2", "--no-sources")
    assert result.exit_code == 0, result.output
    assert result.output.strip() == f"२. {history_cards()[1].text['ne']}"


def test_history_meanings_list_every_virtue_and_vice(runner: CliRunner) -> None:
    result = snl(runner, "history", "--meanings")
    assert result.exit_code == 0
    for meaning in meanings():
        assert f"{meaning.name['en']}: {meaning.text['en']}" in result.output


def test_history_card_out_of_range_is_one_clear_message(runner: CliRunner) -> None:
    result = snl(runner, "history", "--card", "999")
    assert result.exit_code == 2
    assert f"There are {len(history_cards())} cards" in result.output
    assert "Traceback" not in result.output


def test_lesson_then_progress_report_csv_and_forget(runner: CliRunner, tmp_path: Path) -> None:
    data = ["--data-dir", str(tmp_path)]
    first = snl(runner, "lesson", "--learner", "Asha", "--level", "3", "--seed", "4",
                "--questions", "3", *data, input="1\n2\n3\nskip\nskip\n")
    assert first.exit_code == 0, first.output
    assert "Hello Asha! Level 3 practice." in first.output
    assert "Question 1 of 3:" in first.output and "Good try! The answer is" in first.output
    assert "You answered 0 of 3 right." in first.output
    report = snl(runner, "progress", "asha", *data)
    assert report.exit_code == 0, report.output
    assert report.output.startswith("Progress for Asha\n")
    assert "Suggested level: 3." in report.output
    listing = snl(runner, "progress", *data)
    assert "Asha: 1 answer, 0% right, suggested level 3. 2 questions skipped." in listing.output
    table = snl(runner, "progress", "--csv", *data)
    rows = list(csv.DictReader(io.StringIO(table.output)))
    assert rows and {r["learner"] for r in rows} == {"Asha"}
    assert {r["mode"] for r in rows} == {"practice"}
    kept = snl(runner, "progress", "--forget", "ASHA", *data, input="\n")
    assert kept.exit_code == 1
    assert kept.output.startswith("Forget Asha? This deletes 3 answers and every saved game")
    assert "Nothing was deleted." in kept.output
    assert "Asha:" in snl(runner, "progress", *data).output  # still there
    forgotten = snl(runner, "progress", "--forget", "ASHA", *data, input="y\n")
    assert forgotten.exit_code == 0
    assert re.search(r"^Forgot Asha: \d+ answers? deleted\.", forgotten.output, re.MULTILINE)
    assert "No progress is kept yet." in snl(runner, "progress", *data).output


def test_progress_for_an_unknown_learner_is_one_clear_message(runner: CliRunner,
                                                              tmp_path: Path) -> None:
    result = snl(runner, "progress", "Nobody", "--data-dir", str(tmp_path))
    assert result.exit_code == 1
    assert "No progress is kept for Nobody" in result.output
    assert "Traceback" not in result.output


def test_a_lesson_in_nepali(runner: CliRunner, tmp_path: Path) -> None:
    result = snl(runner, "lesson", "--learner", "सीता", "--lang", "ne", "--level", "1",
                 "--seed", "2", "--questions", "2", "--data-dir", str(tmp_path), input="छोड\nछोड\n")
    assert result.exit_code == 0, result.output
    assert "१" in result.output and "सीता" in result.output


def test_a_scripted_game_with_some_lessons_is_recorded(runner: CliRunner,
                                                       tmp_path: Path) -> None:
    data = ["--data-dir", str(tmp_path)]
    result = snl(runner, "play", *quiet(), "--players", "Asha", "--computer", "1",
                 "--board", "moksha-patam", "--seed", "5", "--lessons", "some", *data,
                 input="\nskip\n" * 300)
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    assert "A question for Asha:" in result.output
    assert "That is fine, we will skip this one." in result.output
    report = snl(runner, "progress", "Asha", *data)
    assert report.exit_code == 0 and "Progress for Asha" in report.output


def test_lessons_are_off_by_default_for_a_piped_script(runner: CliRunner) -> None:
    result = snl(runner, "play", *quiet(), "--players", "Asha", "--seed", "5",
                 input="\n" * 600)
    assert result.exit_code == 0
    assert "A question for" not in result.output


def test_learner_needs_exactly_one_human_player(runner: CliRunner) -> None:
    result = snl(runner, "play", *quiet(), "--players", "Asha,Bikash", "--learner", "Class",
                 "--lessons", "every", input="\n")
    assert result.exit_code == 2
    assert "--learner names the one human player" in result.output


def test_learner_name_is_used_for_progress(runner: CliRunner, tmp_path: Path) -> None:
    data = ["--data-dir", str(tmp_path)]
    result = snl(runner, "play", *quiet(), "--players", "Asha", "--learner", "Class 2",
                 "--lessons", "every", "--seed", "3", *data, input="\nskip\n" * 300)
    assert result.exit_code == 0, result.output
    listing = snl(runner, "progress", *data).output
    assert "Class 2:" in listing and "Asha:" not in listing


@pytest.mark.parametrize("command", ["history", "lesson", "progress"])
def test_help_in_nepali(runner: CliRunner, command: str) -> None:
    result = snl(runner, command, "--help", "--lang", "ne")
    assert result.exit_code == 0
    assert "--lang" in result.output


def test_forget_also_deletes_the_saved_games_the_learner_played(runner: CliRunner,
                                                                tmp_path: Path) -> None:
    data = ["--data-dir", str(tmp_path)]
    game = snl(runner, "play", "--players", "Asha", "--seed", "3", "--lessons", "every",
               *data, input="\n3\nskip\n\n")
    assert "To continue it" in game.output or "--resume" in game.output, game.output
    assert "Asha" in snl(runner, "games", *data).output
    forgotten = snl(runner, "progress", "--forget", "asha", "--yes", *data)  # no question
    assert forgotten.exit_code == 0, forgotten.output
    assert "1 saved game with Asha deleted." in forgotten.output
    assert "Asha" not in snl(runner, "games", "--all", *data).output


@pytest.mark.parametrize("lessons,history,cards", [
    ("off", "on", True), ("every", "off", False), ("every", None, True), ("off", None, False)])
def test_history_is_switched_apart_from_lessons(runner: CliRunner, lessons: str,
                                                history: str | None, cards: bool) -> None:
    result = snl(runner, "play", *quiet(), "--players", "Asha", "--computer", "1",
                 "--board", "moksha-patam", "--seed", "5", "--lessons", lessons,
                 *(["--history", history] if history else []), input="\nskip\n" * 300)
    assert result.exit_code == 0, result.output
    told = "From the history of Moksha Patam:" in result.output
    assert told is cards
    assert ("A question for Asha:" in result.output) is (lessons == "every")
    # A game tells a card's first words; the whole card is for snl history.
    full = {card.text["en"] for card in history_cards() if card.text != card.told}
    assert not any(text in result.output for text in full)


def test_forget_asks_in_nepali_and_takes_a_nepali_yes(runner: CliRunner, tmp_path: Path) -> None:
    data = ["--data-dir", str(tmp_path)]
    snl(runner, "lesson", "--learner", "सीता", "--questions", "1", *data, input="skip\n")
    asked = snl(runner, "progress", "--forget", "सीता", "--lang", "ne", *data, input="हो\n")
    assert asked.exit_code == 0, asked.output
    assert asked.output.startswith("सीताको विवरण मेटाउने?") and "Forget" not in asked.output
    assert "No progress is kept yet." in snl(runner, "progress", *data).output


@pytest.mark.parametrize(("language", "keys_only", "say_it"), [
    ("en", "Type the number and press Enter. To skip, press Escape.", "or say it"),
    ("ne", "सङ्ख्या टाइप गरेर Enter थिच। छोड्न Escape थिच।", "भन"),
])
def test_without_voice_a_question_never_asks_the_child_to_say_the_answer(
        runner: CliRunner, tmp_path: Path, language: str, keys_only: str, say_it: str) -> None:
    """Voice input is off unless --voice: a child told "or say it" would speak to nobody."""
    result = snl(runner, "--lang", language, "play", *quiet(), "--players", "Asha",
                 "--lessons", "every", "--seed", "3", "--data-dir", str(tmp_path), input="\n")
    assert result.exit_code == 0, result.output
    assert keys_only in result.output.splitlines()
    assert say_it not in result.output


def test_progress_shows_a_number_found_after_a_hint_and_the_questions_skipped(
        runner: CliRunner, tmp_path: Path) -> None:
    """Asha answered 14 to "Which number comes just after 15?", then 16 after the hint;
    Chandra skipped both of his questions. A teacher sees both, and no "0%" for nobody."""
    from snl_edu.store import open_store
    from snl_edu.store.progress import ProgressStore
    from snl_edu.vocabulary import AnswerRecord

    def answer(correct: bool, tries: int, skipped: bool = False) -> AnswerRecord:
        return AnswerRecord(kind="next-number", level=1, question="Which number comes just "
                            "after 15?", expected=16, given=None if skipped else 16,
                            correct=correct, tries=tries, skipped=skipped, seconds=5.0,
                            focus=16)

    with open_store(tmp_path) as store:
        progress = ProgressStore(store)
        session = progress.start_session("Asha", "game", 1, "en")
        progress.record(session, "Asha", answer(True, 2))
        session = progress.start_session("Chandra", "game", 1, "en")
        for _ in range(2):
            progress.record(session, "Chandra", answer(False, 0, skipped=True))
    data = ["--data-dir", str(tmp_path)]
    asha = snl(runner, "progress", "Asha", *data).output.splitlines()
    assert "1 answer, 1 right (100%), 0 at the first try, about 5 seconds each." in asha
    assert "Numbers to practise (not right at the first try): 16 (1×)." in asha
    chandra = snl(runner, "progress", "Chandra", *data).output.splitlines()
    assert chandra[1:3] == ["No answers yet.", "2 questions skipped."]
    listing = snl(runner, "progress", *data).output.splitlines()
    assert listing[1:3] == ["  Asha: 1 answer, 100% right, suggested level 1.",
                            "  Chandra: no answers yet, suggested level 1. 2 questions skipped."]
    nepali = snl(runner, "--lang", "ne", "progress", *data).output
    assert "Chandra: अहिलेसम्म कुनै उत्तर छैन, सुझाइएको तह १। २ वटा प्रश्न छोडिए।" in nepali
    assert " ०%" not in nepali  # (१००% is Asha's)


@pytest.mark.parametrize("args", [
    ("lesson", "--learner", "Asha+Bikash"),
    ("play", *quiet(), "--players", "Asha", "--learner", "Asha+Bikash"),
    ("checkup", "Asha+Bikash", "--no-speech"),
])
@pytest.mark.parametrize(("language", "said"), [
    ("en", "A learner is one child, so the name cannot hold \"+\""),
    ("ne", "सिकारु एक जना बच्चा हो, त्यसैले नाममा \"+\" हुन सक्दैन"),
])
def test_a_team_is_never_a_learner(runner: CliRunner, tmp_path: Path, args: tuple[str, ...],
                                   language: str, said: str) -> None:
    """A lesson, a game's --learner or a check-up for "Asha+Bikash" would keep a team's
    progress as if it were a child's, beside Asha's and Bikash's own."""
    result = snl(runner, "--lang", language, *args, "--data-dir", str(tmp_path), input="")
    assert result.exit_code == 2, result.output
    assert said in result.output
    assert "Asha+Bikash" not in snl(runner, "progress", "--data-dir", str(tmp_path)).output


def test_a_new_child_plays_at_level_one_and_hears_their_moves_counted_on(
        runner: CliRunner, tmp_path: Path) -> None:
    data = ["--data-dir", str(tmp_path)]
    result = snl(runner, "play", *quiet(), "--players", "Asha", "--computer", "1",
                 "--seed", "5", "--lessons", "some", *data, input="\nskip\n" * 300)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    counted = [i for i, line in enumerate(lines) if line.startswith("Counting on from ")]
    assert counted  # no --level: a child with no record is at level 1
    # Only Asha's own moves, each counted on from the square she was on.
    words = Localizer.create("en").words
    for i in counted:
        assert lines[i + 1].startswith("Asha moves from ")
        start = int(lines[i + 1].removeprefix("Asha moves from ").split(" to ")[0])
        assert lines[i].startswith(f"Counting on from {words(start)}: {words(start + 1)}")
    assert not any(line.startswith("Counting: ") for line in lines)
    higher = snl(runner, "play", *quiet(), "--players", "Asha", "--computer", "1",
                 "--seed", "5", "--lessons", "some", "--level", "2", *data,
                 input="\nskip\n" * 300)
    assert "Counting on from" not in higher.output


@pytest.mark.parametrize(("language", "impossible", "again"), [
    ("en", "7", "Please type a number from 0 to 6."),
    ("ne", "७", "० देखि ६ सम्मको सङ्ख्या टाइप गर।"),
])
def test_an_answer_no_face_count_can_be_is_asked_again_not_marked_wrong(
        runner: CliRunner, tmp_path: Path, language: str, impossible: str, again: str) -> None:
    """"How many of the six faces...?": 7 is not one of the answers it offers; Mina hears
    which are, and her right answer after it is right at the first try."""
    from snl_edu.store import open_store
    from snl_edu.store.progress import ProgressStore

    data = ["--data-dir", str(tmp_path)]
    result = snl(runner, "--lang", language, "lesson", "--learner", "Mina", "--level", "4",
                 "--seed", "2", "--questions", "1", *data, input=f"{impossible}\n0\n")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[4] == again, result.output
    assert len(lines) == 7, result.output  # the praise and the tally: no hint, no "smaller"
    with open_store(tmp_path) as store:
        [answer] = ProgressStore(store).recent("Mina")
    assert (answer.correct, answer.tries) == (True, 1)


@pytest.mark.parametrize("language", ["en", "ne"])
def test_every_history_line_a_game_tells_is_said_so_by_snl_history(
        runner: CliRunner, tmp_path: Path, language: str) -> None:
    """A game told "A scientist looked at almost 150 old boards" where card 14 says a
    researcher studied nearly 150 game charts: what a game tells is the card's own words."""
    game = snl(runner, "--lang", language, "play", *quiet(), "--players", "Asha",
               "--computer", "5", "--seed", "2", "--lessons", "every",
               "--data-dir", str(tmp_path), input="\nskip\n" * 300)
    assert game.exit_code == 0, game.output
    heading = Localizer.create(language).gettext("From the history of Moksha Patam: {fact}")
    before = heading.split("{fact}")[0]
    told = {line[len(before):] for line in game.output.splitlines() if line.startswith(before)}
    assert len(told) >= 20, game.output  # nearly every card, each told alone
    cards = snl(runner, "--lang", language, "history", "--no-sources").output
    assert [line for line in told if line not in cards] == []
