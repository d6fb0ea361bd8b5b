"""Board files: any text is either a valid board or one BoardError, never a crash or a hang."""

from __future__ import annotations

import json
import string

from hypothesis import given
from hypothesis import strategies as st

from snl_edu.boards import parse_board
from snl_edu.engine import Board, BoardError, Game, Rules, Seat
from snl_edu.error_text import describe
from snl_edu.inputs.dice import RandomDice
from snl_edu.language.localizer import Localizer
from snl_edu.play.narration import Narrator

from .budget import fuzz, fuzz_at, no_hang

LOCALIZERS = [Localizer.create("en"), Localizer.create("ne")]

toml_scalars = st.one_of(
    st.integers(-5, 500), st.integers(), st.booleans(), st.text(max_size=12),
    st.floats(allow_nan=False, allow_infinity=False),
)


def toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value)  # JSON strings are valid TOML basic strings
    return repr(value)


@st.composite
def board_texts(draw: st.DrawFn) -> str:
    """Mostly well-formed TOML shaped like a board, with wrong values and keys mixed in."""
    lines = []
    keys = draw(st.lists(st.sampled_from(["name", "width", "height", "colour"]), unique=True))
    for key in keys:
        lines.append(f"{key} = {toml_value(draw(toml_scalars))}")
    if draw(st.booleans()):
        lines.append("[title]")
        lines.append(f"en = {toml_value(draw(toml_scalars))}")
    for section in draw(st.lists(st.sampled_from(["ladders", "snakes", "bridges"]),
                                 max_size=12)):
        lines.append(f"[[{section}]]")
        for key in draw(st.lists(st.sampled_from(["from", "to", "name", "colour"]),
                                 unique=True)):
            if key == "name" and draw(st.booleans()):
                lines.append(f"name = {{ en = {toml_value(draw(toml_scalars))} }}")
            else:
                value = draw(st.one_of(st.integers(-3, 130), toml_scalars))
                lines.append(f"{key} = {toml_value(value)}")
    text = "\n".join(lines)
    if draw(st.booleans()):  # damage it a little: a cut or a stray character
        cut = draw(st.integers(0, len(text)))
        text = text[:cut] + draw(st.text(string.printable, max_size=3)) + text[cut:]
    return text


def check_board(text: str) -> Board | None:
    with no_hang():
        try:
            board = parse_board(text, source="fuzz.toml")
        except BoardError as error:
            for loc in LOCALIZERS:
                assert describe(error, loc)  # the message itself must not crash
            return None
    return board


@fuzz_at(19)
@given(st.text(max_size=300))
def test_any_text_is_a_board_or_a_board_error(text: str) -> None:
    check_board(text)


@fuzz
@given(st.sampled_from(["x = ", "[ladders]\nfrom = ", "title = "]),
       st.lists(st.sampled_from(["[", "{a = ", "[[", "{ en = "]), min_size=1, max_size=4),
       st.integers(1, 1500))
def test_deeply_nested_values_are_a_board_error(prefix: str, openers: list[str],
                                                depth: int) -> None:
    check_board(prefix + "".join(openers) * depth)


@fuzz_at(9.5)
@given(board_texts())
def test_board_shaped_files_are_a_board_or_a_board_error(text: str) -> None:
    board = check_board(text)
    if board is None:
        return
    # A board that was accepted must carry a whole narrated game without trouble.
    game = Game(board, Rules(), [Seat("A"), Seat("B", computer=True)])
    narrator = Narrator(LOCALIZERS[0], board, game.seats)
    dice = RandomDice(1)
    with no_hang():
        for _ in range(2000):
            if game.over:
                break
            narrator.narrate_all(game.play(dice.roll()))
