"""`snl play`: demo, scripted human games, every option and bad input."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from snl_edu.cli import main
from tests.cli.conftest import quiet


def play(runner: CliRunner, *args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(main, ["play", *quiet(), *args], input=input)


def test_demo_plays_to_the_end(runner: CliRunner) -> None:
    result = play(runner, "--demo", "--seed", "1")
    assert result.exit_code == 0, result.output
    assert "Game over. The places:" in result.output
    assert re.search(r"Place 1: Computer \d, finished\.", result.output)


def test_same_seed_same_demo(runner: CliRunner) -> None:
    first = play(runner, "--demo", "--seed", "7").output
    assert first == play(runner, "--demo", "--seed", "7").output
    assert first != play(runner, "--demo", "--seed", "8").output


@pytest.mark.parametrize("options", [
    ["--finish", "bounce"], ["--finish", "overshoot"], ["--no-six-again"],
    ["--no-three-sixes"], ["--six-to-start"], ["--play-to-end", "--computer", "4"],
    ["--board", "classic"], ["--board", "moksha-patam", "--verbosity", "full"],
    ["--verbosity", "brief"], ["--count"], ["--computer", "8"], ["--computer", "1"],
])
def test_demo_with_each_option(runner: CliRunner, options: list[str]) -> None:
    result = play(runner, "--demo", "--seed", "3", *options)
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output


# Seed 17's demo, by the default rules, has an overshoot, a chhakka and three in a row:
# each rule option must change what the players hear.
@pytest.mark.parametrize("options,heard,not_heard", [
    ([], ["Too far!", "Chhakka!", "Three chhakkas in a row!"], ["bounces back"]),
    (["--finish", "overshoot"], ["Chhakka!"], ["Too far!", "bounces back"]),
    (["--finish", "bounce"], ["bounces back"], ["Too far!"]),
    (["--no-six-again"], [], ["Chhakka!", "Three chhakkas"]),
    (["--no-three-sixes"], ["Chhakka!"], ["Three chhakkas"]),
])
def test_each_rule_option_changes_the_game(runner: CliRunner, options: list[str],
                                           heard: list[str], not_heard: list[str]) -> None:
    out = play(runner, "--demo", "--seed", "17", *options).output
    assert "Game over" in out
    assert [text for text in heard if text not in out] == []
    assert [text for text in not_heard if text in out] == []


def test_help_offers_every_rule_option_with_its_help_and_default(runner: CliRunner) -> None:
    # Wide, so no help text wraps; an entry is its option's line and the lines indented under it.
    out = runner.invoke(main, ["play", "--help"], terminal_width=300, max_content_width=300).output
    entries = [" ".join(entry.split()) for entry in re.split(r"\n  (?=-)", out)]
    first = next(i for i, entry in enumerate(entries) if entry.startswith("--finish"))
    assert entries[first:first + 5] == [
        ("--finish [exact|overshoot|bounce] exact: overshoot stays put; overshoot: reaching or "
        "passing the end wins; bounce: walk to the end and back. [default: exact]"),
        "--six-again / --no-six-again A 6 (chhakka) earns another roll. [default: six-again]",
        ("--three-sixes / --no-three-sixes The third 6 in a row is not moved and the turn passes. "
        "[default: three-sixes]"),
        ("--six-to-start / --no-six-to-start A token enters only on a 6. "
        "[default: no-six-to-start]"),
        ("--play-to-end / --no-play-to-end Play on until every place is decided. "
        "[default: no-play-to-end]"),
    ]


def test_play_to_end_ranks_everyone_as_finished(runner: CliRunner) -> None:
    result = play(runner, "--demo", "--seed", "2", "--computer", "3", "--play-to-end")
    assert len(re.findall(r"Place \d: Computer \d, finished\.", result.output)) >= 2


def test_six_to_start_is_narrated(runner: CliRunner) -> None:
    result = play(runner, "--demo", "--seed", "1", "--six-to-start")
    assert "needs a 6 to start" in result.output


def test_scripted_human_game_through_stdin(runner: CliRunner) -> None:
    script = "w\na\nh\nr\nxyzzy\n" + "\n" * 400
    result = play(runner, "--players", "Asha", "--seed", "5", input=script)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Asha's turn." in out and "Asha is not yet on the board." in out
    assert "Space: roll the pasa too. On your go, Space moves your token one square." in out
    assert "I did not understand 'xyzzy'." in out
    assert "Game over" in out


def test_two_humans_and_a_computer(runner: CliRunner) -> None:
    result = play(runner, "--players", "Asha,Bikash", "--computer", "1", "--seed", "9",
                  input="roll\n" * 600)
    assert result.exit_code == 0
    for name in ("Asha", "Bikash", "Computer 1"):
        assert f"{name}'s turn." in result.output


def test_quit_asks_for_confirmation(runner: CliRunner) -> None:
    result = play(runner, "--players", "Asha", "--seed", "5", input="q\nn\nq\nmaybe\ny\n")
    assert result.exit_code == 0
    assert result.output.count("Quit the game?") == 2
    assert "Let us play on." in result.output
    assert "Please press y for yes or n for no." in result.output
    assert result.output.rstrip().endswith("Goodbye!")


def test_end_of_input_stops_cleanly(runner: CliRunner) -> None:
    result = play(runner, "--players", "Asha", "--seed", "5", input="\n\n")
    assert result.exit_code == 0
    assert "The input has ended" in result.output


def test_where_after_moves(runner: CliRunner) -> None:
    result = play(runner, "--players", "Asha", "--seed", "5", input="\n\nw\nq\ny\n")
    assert re.search(r"Asha is on square \d+\.", result.output)


@pytest.mark.parametrize("args,needle", [
    (["--players", ""], "name cannot be empty"),
    (["--players", "Asha,asha"], "Two players are called"),
    (["--players", "A,B,C,D,E", "--computer", "4"], "seats 1 to 8 players, not 9"),
    (["--players", "A", "--computer", "-1"], "Invalid value"),
    (["--demo", "--computer", "0"], "seats 1 to 8 players, not 0"),
    (["--demo", "--players", "A"], "computer players only"),
    (["--board", "nowhere"], "There is no board called nowhere. Boards: classic, moksha-patam"),
    (["--board", "our-board.toml"], "There is no board file our-board.toml: check its path"),
    (["--finish", "sideways"], "Invalid value for '--finish'"),
    (["--verbosity", "loud"], "Invalid value for '--verbosity'"),
    (["--lang", "xx"], "Unknown language xx"),
    (["--seed", "abc"], "Invalid value for '--seed'"),
    (["--auto-roll", "0"], "Invalid value for '--auto-roll'"),
])
def test_bad_input_is_one_clear_line(runner: CliRunner, args: list[str], needle: str) -> None:
    result = play(runner, *args, "--demo" if "--players" not in args and "--demo" not in args
                  else "--seed", *([] if "--players" not in args and "--demo" not in args
                                   else ["1"]))
    assert result.exit_code != 0
    assert needle in result.output
    assert "Traceback" not in result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)


def test_options_that_do_not_fit_together_are_a_usage_error_naming_the_option_at_fault(
        runner: CliRunner) -> None:
    learner = play(runner, "--players", "Asha", "--learner", "")
    assert learner.exit_code == 2
    assert learner.output.endswith(
        "Error: Invalid value for --learner: A learner's name cannot be empty.\n")
    team = play(runner, "--players", "Asha", "--learner", "Asha+Bikash")
    assert team.exit_code == 2 and team.output.startswith("Usage:")  # nothing said before
    assert "There are no unfinished games." in runner.invoke(main, ["games"]).output  # none kept
    demo = play(runner, "--demo", "--players", "A")
    assert demo.exit_code == 2
    assert demo.output.endswith(
        "Error: A demo game has computer players only: leave out --players and --team.\n")


def test_broken_board_file_names_the_jump(runner: CliRunner, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "ours.toml"
    path.write_text("[[ladders]]\nfrom = 10\nto = 20\n[[snakes]]\nfrom = 20\nto = 3\n")
    result = play(runner, "--demo", "--board", str(path))
    assert result.exit_code == 1
    assert "The jump 10 to 20 ends where the jump 20 to 3 starts" in result.output


def test_malformed_board_file_gives_its_line(runner: CliRunner, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "ours.toml"
    path.write_text("width = 10\n[[ladders]\nfrom = 1\n")
    result = play(runner, "--demo", "--board", str(path))
    assert result.exit_code == 1 and "line 2" in result.output and "TOML" in result.output


LONG_TEAM = "A" * 80 + "+B"


@pytest.mark.parametrize(("args", "said"), [
    (("--team", "Asha"), "'Asha' is not"),
    (("--team", "A+B+C+D"), "'A+B+C+D' is not"),
    (("--team", "Asha+Asha"), "names one child twice"),
    (("--team", "Asha+"), "A name in the team 'Asha+' is empty"),
    (("--team", "Asha+Bikash", "--players", "Asha"), "Asha is in two places"),
    (("--players", "Asha+Bikash"), "A player's name cannot hold \"+\""),
    (("--team", LONG_TEAM), (f"The team '{'A' * 79}…' has 82 characters: a team's names "
                             "together have at most 40.")),
])
def test_every_bad_team_is_a_usage_error_that_says_what_was_typed(
        runner: CliRunner, args: tuple[str, ...], said: str) -> None:
    """Bad option values, told alike: the usage line, the sentence, exit code 2. A name
    too long is shown whole, or cut with "…" (never cut to look like what was typed)."""
    result = play(runner, *args)
    assert result.exit_code == 2, result.output
    assert result.output.startswith("Usage: main play [OPTIONS]\n")  # the runner calls it main
    assert said in result.output
    assert "'" + "A" * 40 + "+B'" not in result.output
