"""Keyboard lines and bytes, spoken transcripts: any input is a command, never a crash or a
hang, and a whole scripted game always comes to an end."""

from __future__ import annotations

import io
import os
import threading

from hypothesis import given
from hypothesis import strategies as st

from snl_edu.boards import load_board
from snl_edu.engine import Game, Rules, Seat
from snl_edu.inputs.commands import KEYS, Action, Command, parse_key, parse_line
from snl_edu.inputs.dice import RandomDice
from snl_edu.inputs.keyboard import KeyboardInput
from snl_edu.language.localizer import Localizer
from snl_edu.outputs.console import ConsoleOutput, Outputs
from snl_edu.play.narration import Narrator
from snl_edu.play.session import Ending, Session

from .budget import fuzz, fuzz_at, no_hang

WORDS = ["", "roll", "r", "w", "a", "h", "?", "q", "y", "n", "quit", "yes", "no", "help",
         "repeat", "where", "ahead", "7", "१२", "exit", " ROLL ", "\t", "\x00", "\x1b[A"]
lines = st.one_of(st.sampled_from(WORDS), st.text(max_size=20))


@fuzz
@given(st.text(max_size=50))
def test_any_line_or_key_is_a_command(text: str) -> None:
    line, key = parse_line(text), parse_key(text[:1])
    # A key is its own action or none, and keeps the key for "I did not understand".
    assert key == Command(KEYS.get(text[:1].lower() if text[:1].isalpha() else text[:1]),
                          text[:1])
    if line.action is None:
        assert line.text in (text.strip(), text.strip().lower())
    else:
        assert line.action is not Action.ANSWER and line.action is not Action.END


def commands_from_bytes(data: bytes) -> list[Command]:
    """Feed raw bytes through a real pipe, as a script piped into `snl play` would."""
    read_end, write_end = os.pipe()

    def writer() -> None:
        with os.fdopen(write_end, "wb") as stream:
            stream.write(data)

    thread = threading.Thread(target=writer)
    thread.start()
    commands: list[Command] = []
    with os.fdopen(read_end, "r", encoding="utf-8", errors="replace") as stream:
        keyboard = KeyboardInput(stream)
        # Every command consumes at least one byte, so this bound is never reached
        # unless the reader loops without reading: that would be a hang.
        for _ in range(len(data) + 3):
            command = keyboard.next_command(0.5)
            assert command is not None
            commands.append(command)
            if command.action is Action.END:
                break
        else:
            raise AssertionError("the keyboard never reported the end of its input")
    thread.join()
    return commands


@fuzz
@given(st.binary(max_size=400))
def test_any_bytes_through_a_pipe_end_cleanly(data: bytes) -> None:
    with no_hang():
        commands = commands_from_bytes(data)
    assert commands[-1].action is Action.END


@fuzz_at(7.7)
@given(st.lists(lines, max_size=80), st.integers(0, 1000),
       st.sampled_from(["en", "ne"]))
def test_any_script_plays_a_game_to_an_ending(script: list[str], seed: int,
                                              language: str) -> None:
    text = "\n".join(script) + "\n" + "\n" * 600  # then Enter until the game ends
    loc = Localizer.create(language)
    board = load_board("classic")
    game = Game(board, Rules(), [Seat("Asha"), Seat("Computer", computer=True)])
    output = io.StringIO()
    session = Session(game, Narrator(loc, board, game.seats), Outputs([ConsoleOutput(output)]),
                      KeyboardInput(io.StringIO(text)), RandomDice(seed))
    with no_hang():
        ending = session.run()
    assert ending in (Ending.FINISHED, Ending.QUIT, Ending.INPUT_ENDED)


@fuzz
@given(st.text(max_size=40))
def test_any_transcript_is_a_command_or_nothing(transcript: str) -> None:
    from snl_edu.inputs.voice.phrasebook.phrases import load_phrase_book
    from snl_edu.inputs.voice.phrasebook.understand import understand

    for language in ("en", "ne"):
        result = understand(load_phrase_book(language), transcript)
        assert result is None or isinstance(result, Command)


vosk_words = st.fixed_dictionaries({"word": st.text(max_size=8)},
                                   optional={"conf": st.floats(0, 1), "start": st.floats(0, 9)})


@fuzz
@given(st.one_of(
    st.fixed_dictionaries({}, optional={"text": st.text(max_size=30),
                                        "result": st.lists(vosk_words, max_size=5)}),
    st.text(max_size=30)))
def test_any_vosk_result_gives_a_transcript(result: object) -> None:
    from snl_edu.inputs.voice.phrasebook.understand import transcript_of

    if isinstance(result, str):
        import json

        result = json.dumps({"text": result})
    assert isinstance(transcript_of(result), str)  # type: ignore[arg-type]


answers = st.one_of(st.sampled_from(["5", "12", "०५", "१२", "٣", "²", "99999999999999999999",
                                     "-3", "s", "skip", "r", "h", "q", "y", "", " 7 "]),
                    st.text(max_size=12))


@fuzz_at(9.7)
@given(st.lists(answers, max_size=60), st.integers(1, 4), st.sampled_from(["en", "ne"]),
       st.sampled_from(["classic", "moksha-patam", "saanp-bharyang"]), st.integers(0, 99))
def test_any_lesson_answers_play_a_game_to_an_ending(typed: list[str], level: int,
                                                     language: str, board: str,
                                                     seed: int) -> None:
    import tempfile

    from click.testing import CliRunner

    from snl_edu.cli import main

    with tempfile.TemporaryDirectory() as folder:
        args = ["play", "--players", "Asha", "--computer", "1", "--lessons", "every",
                "--level", str(level), "--lang", language, "--board", board, "--seed",
                str(seed), "--no-speech", "--no-sound", "--data-dir", folder]
        with no_hang(30):
            result = CliRunner().invoke(main, args, input="\n".join(typed) + "\n")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"snl {args!r} crashed") from result.exception
    assert result.exit_code == 0, result.output
