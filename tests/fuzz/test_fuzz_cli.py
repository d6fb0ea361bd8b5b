"""Command-line options and piped input through Click's CliRunner: every invocation ends
with a message or a game, never a traceback or a hang."""

from __future__ import annotations

import atexit
import contextlib
import functools
import shutil
import tempfile
from pathlib import Path

from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from snl_edu.cli import main

from .budget import fuzz, fuzz_at, no_hang

COMMANDS = ["play", "games", "rules", "words", "boards", "board", "nothing", ""]
OPTIONS = ["--players", "--computer", "--board", "--finish", "--six-again", "--no-six-again",
           "--three-sixes", "--six-to-start", "--play-to-end", "--seed", "--demo", "--verbosity",
           "--count", "--resume", "--all", "--lang", "--digits", "--auto-roll", "--help",
           "show", "check", "render", "--json", "-h", "--", "-"]
VALUES = ["", "0", "1", "8", "9", "-1", "2.5", "x", "classic", "moksha-patam", "saanp-bharyang",
          "exact", "bounce", "overshoot", "en", "ne", "fr", "latn", "deva", "brief", "full",
          "Asha,Bikash", "Asha,asha", ",", " ", "१", "9" * 30, "/", "/dev/null",
          "nonexistent.toml"]
# No NUL characters: a real command line cannot hold them (execve takes C strings), and
# Click's own Path type raises ValueError on them.
tokens = st.one_of(st.sampled_from(OPTIONS), st.sampled_from(VALUES),
                   st.text(st.characters(blacklist_characters="\x00"), max_size=10))


game_numbers = st.one_of(st.integers(), st.integers(-10, 10).map(str), st.text(max_size=6),
                         st.sampled_from(["१", "٣", "1e3", "0x10", " 7", "9" * 40]))


@functools.cache
def folder_with_an_unfinished_game() -> Path:
    """A data folder holding one unfinished game, made once: each example copies it rather
    than playing a whole game first (that was most of this target's time)."""
    folder = Path(tempfile.mkdtemp(prefix="snl-resume-template-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    result = CliRunner().invoke(main, ["play", "--players", "Asha", "--computer", "1",
                                       "--seed", "3", "--lang", "en", "--data-dir", str(folder)],
                                input="\n\n\n")
    assert "snl play --resume" in result.output, result.output
    return folder


@fuzz_at(9.4)
@given(st.one_of(game_numbers.map(str), st.just("")), st.text(max_size=12))
def test_any_resume_number_or_data_folder_gives_a_message(number: str, sub: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        runner = CliRunner()
        # Any name inside the temporary folder, even odd ones (no escaping it with "..").
        data_dir = folder + "/" + sub.replace("..", "_")
        with contextlib.suppress(OSError, ValueError):  # a name the system refuses stays fuzzed
            shutil.copytree(folder_with_an_unfinished_game(), data_dir, dirs_exist_ok=True)
        with no_hang(30):
            args = ["play", "--resume", *([number] if number else []), "--data-dir", data_dir]
            result = runner.invoke(main, args)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"snl {args!r} crashed") from result.exception


@fuzz
@given(st.sampled_from(COMMANDS), st.lists(tokens, max_size=8),
       st.text(max_size=40))
def test_any_command_line_gives_a_message_or_a_game(command: str, args: list[str],
                                                    typed: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        argv = ([command] if command else []) + args + (
            ["--data-dir", folder] if command in ("play", "games") else [])
        # --pace and --auto-roll are left out: a long pause asked for is not a hang.
        runner = CliRunner()
        with no_hang(30):
            result = runner.invoke(main, argv, input=typed + "\n" * 600)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"snl {argv!r} crashed") from result.exception
    assert "Traceback" not in result.output
