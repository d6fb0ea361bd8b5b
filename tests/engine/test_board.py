"""Board rules on shipped boards and on broken data."""

from __future__ import annotations

import pytest

from snl_edu.boards import UnknownBoardError, load_board, parse_board, shipped_names
from snl_edu.engine import Board, BoardError, Jump, JumpKind, board_from_data


def data(ladders=(), snakes=(), width=10, height=10):  # type: ignore[no-untyped-def]
    return {"name": "t", "width": width, "height": height,
            "ladders": [{"from": a, "to": b} for a, b in ladders],
            "snakes": [{"from": a, "to": b} for a, b in snakes]}


def test_shipped_boards_match_spec() -> None:
    assert shipped_names() == ["classic", "moksha-patam", "saanp-bharyang"]
    sb = load_board("saanp-bharyang")
    assert {(j.start, j.end) for j in sb.ladders} == {
        (3, 22), (8, 30), (20, 41), (27, 64), (35, 55), (50, 69), (63, 81), (72, 91)}
    assert {(j.start, j.end) for j in sb.snakes} == {
        (17, 4), (33, 12), (46, 25), (59, 38), (66, 44), (78, 57), (89, 52), (97, 61)}
    classic = load_board("classic")
    assert len(classic.ladders) == 9 and len(classic.snakes) == 10
    assert classic.jump_at(80) == Jump(JumpKind.LADDER, 80, 100)


def test_moksha_patam_names_every_jump_in_both_languages() -> None:
    board = load_board("moksha-patam")
    assert 8 <= len(board.ladders) <= 10 and 8 <= len(board.snakes) <= 10
    for jump in board.jumps:
        assert jump.names.get("en") and jump.names.get("ne")
        assert any("\u0900" <= ch <= "\u097f" for ch in jump.names["ne"])


@pytest.mark.parametrize("ladders,snakes,rule,start", [
    ([(0, 10)], [], "start-range", 0),
    ([(100, 100)], [], "start-range", 100),
    ([(5, 101)], [], "end-range", 5),
    ([], [(10, 0)], "end-range", 10),
    ([(10, 5)], [], "ladder-not-up", 10),
    ([(10, 10)], [], "ladder-not-up", 10),
    ([], [(10, 20)], "snake-not-down", 10),
    ([(10, 20)], [(10, 5)], "same-start", 10),
    ([(10, 20)], [(20, 5)], "chain", 10),
    ([(30, 40)], [(25, 10), (50, 25)], "chain", 50),
])
def test_each_board_rule_names_the_jump(ladders, snakes, rule, start) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(BoardError) as caught:
        board_from_data(data(ladders, snakes))
    assert caught.value.rule == rule
    assert caught.value.start == start


@pytest.mark.parametrize("width,height", [(1, 10), (10, 1), (21, 2), (2, 3)])
def test_board_sizes_out_of_range(width: int, height: int) -> None:
    with pytest.raises(BoardError) as caught:
        board_from_data(data(width=width, height=height))
    assert caught.value.rule == "size"


def test_other_shapes_allowed() -> None:
    board = board_from_data(data([(3, 40)], [(70, 2)], width=9, height=8))
    assert board.last == 72
    assert board_from_data(data(width=8, height=8)).last == 64


@pytest.mark.parametrize("bad", [
    [], {"name": 3}, {"width": "ten"}, {"ladders": {"from": 1}},
    {"ladders": [{"from": 3}]}, {"ladders": [{"from": 3, "to": 9, "colour": "red"}]},
    {"snakes": [{"from": 30, "to": 9, "name": "x"}]}, {"bogus": 1}, {"title": {"en": 3}},
    {"width": True},
])
def test_malformed_data_is_a_format_error(bad) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(BoardError) as caught:
        board_from_data(bad if isinstance(bad, list) else {"name": "t", **bad})
    assert caught.value.rule == "format"


def test_toml_error_carries_its_line() -> None:
    with pytest.raises(BoardError) as caught:
        parse_board('name = "x"\nwidth = 10\nheight = = 3\n', source="mine.toml")
    assert caught.value.rule == "toml" and "line 3" in caught.value.detail
    assert caught.value.source == "mine.toml"


def test_unknown_board_lists_the_available(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(UnknownBoardError) as caught:
        load_board(str(tmp_path / "nope"))
    assert caught.value.available == shipped_names()


def test_board_file_named_from_its_path(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "family.toml"
    path.write_text("width = 8\nheight = 8\n[[ladders]]\nfrom = 2\nto = 30\n", "utf-8")
    board = load_board(str(path))
    assert board.name == "family" and board.last == 64


def test_unreadable_board_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "bin.toml"
    path.write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(BoardError) as caught:
        load_board(str(path))
    assert caught.value.rule == "unreadable"


def test_board_round_trips_through_plain_data() -> None:
    for name in shipped_names():
        board = load_board(name)
        again = board_from_data(board.to_data())
        assert again == board and again.titles == board.titles
        assert [j.names for j in again.jumps] == [j.names for j in board.jumps]


def test_boustrophedon_cells() -> None:
    board = Board.build("t", 10, 10, [])
    assert board.cell(1) == (9, 0) and board.cell(10) == (9, 9)
    assert board.cell(11) == (8, 9) and board.cell(20) == (8, 0)
    assert board.cell(100) == (0, 0) and board.cell(91) == (0, 9)
