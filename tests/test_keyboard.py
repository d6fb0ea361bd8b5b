"""Keyboard input: keys and lines to commands, timeouts on a real pipe."""

from __future__ import annotations

import io
import os
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from snl_edu.commands import Action, Command, parse_key, parse_line
from snl_edu.keyboard import KeyboardInput


@pytest.mark.parametrize("key,action", [
    ("\n", Action.ROLL), (" ", Action.ROLL), ("r", Action.REPEAT), ("R", Action.REPEAT),
    ("w", Action.WHERE), ("a", Action.AHEAD), ("h", Action.HELP), ("?", Action.HELP),
    ("q", Action.QUIT), ("y", Action.YES), ("n", Action.NO), ("z", None), ("\x1b", None),
])
def test_single_keys(key: str, action: Action | None) -> None:
    assert parse_key(key).action is action


@pytest.mark.parametrize("line,action", [
    ("", Action.ROLL), ("roll", Action.ROLL), ("  Roll  ", Action.ROLL), ("go", Action.ROLL),
    ("r", Action.REPEAT), ("repeat", Action.REPEAT), ("where", Action.WHERE),
    ("ahead", Action.AHEAD), ("HELP", Action.HELP), ("quit", Action.QUIT),
    ("exit", Action.QUIT), ("yes", Action.YES), ("no", Action.NO), ("rol", None),
])
def test_lines(line: str, action: Action | None) -> None:
    assert parse_line(line).action is action


@given(st.text())
def test_any_line_parses_without_error(line: str) -> None:
    assert isinstance(parse_line(line), Command)


def pipe_input() -> tuple[KeyboardInput, int]:
    read_end, write_end = os.pipe()
    return KeyboardInput(os.fdopen(read_end, "r")), write_end


def test_lines_from_a_real_pipe_and_end_of_input() -> None:
    keys, writer = pipe_input()
    os.write(writer, "roll\nw\nपासा\nq".encode())
    os.close(writer)
    actions = [keys.next_command(1.0) for _ in range(5)]
    assert [c.action if c else "timeout" for c in actions] == [
        Action.ROLL, Action.WHERE, None, Action.QUIT, Action.END]
    assert actions[2] is not None and actions[2].text == "पासा"


def test_timeout_returns_none_without_losing_later_input() -> None:
    keys, writer = pipe_input()
    started = time.monotonic()
    assert keys.next_command(0.2) is None
    assert 0.15 <= time.monotonic() - started < 2
    os.write(writer, b"a\nh\n")
    assert keys.next_command(1.0) == Command(Action.AHEAD, "a")
    assert keys.next_command(0.05) == Command(Action.HELP, "h")  # already buffered
    os.close(writer)


def test_stream_without_a_file_descriptor() -> None:
    keys = KeyboardInput(io.StringIO("w\n\n"))
    assert not keys.interactive
    assert [keys.next_command().action for _ in range(3)] == [  # type: ignore[union-attr]
        Action.WHERE, Action.ROLL, Action.END]


def test_split_utf8_across_reads() -> None:
    keys, writer = pipe_input()
    data = "पासा\n".encode()
    os.write(writer, data[:2])
    assert keys.next_command(0.1) is None
    os.write(writer, data[2:])
    assert keys.next_command(1.0).text == "पासा"  # type: ignore[union-attr]
    os.close(writer)
