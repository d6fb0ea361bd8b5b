"""Progress on a real SQLite file: round trip, learners, report, CSV, forgetting, adaptivity."""

from __future__ import annotations

import csv
import io
import random
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from snl_edu.engine import Board
from snl_edu.lessons.adaptive import LearnerWeights, suggest_level, summarise
from snl_edu.lessons.questions import Kind, Situation, generate
from snl_edu.lessons.report import report_lines
from snl_edu.store import open_store
from snl_edu.store.forget import find, forget
from snl_edu.store.progress import CSV_COLUMNS, ProgressStore, UnknownLearnerError, write_csv
from snl_edu.vocabulary import AnswerRecord
from tests.lessons.helpers import english, nepali

START = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def record(kind: str, correct: bool, tries: int = 1, level: int = 1, focus: int | None = None,
           minutes: int = 0, skipped: bool = False) -> AnswerRecord:
    return AnswerRecord(kind=kind, level=level, question=f"{kind}?", expected=7,
                        given=None if skipped else (7 if correct else 5), correct=correct,
                        tries=tries, skipped=skipped, seconds=4.0, focus=focus,
                        at=START + timedelta(minutes=minutes))


def test_answers_round_trip_through_the_file(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        progress = ProgressStore(store)
        session = progress.start_session("Asha", "game", 2, "ne")
        progress.record(session, "Asha", record("land-where", True, tries=2, level=2, focus=30))
        progress.record(session, "asha", record("to-ladder", False, tries=3, level=2, focus=4,
                                                minutes=1))
    with open_store(tmp_path) as store:  # a fresh connection reads what was written
        progress = ProgressStore(store)
        assert progress.learners() == ["Asha"]  # names match whatever the case
        first, second = progress.answers("ASHA")
    assert (first.kind, first.correct, first.tries, first.focus) == ("land-where", True, 2, 30)
    assert (second.kind, second.correct, second.given) == ("to-ladder", False, 5)
    assert first.mode == "game" and first.language == "ne" and first.learner == "Asha"
    assert first.at == START


def test_several_learners_are_kept_apart_and_one_can_be_forgotten(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        progress = ProgressStore(store)
        for name, count in (("Asha", 3), ("Bikash", 2), ("Chandra", 1)):
            session = progress.start_session(name, "practice", 1, "en")
            for index in range(count):
                progress.record(session, name, record("numeral", True, minutes=index))
        assert progress.learners() == ["Asha", "Bikash", "Chandra"]
        assert [len(progress.answers(n)) for n in progress.learners()] == [3, 2, 1]
        assert len(progress.answers()) == 6
        assert forget(store, "bikash").answers == 2
        assert progress.learners() == ["Asha", "Chandra"]
        assert store.connection.execute("SELECT count(*) FROM lesson_session").fetchone()[0] == 2
        assert not find(store, "Bikash")
        with pytest.raises(UnknownLearnerError):
            progress.canonical_name("Bikash")


def test_the_report_shows_accuracy_per_kind_missed_numbers_sessions_and_a_level() -> None:
    records = [record("count-on", True, focus=8, minutes=m) for m in range(6)]
    records += [record("numeral", False, tries=3, focus=17, minutes=10 + m) for m in range(3)]
    records += [record("next-number", True, tries=2, focus=12, minutes=20)]
    records += [record("numeral", False, tries=0, skipped=True, minutes=21)]
    summary = summarise("Asha", records)
    assert (summary.answered, summary.correct) == (10, 7)
    assert summary.missed_numbers == ((17, 3), (12, 1))  # 12 was found after a hint
    lines = report_lines(summary, english())
    assert lines[0] == "Progress for Asha"
    assert "10 answers, 7 right (70%), 6 at the first try, about 4 seconds each." in lines
    assert "1 question skipped." in lines
    assert "  counting on: 6 of 6 right (100%), 6 at the first try." in lines
    assert ("  reading numerals: 0 of 3 right (0%), 0 at the first try, 1 skipped."
            in lines)
    assert "Numbers to practise (not right at the first try): 17 (3×) and 12 (1×)." in lines
    assert "  2026-03-01: 7 of 10 right (70%), 1 skipped" in lines
    assert lines[-1] == "Suggested level: 1."
    nepali_lines = report_lines(summary, nepali())
    assert "१७" in " ".join(nepali_lines) and "17" not in " ".join(nepali_lines)


def test_the_csv_has_a_header_and_one_row_per_answer(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        progress = ProgressStore(store)
        session = progress.start_session("Asha", "game", 1, "en")
        progress.record(session, "Asha", record("count-on", True, focus=8))
        progress.record(session, "Asha", record("numeral", False, tries=0, skipped=True,
                                                minutes=1))
        buffer = io.StringIO()
        write_csv(progress.answers(), buffer)
    rows = list(csv.DictReader(io.StringIO(buffer.getvalue())))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert [(r["learner"], r["kind"], r["correct"], r["given"], r["skipped"]) for r in rows] == [
        ("Asha", "count-on", "1", "7", "0"), ("Asha", "numeral", "0", "", "1")]
    assert rows[0]["time"] == "2026-03-01T09:00:00+00:00" and rows[0]["mode"] == "game"


def test_levels_go_up_when_ready_and_down_when_struggling() -> None:
    assert suggest_level([]) == 1
    ready = [record("numeral", True, level=2, minutes=m) for m in range(10)]
    assert suggest_level(ready) == 3
    struggling = [record("to-end", False, tries=3, level=3, minutes=m) for m in range(10)]
    assert suggest_level(struggling) == 2
    mixed = [record("to-end", m % 3 != 0, tries=1 if m % 2 else 2, level=3, minutes=m)
             for m in range(10)]
    assert suggest_level(mixed) == 3
    assert suggest_level([record("chance-faces", True, level=4, minutes=m)
                          for m in range(10)]) == 4
    # Every answer right, though most after a hint: ready to move on, not kept at 1.
    always_right = [record("count-on", True, tries=1 if m % 4 == 0 else 2, minutes=m)
                    for m in range(24)]
    assert suggest_level(always_right) == 2


def test_a_game_without_a_level_asks_at_the_level_of_each_childs_record(
        tmp_path: Path) -> None:
    from snl_edu.lessons.teacher import Recorder, Teacher
    from snl_edu.outputs.console import Outputs
    from tests.lessons.helpers import Collect, Script

    with open_store(tmp_path) as store:
        progress = ProgressStore(store)
        session = progress.start_session("Asha", "game", 2, "en")
        for m in range(10):
            progress.record(session, "Asha", record("land-where", True, level=2, minutes=m))
        teacher = Teacher(english(), Outputs([Collect()]), Script([]), level=None,
                          recorder=Recorder(progress, "game", None, "en"))
        assert teacher.level_of("Asha") == 3
        assert teacher.level_of("Bikash") == 1  # no record yet


def _situation() -> Situation:
    return Situation(Board.build("plain", 10, 10, []), (35, 52), ("Asha", "Bikash"), 0)


def test_a_kind_the_learner_misses_comes_back_more_often() -> None:
    """Fixed seed; tens-ones always missed, the other level-3 kinds always right."""
    history = [record("tens-ones", False, tries=3, level=3, minutes=m) for m in range(10)]
    history += [record(kind, True, level=3, minutes=20 + m)
                for m in range(10) for kind in ("to-end", "who-ahead", "board-row")]
    weights = LearnerWeights(history)
    rng = random.Random(20260301)
    counts = Counter(generate(3, _situation(), english(), rng, weights).kind for _ in range(800))
    uniform = 800 / 4
    # Weight 1 + 4*10/12 = 4.33 against 1: expected share 4.33/7.33 = 59%.
    assert counts[Kind.TENS_ONES] > 2 * uniform
    for kind in (Kind.TO_END, Kind.WHO_AHEAD, Kind.BOARD_ROW):
        assert counts[kind] < uniform
    unweighted = Counter(generate(3, _situation(), english(), random.Random(20260301)).kind
                         for _ in range(800))
    assert unweighted[Kind.TENS_ONES] < 1.3 * uniform


def test_a_number_the_learner_misses_comes_back_more_often() -> None:
    history = [record("numeral", False, tries=3, focus=17, minutes=m) for m in range(3)]
    rng = random.Random(7)
    situation = _situation()
    # Nepali: its level 1 reads numerals in both scripts (an English game does not).
    picks = Counter(generate(1, situation, nepali(), rng, LearnerWeights(history)).focus
                    for _ in range(1500))
    baseline = Counter(generate(1, situation, nepali(), random.Random(7)).focus
                       for _ in range(1500))
    # 17 weighs 1 + 3*3 = 10 against 1 for each of about twenty numbers.
    assert picks[17] > 3 * baseline[17]
    assert picks[17] > max(count for number, count in picks.items() if number != 17)


def test_unknown_learners_get_a_clear_message(tmp_path: Path) -> None:
    from snl_edu.error_text import describe

    with open_store(tmp_path) as store:
        progress = ProgressStore(store)
        with pytest.raises(UnknownLearnerError) as caught:
            progress.canonical_name("Nobody")
    assert describe(caught.value, english()) == (
        "No progress is kept for Nobody: nobody has answered a lesson yet.")


def test_the_report_praises_only_what_its_counts_support_and_says_them() -> None:
    """A trial: one answer and three skipped were praised "Every number was right at the
    first try"; the praise now gives its count, and "Wonderful!" needs five answers and
    no skip."""
    few = [record("count-on", True, focus=8)]
    few += [record("numeral", False, tries=0, skipped=True, minutes=m) for m in (1, 2, 3)]
    lines = report_lines(summarise("Asha", few), english())
    assert "The 1 answer was right at the first try." in lines
    assert "3 questions skipped." in lines
    assert not any("Every number" in line or "Wonderful" in line for line in lines), lines
    many = [record("count-on", True, focus=8, minutes=m) for m in range(5)]
    lines = report_lines(summarise("Asha", many), english())
    assert "All 5 answers were right at the first try. Wonderful!" in lines
    unfocused = [*many, record("who-ahead", False, tries=2, minutes=9)]  # about no one number
    lines = report_lines(summarise("Asha", unfocused), english())
    assert not any("right at the first try." in line for line in lines[2:]), lines
    assert "सबै ५ उत्तर पहिलो प्रयासमै सही भए। कति राम्रो!" in report_lines(
        summarise("Asha", many), nepali())
