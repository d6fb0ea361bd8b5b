"""The printable board: well-formed A4 SVG, every square numbered once, every jump drawn."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from snl_edu.boards import load_board, shipped_names
from snl_edu.cli import main
from snl_edu.engine import Board, JumpKind
from snl_edu.language.localizer import Digits, Localizer
from snl_edu.views.board_svg import board_svg
from tests.conftest import make_board

SVG = "{http://www.w3.org/2000/svg}"


def parse(text: str) -> ET.Element:
    return ET.fromstring(text.encode("utf-8"))


def numbers(root: ET.Element) -> dict[int, list[str]]:
    found: dict[int, list[str]] = {}
    for element in root.iter(f"{SVG}text"):
        if element.get("class") == "number":
            found.setdefault(int(element.get("data-square", "0")), []).append(element.text or "")
    return found


def jumps(root: ET.Element) -> set[tuple[str, int, int]]:
    return {(g.get("class", ""), int(g.get("data-from", "0")), int(g.get("data-to", "0")))
            for g in root.iter(f"{SVG}g") if g.get("class") in ("ladder", "snake")}


@pytest.mark.parametrize("name", shipped_names())
@pytest.mark.parametrize("large_print", [False, True])
@pytest.mark.parametrize("language", ["en", "ne"])
def test_every_square_numbered_once_and_every_jump_drawn(name: str, large_print: bool,
                                                         language: str) -> None:
    board = load_board(name)
    loc = Localizer.create(language)
    root = parse(board_svg(board, loc, large_print=large_print))
    assert root.get("viewBox") == "0 0 210 297"
    assert root.get("width") == "210mm" and root.get("height") == "297mm"
    found = numbers(root)
    assert sorted(found) == list(range(1, board.last + 1))
    assert all(found[square] == [loc.number(square)] for square in found)
    assert jumps(root) == {(j.kind.value, j.start, j.end) for j in board.jumps}
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == board.title(language)


def test_squares_run_boustrophedon() -> None:
    root = parse(board_svg(make_board(), Localizer.create("en")))
    place = {int(e.get("data-square", "0")): (float(e.get("x", "0")), float(e.get("y", "0")))
             for e in root.iter(f"{SVG}text") if e.get("class") == "number"}
    assert place[1][1] == place[10][1] > place[11][1]  # 11 is a row above 1..10
    assert place[1][0] < place[10][0]  # left to right on the bottom row
    assert place[11][0] > place[20][0]  # right to left on the next
    assert place[100][1] < place[1][1] and place[100][0] == place[81][0]


def test_devanagari_digits() -> None:
    loc = Localizer.create("en", Digits.DEVANAGARI)
    found = numbers(parse(board_svg(load_board("classic"), loc)))
    assert found[100] == ["१००"] and found[7] == ["७"]


@pytest.mark.parametrize("language", ["en", "ne"])
def test_moksha_patam_names_every_virtue_and_vice(language: str) -> None:
    board = load_board("moksha-patam")
    text = board_svg(board, Localizer.create(language))
    root = parse(text)
    shown = "".join(root.itertext())
    for jump in board.jumps:
        name = jump.name(language)
        assert name and name in shown


def test_large_print_has_bigger_numbers() -> None:
    board = load_board("saanp-bharyang")

    def number_size(large: bool) -> float:
        root = parse(board_svg(board, Localizer.create("en"), large_print=large))
        return float(next(e.get("font-size", "0") for e in root.iter(f"{SVG}text")
                          if e.get("class") == "number"))

    assert number_size(True) >= 1.5 * number_size(False)


def test_text_is_escaped() -> None:
    board = Board.build("odd", 4, 2, [], titles={"en": 'Tom & Jerry <"board">'})
    root = parse(board_svg(board, Localizer.create("en")))
    assert root.find(f"{SVG}title").text == 'Tom & Jerry <"board">'  # type: ignore[union-attr]


def test_a_board_without_jumps_and_a_wide_board() -> None:
    board = Board.build("wide", 20, 3, [])
    root = parse(board_svg(board, Localizer.create("en")))
    assert sorted(numbers(root)) == list(range(1, 61)) and not jumps(root)


def test_render_command_writes_the_file(runner: CliRunner, tmp_path: Path) -> None:
    target = tmp_path / "board.svg"
    result = runner.invoke(main, ["board", "render", "moksha-patam", "--out", str(target),
                                  "--large-print", "--digits", "deva"])
    assert result.exit_code == 0, result.output
    root = ET.parse(target).getroot()
    assert numbers(root)[42] == ["४२"]
    assert {kind for kind, _, _ in jumps(root)} == {JumpKind.LADDER.value, JumpKind.SNAKE.value}


@pytest.mark.parametrize("lang", ["en", "ne"])
def test_render_help(runner: CliRunner, lang: str) -> None:
    result = runner.invoke(main, ["board", "render", "--help", "--lang", lang])
    assert result.exit_code == 0 and "--large-print" in result.output


@pytest.mark.parametrize("bad", [["nowhere", "--out", "x.svg"], ["classic"],
                                 ["classic", "--out", "/nonexistent-folder/x.svg"]])
def test_render_bad_input_is_a_message(runner: CliRunner, bad: list[str]) -> None:
    result = runner.invoke(main, ["board", "render", *bad])
    assert result.exit_code in (1, 2)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Error" in result.output
