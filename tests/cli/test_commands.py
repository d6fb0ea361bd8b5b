"""The other commands: rules, words, boards, board show/check, and every --help."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from snl_edu.cli import main
from snl_edu.cli.localized import command_tree


def all_command_paths(group: click.Group) -> list[tuple[str, ...]]:
    """Every command path, the lazily loaded ones included."""
    return [path for path, _ in command_tree(group)]


@pytest.mark.parametrize("path", all_command_paths(main), ids=lambda p: " ".join(p) or "snl")
def test_every_help(runner: CliRunner, path: tuple[str, ...]) -> None:
    result = runner.invoke(main, [*path, "--help"])
    assert result.exit_code == 0
    assert "Usage:" in result.output


def test_rules_follow_the_options(runner: CliRunner) -> None:
    default = runner.invoke(main, ["rules"]).output
    assert "exactly on 100" in default and "third chhakka" in default
    assert "8 ladders (bharyang)" in default
    bounce = runner.invoke(main, ["rules", "--finish", "bounce", "--no-six-again",
                                  "--six-to-start", "--play-to-end"]).output
    assert "walks to the end and back" in bounce and "A 6 is an ordinary roll." in bounce
    assert "enter only on a 6" in bounce and "every place is decided" in bounce
    assert "third chhakka" not in bounce
    assert "reaches or passes 100" in runner.invoke(main, ["rules", "--finish",
                                                          "overshoot"]).output


def test_words_glossary(runner: CliRunner) -> None:
    out = runner.invoke(main, ["words"]).output.splitlines()
    assert out[0] == "saanp (साँप): a snake: a token that stops on its head slides down to its tail."
    assert any(line.startswith("Moksha Patam (मोक्षपटम्)") for line in out)
    assert len(out) == 5


def test_boards_lists_every_shipped_board(runner: CliRunner) -> None:
    out = runner.invoke(main, ["boards"]).output
    assert "saanp-bharyang: Saanp Bharyang, 8 ladders and 8 snakes." in out
    assert "classic: Classic, 9 ladders and 10 snakes." in out
    assert "moksha-patam" in out


def test_board_show_has_grid_and_linear_list(runner: CliRunner) -> None:
    out = runner.invoke(main, ["board", "show", "saanp-bharyang"]).output.splitlines()
    # Boustrophedon: the top row runs right to left, the next left to right; L marks a
    # ladder's foot and S a snake's head (91 is a ladder's top, so it carries no mark).
    assert out[0].split() == ["100", "99", "98", "97S", "96", "95", "94", "93", "92", "91"]
    assert out[1].split() == ["81", "82", "83", "84", "85", "86", "87", "88", "89S", "90"]
    assert out[9].split() == ["1", "2", "3L", "4", "5", "6", "7", "8L", "9", "10"]
    assert "Ladder: from 3 up to 22." in out and "Snake: from 97 down to 61." in out


def test_board_show_no_grid_and_names(runner: CliRunner) -> None:
    out = runner.invoke(main, ["board", "show", "moksha-patam", "--no-grid"]).output
    assert out.splitlines()[0].startswith("Moksha Patam: 100 squares")
    assert "Ladder of Kindness: from 4 up to 25." in out
    assert "Snake of Anger: from 16 down to 6." in out


def test_board_check(runner: CliRunner, tmp_path) -> None:  # type: ignore[no-untyped-def]
    good = tmp_path / "good.toml"
    good.write_text("width = 9\nheight = 8\n[[ladders]]\nfrom = 5\nto = 40\n")
    result = runner.invoke(main, ["board", "check", str(good)])
    assert result.exit_code == 0
    assert "a valid board of 72 squares with 1 ladder and 0 snakes." in result.output
    two = tmp_path / "two.toml"
    two.write_text("[[ladders]]\nfrom = 5\nto = 40\n[[ladders]]\nfrom = 6\nto = 41\n"
                   "[[snakes]]\nfrom = 50\nto = 30\n")
    result = runner.invoke(main, ["board", "check", str(two)])
    assert "a valid board of 100 squares with 2 ladders and 1 snake." in result.output
    bad = tmp_path / "bad.toml"
    bad.write_text("[[snakes]]\nfrom = 50\nto = 60\n")
    result = runner.invoke(main, ["board", "check", str(bad)])
    assert result.exit_code == 1
    assert "The snake 50 to 60 does not go down" in result.output


def test_board_show_unknown(runner: CliRunner) -> None:
    result = runner.invoke(main, ["board", "show", "zzz"])
    assert result.exit_code == 1 and "There is no board called zzz" in result.output


def test_module_entry_point_and_version() -> None:
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "snl_edu", "--version"], capture_output=True,
                         text=True, check=True).stdout
    assert out.startswith("snl, version")
