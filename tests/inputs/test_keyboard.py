"""Keyboard input: keys and lines to commands, timeouts on a real pipe."""

from __future__ import annotations

import io
import os
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from snl_edu.inputs.commands import WORDS, Action, Command, parse_key, parse_line
from snl_edu.inputs.keyboard import KeyboardInput
from snl_edu.language.registry import languages


@pytest.mark.parametrize("key,action", [
    ("\n", Action.ROLL), (" ", Action.ROLL), ("r", Action.REPEAT), ("R", Action.REPEAT),
    ("w", Action.WHERE), ("a", Action.AHEAD), ("h", Action.HELP), ("?", Action.HELP),
    ("q", Action.QUIT), ("y", Action.YES), ("n", Action.NO), ("z", None), ("\x1b", Action.SKIP),
    ("[", Action.SQUARE_BEFORE), ("]", Action.SQUARE_AFTER), ("\x1b[H", Action.OWN_SQUARE),
    ("\x1bOH", Action.OWN_SQUARE), ("\x1b[1~", Action.OWN_SQUARE), ("\x1b[A", None),
    ("-", Action.SLOWER), ("+", Action.FASTER), ("/", Action.QUIETER), ("*", Action.LOUDER),
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
def test_any_line_is_a_command_that_keeps_what_was_typed(line: str) -> None:
    command = parse_line(line)
    words = " ".join(line.strip().lower().split())
    if len(words) == 1:  # a single key, as pressed
        assert command == parse_key(words)
    elif command.action is None:
        # Not understood: the game says "I did not understand <text>", so it keeps the text.
        assert command.text == line.strip()
    else:
        # Understood: only a known word or a language's yes or no, never a guess.
        assert words in WORDS or any(
            words in language.yes_words | language.no_words for language in languages())
        assert command.text == words


@given(st.sampled_from(sorted(WORDS)), st.text(" \t", max_size=3), st.text(" \t", max_size=3))
def test_known_words_in_any_case_and_spacing_are_their_actions(word: str, before: str,
                                                                after: str) -> None:
    assert parse_line(before + word.upper() + after) == Command(WORDS[word], word)


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


# -- a real terminal: the pseudo-terminal's slave end is the game's stdin --------

def terminal_input() -> tuple[KeyboardInput, int, int]:
    """Keyboard on a pty; returns it, the master end (what the user types into) and the slave."""
    master, slave = os.openpty()
    return KeyboardInput(os.fdopen(slave, "r", closefd=False)), master, slave


def test_keys_in_one_write_arrive_one_by_one_with_nothing_lost() -> None:
    keys, master, slave = terminal_input()
    try:
        with keys:
            os.write(master, "w२6\x1b[H\x1b".encode())
            got = [keys.next_command(2.0) for _ in range(5)]
            assert [c.text if c else None for c in got] == ["w", "२", "6", "\x1b[H", "\x1b"]
            assert keys.next_command(0.05) is None
    finally:
        os.close(master)
        os.close(slave)


def test_a_multibyte_key_split_across_writes_arrives_whole() -> None:
    keys, master, slave = terminal_input()
    try:
        with keys:
            data = "१".encode()
            os.write(master, data[:1])
            assert not keys.key_pressed()  # half a character is not yet a key
            os.write(master, data[1:])
            command = keys.next_command(2.0)
            assert command is not None and command.text == "१"
    finally:
        os.close(master)
        os.close(slave)


def test_a_key_waiting_is_seen_without_being_used_up() -> None:
    keys, master, slave = terminal_input()
    try:
        with keys:
            assert not keys.key_pressed()
            os.write(master, b"w")
            deadline = time.monotonic() + 2
            while not keys.key_pressed():
                assert time.monotonic() < deadline
            assert keys.key_pressed()  # still there: the skip did not eat it
            assert keys.next_command(1.0) == Command(Action.WHERE, "w")
    finally:
        os.close(master)
        os.close(slave)


def test_roll_keys_typed_during_an_announcement_are_dropped_but_other_keys_kept() -> None:
    keys, master, slave = terminal_input()
    try:
        with keys:
            os.write(master, b"\n \nw\r")
            deadline = time.monotonic() + 2
            while not keys.key_pressed():
                assert time.monotonic() < deadline
            keys.drop_rolls()
            assert keys.next_command(1.0) == Command(Action.WHERE, "w")
            assert keys.next_command(0.05) is None
    finally:
        os.close(master)
        os.close(slave)


def test_single_key_mode_is_entered_without_flushing_and_restored() -> None:
    import termios

    keys, master, slave = terminal_input()
    try:
        before = termios.tcgetattr(slave)
        os.write(master, b"7")  # typed before the game took the keyboard
        with keys:
            inside = termios.tcgetattr(slave)
            assert not inside[3] & termios.ICANON and not inside[3] & termios.ECHO
            assert inside[3] & termios.ISIG  # Ctrl-C still interrupts
            assert keys.next_command(2.0) == Command(None, "7")  # type-ahead kept
        assert termios.tcgetattr(slave) == before
    finally:
        os.close(master)
        os.close(slave)


def test_the_terminal_is_restored_when_the_game_fails() -> None:
    import termios

    keys, master, slave = terminal_input()
    try:
        before = termios.tcgetattr(slave)
        with pytest.raises(RuntimeError), keys:
            raise RuntimeError("boom")
        assert termios.tcgetattr(slave) == before
    finally:
        os.close(master)
        os.close(slave)
