"""Board rules on shipped boards and on broken data."""

from __future__ import annotations

import pytest

from snl_edu.boards import UnknownBoardError, load_board, parse_board, shipped_names
from snl_edu.engine import Board, BoardError, Jump, JumpKind, board_from_data
from snl_edu.error_text import describe
from snl_edu.language.localizer import Localizer

ENGLISH = Localizer.create("en")


def data(ladders=(), snakes=(), width=10, height=10):  # type: ignore[no-untyped-def]
    return {"name": "t", "width": width, "height": height,
            "ladders": [{"from": a, "to": b} for a, b in ladders],
            "snakes": [{"from": a, "to": b} for a, b in snakes]}


def test_shipped_boards_match_spec() -> None:
    assert shipped_names() == ["classic", "moksha-patam", "saanp-bharyang", "straight-10",
                               "straight-20"]
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


@pytest.mark.parametrize("ladders,snakes,rule,start,message", [
    ([(0, 10)], [], "start-range", 0, ("The jump 0 to 10 starts off the board: a jump starts on "
     "a square from 1 to one before the last (100 is the last).")),
    ([(100, 100)], [], "start-range", 100, ("The jump 100 to 100 starts off the board: a jump "
     "starts on a square from 1 to one before the last (100 is the last).")),
    ([(5, 101)], [], "end-range", 5,
     "The jump 5 to 101 ends off the board: a jump ends on a square from 1 to 100."),
    ([], [(10, 0)], "end-range", 10,
     "The jump 10 to 0 ends off the board: a jump ends on a square from 1 to 100."),
    ([(10, 5)], [], "ladder-not-up", 10,
     "The ladder 10 to 5 does not go up: a ladder's top must be above its foot."),
    ([(10, 10)], [], "ladder-not-up", 10,
     "The ladder 10 to 10 does not go up: a ladder's top must be above its foot."),
    ([], [(10, 20)], "snake-not-down", 10,
     "The snake 10 to 20 does not go down: a snake's tail must be below its head."),
    ([], [(10, 10)], "snake-not-down", 10,
     "The snake 10 to 10 does not go down: a snake's tail must be below its head."),
    ([(10, 20)], [(10, 5)], "same-start", 10, ("The jumps 10 to 20 and 10 to 5 start on the "
     "same square: only one jump may start on a square.")),
    ([(10, 20)], [(20, 5)], "chain", 10, ("The jump 10 to 20 ends where the jump 20 to 5 "
     "starts: no jump may end where another starts.")),
    ([(30, 40)], [(25, 10), (50, 25)], "chain", 50, ("The jump 50 to 25 ends where the jump "
     "25 to 10 starts: no jump may end where another starts.")),
])
def test_each_board_rule_names_the_jump(ladders, snakes, rule, start, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(BoardError) as caught:
        board_from_data(data(ladders, snakes), source="ours.toml")
    assert caught.value.rule == rule
    assert caught.value.start == start
    assert describe(caught.value, ENGLISH) == f"ours.toml: {message}"


def test_the_board_s_own_last_square_bounds_its_jumps() -> None:
    # 9 x 8 squares: 72 is the last, so a jump may start on 71 but not on 72.
    assert board_from_data(data([(3, 72)], [(71, 1)], width=9, height=8)).last == 72
    for jumps, message in [(([(72, 72)], []), ("The jump 72 to 72 starts off the board: a jump "
                            "starts on a square from 1 to one before the last (72 is the last).")),
                           (([(3, 73)], []), ("The jump 3 to 73 ends off the board: a jump "
                            "ends on a square from 1 to 72."))]:
        with pytest.raises(BoardError) as caught:
            board_from_data(data(*jumps, width=9, height=8))
        assert describe(caught.value, ENGLISH) == message


@pytest.mark.parametrize("width,height", [(1, 10), (10, 0), (21, 2), (2, 3), (5, 1)])
def test_board_sizes_out_of_range(width: int, height: int) -> None:
    with pytest.raises(BoardError) as caught:
        board_from_data(data(width=width, height=height), source="ours.toml")
    assert caught.value.rule == "size"
    assert describe(caught.value, ENGLISH) == (
        f"ours.toml: The board size {width}x{height} is not allowed: a board is 2 to 20 squares "
        "across and 1 to 20 up, 7 squares at least in all.")


def test_a_board_file_says_only_what_differs_from_the_classic_shape() -> None:
    board = board_from_data({"name": "ours", "title": {"en": "Our board", "ne": "हाम्रो बोर्ड"}})
    assert (board.width, board.height, board.jumps) == (10, 10, ())
    assert [board.title("en"), board.title("ne")] == ["Our board", "हाम्रो बोर्ड"]
    assert board_from_data({}, default_name="family").name == "family"
    with pytest.raises(BoardError) as caught:
        board_from_data({})  # no name, and none from a file's name
    assert describe(caught.value, ENGLISH) == "The board is not written correctly: name must be text."


def test_other_shapes_allowed() -> None:
    board = board_from_data(data([(3, 40)], [(70, 2)], width=9, height=8))
    assert board.last == 72
    assert board_from_data(data(width=8, height=8)).last == 64
    assert board_from_data(data(width=20, height=20)).last == 400  # the largest
    assert board_from_data(data(width=2, height=20)).last == 40
    assert board_from_data(data(width=20, height=2)).last == 40
    assert board_from_data(data([(2, 7)], width=2, height=4)).last == 8  # the smallest


@pytest.mark.parametrize("bad,problem", [
    ([], "a board is a table"),
    ({"name": 3}, "name must be text"),
    ({"name": ""}, "name must be text"),
    ({"width": "ten"}, "width must be a whole number"),
    ({"width": True}, "width must be a whole number"),
    ({"height": 9.5}, "height must be a whole number"),
    ({"ladders": {"from": 1}}, "ladders must be a list"),
    ({"snakes": "none"}, "snakes must be a list"),
    ({"ladders": [{"from": 3}]}, "ladders #1 needs both from and to"),
    ({"ladders": [{"to": 3}]}, "ladders #1 needs both from and to"),
    ({"ladders": [{"from": 3, "to": 9, "colour": "red"}]}, "ladders #1 needs only from, to and name"),
    ({"ladders": [{"from": 2, "to": 5}, "x"]}, "ladders #2 needs only from, to and name"),
    ({"snakes": [{"from": 30, "to": 9.5}]}, "snakes #1 to must be a whole number"),
    ({"snakes": [{"from": "30", "to": 9}]}, "snakes #1 from must be a whole number"),
    ({"snakes": [{"from": 30, "to": 9, "name": "x"}]},
     "snakes #1: names must be a table of language = text"),
    ({"snakes": [{"from": 30, "to": 9, "name": {"en": 1}}]},
     "snakes #1: names must be a table of language = text"),
    ({"bogus": 1, "colour": 2}, "unknown keys: bogus and colour"),
    ({"title": {"en": 3}}, "title: names must be a table of language = text"),
    ({"title": {4: "x"}}, "title: names must be a table of language = text"),
])
def test_malformed_data_is_a_format_error(bad, problem) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(BoardError) as caught:
        board_from_data(bad if isinstance(bad, list) else {"name": "t", **bad}, source="ours.toml")
    assert caught.value.rule == "format"
    assert describe(caught.value, ENGLISH) == (
        f"ours.toml: The board is not written correctly: {problem}.")


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
    assert board.cell(21) == (7, 0) and board.cell(91) == (0, 9) and board.cell(100) == (0, 0)
    narrow = Board.build("t", 3, 4, [])
    assert [narrow.cell(s) for s in (1, 4, 7, 12)] == [(3, 0), (2, 2), (1, 0), (0, 0)]


def test_a_board_and_its_jumps_are_named_in_the_language_asked_else_in_english() -> None:
    kindness = Jump(JumpKind.LADDER, 2, 30, {"en": "Kindness", "ne": "दया"})
    greed = Jump(JumpKind.SNAKE, 40, 5, {"en": "Greed"})
    assert [kindness.name("ne"), kindness.name("en"), greed.name("ne")] == [
        "दया", "Kindness", "Greed"]
    assert Jump(JumpKind.SNAKE, 40, 5).name("ne") is None
    both = Board.build("ours", 10, 10, [], titles={"en": "Our board", "ne": "हाम्रो बोर्ड"})
    english = Board.build("ours", 10, 10, [], titles={"en": "Our board"})
    untitled = Board.build("family", 10, 10, [])
    assert [both.title("ne"), both.title("en"), english.title("ne"), untitled.title("ne")] == [
        "हाम्रो बोर्ड", "Our board", "Our board", "family"]
