"""Boards that can end: a board on which a player could be stuck for ever is refused."""

from __future__ import annotations

import errno
import os
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from snl_edu.boards import MAX_BOARD_BYTES, load_board, parse_board, shipped_names
from snl_edu.cli import main
from snl_edu.engine import Board, BoardError, Finish, Jump, JumpKind
from snl_edu.engine.traps import check_can_end, trapping_squares
from snl_edu.error_text import describe
from snl_edu.language.localizer import Localizer
from tests.fuzz.budget import no_hang

SNAKES_94_TO_99 = "".join(f"[[snakes]]\nfrom = {s}\nto = 10\n" for s in range(94, 100))


@pytest.mark.parametrize("name", shipped_names())
@pytest.mark.parametrize("finish", list(Finish))
def test_shipped_boards_can_always_end(name: str, finish: Finish) -> None:
    assert trapping_squares(load_board(name), finish) == ()


def test_snakes_on_the_last_six_squares_trap_everyone() -> None:
    board = parse_board(SNAKES_94_TO_99, "b", default_name="b")
    assert trapping_squares(board, Finish.EXACT) == tuple(range(94))


def test_a_pocket_the_die_cannot_leave_is_named() -> None:
    # From 3 every roll (4..9) is a snake back to 3, and 10 is 7 away: stuck for ever.
    board = Board.build("pocket", 5, 2, [Jump(JumpKind.SNAKE, s, 3) for s in range(4, 10)])
    for finish in Finish:
        assert trapping_squares(board, finish) == (0, 1, 2, 3)
    # One snake fewer and the 6 from 3 reaches 9, then a 1 finishes.
    board = Board.build("open", 5, 2, [Jump(JumpKind.SNAKE, s, 3) for s in range(4, 9)])
    assert trapping_squares(board, Finish.EXACT) == ()


def test_board_check_names_the_trapping_squares(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "stuck.toml"
    path.write_text(SNAKES_94_TO_99)
    result = runner.invoke(main, ["board", "check", str(path)])
    assert result.exit_code == 1
    assert ("With --finish exact, a player on the start to 93 could never reach the "
            "last square") in result.output
    assert "Traceback" not in result.output


def test_play_refuses_a_board_that_cannot_end(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "stuck.toml"
    path.write_text(SNAKES_94_TO_99)
    result = runner.invoke(main, ["play", "--demo", "--board", str(path),
                                  "--data-dir", str(tmp_path / "data")])
    assert result.exit_code == 1 and "could never reach the last square" in result.output


def test_dotted_keys_are_refused_before_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    def never(text: str) -> None:  # tomllib needed 15 s and 4 GB for this file
        raise AssertionError("parsed")

    monkeypatch.setattr(tomllib, "loads", never)
    with pytest.raises(BoardError) as caught:
        parse_board("a." * 30000 + "a = 1\n", "deep.toml")
    assert caught.value.rule == "too-deep"


def test_a_board_file_the_system_will_not_open_is_told_in_the_user_s_language(
        runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    board = tmp_path / "b.toml"
    board.write_text("")

    def refuse(*args: object, **kwargs: object) -> int:  # as for another user's file
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr("snl_edu.capped_toml.os.open", refuse)
    result = runner.invoke(main, ["--lang", "ne", "board", "check", str(board)])
    assert result.exit_code == 1
    assert "बोर्ड फाइल पढ्न सकिएन: अनुमति छैन।" in result.output
    assert "Permission" not in result.output


def test_board_files_are_size_capped(runner: CliRunner, tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_text('title.en = "' + "x" * MAX_BOARD_BYTES + '"\n')
    result = runner.invoke(main, ["board", "check", str(big)])
    assert result.exit_code == 1
    assert "The board file is too big" in result.output


def test_only_a_regular_file_is_read_as_a_board(runner: CliRunner, tmp_path: Path) -> None:
    fifo = tmp_path / "board.toml"
    os.mkfifo(fifo)  # no writer: opening it to read would wait for ever
    for path in (str(fifo), "/dev/zero", str(tmp_path)):
        for args in (["board", "check", path], ["play", "--demo", "--board", path]):
            with no_hang(5):
                result = runner.invoke(main, args)
            assert result.exit_code in (1, 2), result.output
            assert "is not a regular file" in result.output, result.output


def test_a_board_can_trap_a_player_only_when_the_finish_bounces() -> None:
    # Square 60 is a pocket (the snakes on 61 to 66 lead back to it) that only the snake on
    # 95 reaches, and only a bounce reaches 95: from 99 a 6 goes to the end and back to it.
    # Walking there is cut off by the snakes on 89 to 94; the ladder 10 -> 97 is the way up.
    jumps = [Jump(JumpKind.LADDER, 10, 97), Jump(JumpKind.SNAKE, 95, 60)]
    jumps += [Jump(JumpKind.SNAKE, head, head - 50) for head in range(54, 60)]
    jumps += [Jump(JumpKind.SNAKE, head, 60) for head in range(61, 67)]
    jumps += [Jump(JumpKind.SNAKE, head, head - 85) for head in range(89, 95)]
    board = Board.build("pocket", 10, 10, jumps)
    assert [trapping_squares(board, finish) for finish in Finish] == [(), (), (60,)]
    check_can_end(board, Finish.EXACT)
    check_can_end(board, Finish.OVERSHOOT)
    for source, shown in (((), "pocket"), (("ours.toml",), "ours.toml")):
        with pytest.raises(BoardError) as caught:
            check_can_end(board, Finish.BOUNCE, *source)
        assert describe(caught.value, Localizer.create("en")) == (
            f"{shown}: With --finish bounce, a player on 60 could never reach the last square, "
            "so a game might never end.")
