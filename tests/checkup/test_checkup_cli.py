"""`snl checkup`, `snl progress NAME` and `snl progress --class` on real store files."""

from __future__ import annotations

import csv
import io
import os
import pty
import re
import select
import subprocess
import sys
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from snl_edu.checkup.asking import line_picture, marker_starts
from snl_edu.checkup.items import TASKS, Task, draw_items
from snl_edu.cli import main
from snl_edu.views.printing.fonts import text_width
from snl_edu.views.printing.page import PAGE_HEIGHT, PAGE_WIDTH
from tests.checkup.classroom import SEED, answers_for, checkup, make_class, played, set_back
from tests.views.printing.pages import drawn_texts, pixels, uncovered_characters


@pytest.fixture(scope="module")
def school(tmp_path_factory: pytest.TempPathFactory) -> Path:
    data = tmp_path_factory.mktemp("school")
    make_class(data)
    return data


def snl(*args: str, data: Path) -> str:
    result = CliRunner().invoke(main, [*args, "--data-dir", str(data)])
    assert result.exit_code == 0, result.output
    return result.output


def test_the_first_check_up_is_the_baseline_and_says_when_the_next_is_due(
        tmp_path: Path) -> None:
    output = checkup(tmp_path, "Asha", 0, 0.5, logarithmic=True)
    assert "Number check-up for Asha: baseline on" in output
    assert "The next check-up is due after 60 minutes of play (0 so far)." in output
    set_back(tmp_path, "Asha", 2, latest_too=True)
    played(tmp_path, "Asha", 1, 70)  # a game since the baseline: 70 minutes
    report = snl("progress", "Asha", data=tmp_path)
    assert "time for the next check-up (snl checkup Asha)" in report


def test_before_and_after_pair_the_first_and_latest_check_up(school: Path) -> None:
    report = snl("progress", "asha", data=school).splitlines()
    report = report[next(i for i, r in enumerate(report) if r.startswith("Number check-up")):]
    assert report[0].startswith("Number check-up for Asha: before ")
    assert " → after " in report[0]
    # Two games of 40 and 35 minutes fell between the check-ups.
    # ...and two lesson questions, each missed in three tries (a hint after each wrong one).
    assert report[1] == "Between them: 75 minutes of play, 2 questions answered, 4 hints."
    line = next(r for r in report if r.strip().startswith("Number line:"))
    # Before: the log-shaped placements of the baseline items; after: each 3 too far.
    before = [i.numbers[0] for i in draw_items(0, SEED) if i.task is Task.NUMBER_LINE]
    placed = [int(x) for x in answers_for(0, 0.45, True).split()[:len(before)]]
    pae = round(sum(abs(p - n) for p, n in zip(placed, before, strict=True)) / len(before))
    assert f"Number line: {pae}% → 3% off on average" in line
    # The fits in a parent's words: log-shaped before, a straight line after.
    assert ("off on average. Asha's guesses are spread evenly along the line, as a grown-up's "
            "are. In the first check-up they spread the small numbers wide and crowded the big "
            "ones together. 11 of 11 numbers placed;") in line


def test_class_report_table_csv_and_merge(school: Path, tmp_path: Path) -> None:
    table = snl("progress", "--class", data=school).splitlines()
    assert table[0].split()[:3] == ["Learner", "Number", "line"]
    rows = {line.split()[0]: line for line in table[2:] if line and line[0].isalpha()}
    assert set(rows) >= {"Asha", "Bikash", "Chandra", "Class"}
    assert "→" not in rows["Chandra"] and rows["Chandra"].split()[-1] == "20"
    assert "Questions answered" in table[0] and rows["Asha"].split()[-2] == "2"
    assert rows["Class"].startswith("Class average (2)")
    rows_csv = list(csv.DictReader(io.StringIO(snl("progress", "--class", "--csv", data=school))))
    assert len(rows_csv) == 3 * len(TASKS)
    asha_line = next(r for r in rows_csv if r["learner"] == "Asha" and r["task"] == "number-line")
    assert float(asha_line["after_r2_linear"]) > float(asha_line["before_r2_linear"])
    assert float(asha_line["before_r2_log"]) == pytest.approx(1, abs=1e-3)
    assert asha_line["minutes_played"] == "75"
    # Another computer's file joins the report and is not changed by it.
    other = tmp_path / "other"
    checkup(other, "Dawa", 0, 0.7, logarithmic=False)
    file = other / "snl.sqlite3"
    before = file.read_bytes()
    merged = snl("progress", "--class", "--merge", str(file), data=school)
    assert "Dawa" in merged and "Asha" in merged
    assert file.read_bytes() == before


def test_class_report_in_nepali_uses_devanagari_digits(school: Path) -> None:
    table = snl("progress", "--class", "--lang", "ne", data=school)
    assert "→" in table and "Asha" in table and "0" not in table.replace("snl", "")


def test_a_file_that_is_not_a_store_is_a_message(school: Path, tmp_path: Path) -> None:
    bad = tmp_path / "notes.txt"
    bad.write_text("not a database\n" * 50)
    result = CliRunner().invoke(main, ["progress", "--class", "--merge", str(bad),
                                       "--data-dir", str(school)])
    assert result.exit_code == 1 and "cannot be read as a saved-games file" in result.output
    assert "Traceback" not in result.output


def _span(text: ET.Element) -> tuple[float, float]:
    """Where a drawn line of text starts and ends across the page, in millimetres."""
    x, size = float(text.get("x", 0)), float(text.get("font-size", 0))
    width = text_width(text.text or "", size, text.get("font-weight") == "bold")
    left = {"start": x, "middle": x - width / 2, "end": x - width}[text.get("text-anchor", "start")]
    return left, left + width


@pytest.mark.parametrize("language", ["en", "ne"])
def test_class_chart_on_an_a4_page(school: Path, tmp_path: Path, language: str) -> None:
    target = tmp_path / "class.svg"
    snl("progress", "--class", "--lang", language, "--chart", str(target), data=school)
    svg = target.read_text(encoding="utf-8")
    root = ET.fromstring(svg.encode("utf-8"))
    ns = "{http://www.w3.org/2000/svg}"
    panels = [g for g in root.iter(f"{ns}g") if g.get("class") == "panel"]
    assert [p.get("data-task") for p in panels] == [t.value for t in TASKS]
    for panel in panels:
        circles = [c.get("class") for c in panel.iter(f"{ns}circle")]
        # Three learners (one without an "after" yet) and the class average.
        assert circles.count("before") == 4 and circles.count("after") == 3
    for element in drawn_texts(svg):
        left, right = _span(element)
        assert left > 0 and right < PAGE_WIDTH and 0 < float(element.get("y", 0)) \
            < PAGE_HEIGHT, element.text
    assert uncovered_characters(svg) == set()
    assert pixels(svg).min() < 60  # something is drawn


def _stopped_after_the_number_line(data: Path, name: str, form: int) -> None:
    """A check-up whose input ends once the number line is done, as a child who stops."""
    placed = sum(1 for item in draw_items(form, SEED) if item.task is Task.NUMBER_LINE)
    answers = "".join(line + "\n" for line in answers_for(form, 1, False).split()[:placed])
    result = CliRunner().invoke(main, ["checkup", name, "--no-speech", "--seed", str(SEED),
                                       "--data-dir", str(data)], input=answers)
    assert result.exit_code == 1, result.output
    assert "The task finished is saved: Number line." in result.output


@pytest.fixture(scope="module")
def stopped_early(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Mina stopped her only check-up after the number line; Nabin stopped his second
    there; Ojas stopped his first there and finished his second."""
    data = tmp_path_factory.mktemp("stopped")
    _stopped_after_the_number_line(data, "Mina", 0)
    checkup(data, "Nabin", 0, 0.5, logarithmic=False)
    _stopped_after_the_number_line(data, "Ojas", 0)
    for name in ("Nabin", "Ojas"):
        set_back(data, name, 3, latest_too=True)
        played(data, name, 1, 65)
    _stopped_after_the_number_line(data, "Nabin", 1)
    checkup(data, "Ojas", 1, 0.5, logarithmic=False)
    return data


def _rows(panel: ET.Element) -> dict[str, list[str]]:
    """Each row's name and the words and dots drawn on its line (by height)."""
    ns = "{http://www.w3.org/2000/svg}"
    names = {round(float(t.get("y", 0)), 1): t.text or "" for t in panel.iter(f"{ns}text")
             if t.get("class") == "row-name"}
    rows: dict[str, list[str]] = {name: [] for name in names.values()}
    for element in panel.iter():
        kind = element.get("class")
        if kind in ("before", "after", "not-done"):
            y = float(element.get("cy") or element.get("y", 0))
            name = min(names.items(), key=lambda item: abs(item[0] - y))[1]
            rows[name].append(element.text if kind == "not-done" else kind)
    return rows


def test_a_check_up_stopped_early_is_charted_with_its_tasks_not_done_in_words(
        stopped_early: Path, tmp_path: Path) -> None:
    target = tmp_path / "class.svg"
    output = snl("progress", "--class", "--chart", str(target), data=stopped_early)
    assert f"Drew the class chart on an A4 page: {target}" in output
    svg = target.read_text(encoding="utf-8")
    ns = "{http://www.w3.org/2000/svg}"
    panels = {g.get("data-task"): _rows(g) for g in ET.fromstring(svg.encode()).iter(f"{ns}g")
              if g.get("class") == "panel"}
    assert panels[Task.NUMBER_LINE.value] == {
        "Mina": ["before"], "Nabin": ["after", "before"], "Ojas": ["after", "before"],
        "Class average": ["after", "before"]}
    for task in TASKS[1:]:
        assert panels[task.value] == {
            "Mina": ["not done"], "Nabin": ["before", "after: not done"],
            "Ojas": ["after", "before: not done"], "Class average": ["no before and after"]}, task
    for element in drawn_texts(svg):
        left, right = _span(element)
        assert left > 0 and right < PAGE_WIDTH, element.text
    for panel in (g for g in ET.fromstring(svg.encode()).iter(f"{ns}g")
                  if g.get("class") == "panel"):
        dots = [(float(c.get("cx", 0)), float(c.get("cy", 0)), float(c.get("r", 0)))
                for c in panel.iter(f"{ns}circle")]
        for words in (t for t in panel.iter(f"{ns}text") if t.get("class") == "not-done"):
            left, right = _span(words)
            assert not any(abs(cy - float(words.get("y", 0))) < 3 and left - r < cx < right + r
                           for cx, cy, r in dots), f"{words.text} covers a dot"
    assert uncovered_characters(svg) == set()


@pytest.mark.parametrize("suffix", [".svg", ".pdf"])
def test_the_chart_of_one_check_up_stopped_early_is_drawn(tmp_path: Path, suffix: str) -> None:
    # The trial's class: one learner, her only check-up stopped after the number line.
    _stopped_after_the_number_line(tmp_path, "Mina", 0)
    target = tmp_path / f"class{suffix}"
    snl("progress", "--class", "--chart", str(target), data=tmp_path)
    data = target.read_bytes()
    assert data.startswith(b"%PDF-" if suffix == ".pdf" else b"<?xml")


def test_a_chart_asked_for_before_any_check_up_says_none_was_drawn(tmp_path: Path) -> None:
    target = tmp_path / "class.svg"
    output = snl("progress", "--class", "--chart", str(target), data=tmp_path)
    assert output == ("Nobody has had a number check-up yet, so no class chart was drawn. "
                      "Start one with: snl checkup NAME\n")
    assert not target.exists()


def test_input_that_ends_early_saves_nothing(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["checkup", "Asha", "--no-speech", "--data-dir",
                                       str(tmp_path)], input="50\n40\n")
    assert result.exit_code == 1 and "nothing was saved" in result.output
    assert "Nobody has had a number check-up yet" in snl("progress", "--class", data=tmp_path)


def _read_until(fd: int, needle: str, seen: str = "") -> str:
    while needle not in seen:
        ready, _, _ = select.select([fd], [], [], 20)
        assert ready, f"waited for {needle!r}; the screen shows {seen[-300:]!r}"
        seen += os.read(fd, 4096).decode("utf-8", "replace")
    return seen


def test_arrow_keys_move_the_marker_in_a_real_terminal(tmp_path: Path) -> None:
    controller, terminal = pty.openpty()
    env = {**os.environ, "SNL_AUDIO": "off", "SNL_LANG": "en", "NO_COLOR": "1"}
    process = subprocess.Popen([sys.executable, "-m", "snl_edu", "checkup", "Asha",
                                "--no-speech", "--data-dir", str(tmp_path)],
                               stdin=terminal, stdout=terminal, stderr=terminal, env=env)
    os.close(terminal)
    try:
        # The dot starts at a random place (the middle would make Enter at once a fair
        # guess), the same for the learner's seed; each key moves it one step, up and
        # down none (steps of ten would turn placing into sums).
        start = marker_starts(zlib.crc32(b"asha"), 0).randint(0, 100)
        screen = _read_until(controller, line_picture(start))
        right, left = (1, -1) if start < 99 else (-1, 1)
        keys = {1: "\x1b[C", -1: "\x1b[D"}
        for key, place in ((keys[right], start + right), ("\x1b[A", start + right),
                           (keys[right], start + 2 * right), (keys[left], start + right)):
            os.write(controller, key.encode())
            screen = _read_until(controller, line_picture(place), screen)
        os.write(controller, b"\r")
        screen = _read_until(controller, "Where does", screen.rsplit("Where does", 1)[0] + "x")
        os.write(controller, b"\x1b")  # Escape skips the next one, as in the game
        screen = _read_until(controller, "Where does", screen.rsplit("Where does", 1)[0] + "x")
        os.write(controller, b"q")
        assert process.wait(20) == 1
    finally:
        if process.poll() is None:
            process.kill()
        os.close(controller)


def test_a_game_says_when_the_next_check_up_is_due(tmp_path: Path) -> None:
    checkup(tmp_path, "Asha", 0, 0.5, logarithmic=True)
    set_back(tmp_path, "Asha", 2, latest_too=True)
    played(tmp_path, "Asha", 1, 70)
    result = CliRunner().invoke(main, ["play", "--players", "Asha", "--seed", "3", "--lessons",
                                       "off", "--no-speech", "--no-sound", "--data-dir",
                                       str(tmp_path)], input="\n" * 400)
    assert result.exit_code == 0, result.output
    # 70 minutes before, and the minute (or two, across a minute's end) with this game's
    # turns: play is the minutes with turns.
    assert re.search("Asha has played 7[12] minutes since the last number check-up: time for "
                     r"the next one \(snl checkup Asha\)\.", result.output), result.output


def test_by_ear_numerals_are_heard_as_words_and_typed_as_digits(tmp_path: Path) -> None:
    items = draw_items(0, SEED)
    lines = []
    for item in items:
        lines.append(str(item.answer))  # every answer right, number line exact
    result = CliRunner().invoke(main, ["checkup", "Mina", "--screen-reader", "--seed", str(SEED),
                                       "--lang", "ne", "--data-dir", str(tmp_path)],
                                input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    numeral = next(i for i in items if i.task is Task.NUMERAL)
    from snl_edu.language.localizer import Localizer

    words = Localizer.create("ne").words(numeral.answer)
    assert f"यो सङ्ख्या अङ्कमा टाइप गर: {words}।" in result.output
    assert "सङ्ख्या रेखा: औसतमा सही ठाउँभन्दा ०% टाढा" in result.output
    for name in ("कुन ठूलो", "अगाडि गन्ने", "सङ्ख्याको नाम भन्ने"):
        assert re.search(f"{name}: ([०-९]+) मध्ये \\1 सही \\(१००%", result.output), name


def test_forgetting_a_child_forgets_their_check_ups(tmp_path: Path) -> None:
    checkup(tmp_path, "Asha", 0, 0.5, logarithmic=True)
    checkup(tmp_path, "Bikash", 0, 0.5, logarithmic=True)
    snl("progress", "--forget", "asha", "--yes", data=tmp_path)
    table = snl("progress", "--class", data=tmp_path)
    assert "Bikash" in table and "Asha" not in table
    assert b"Asha" not in (tmp_path / "snl.sqlite3").read_bytes()
