"""`snl play` in a real pseudo-terminal: single keys, type-ahead, Ctrl-C, SIGTERM.

These drive the installed program as a child at a keyboard would. A game that
read lines instead of single keys fails here: a key pressed without Enter
would never arrive.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import termios
from pathlib import Path
from typing import Any

import pytest

from snl_edu.language.localizer import Localizer
from snl_edu.lessons.answers import PRAISE
from tests.cli.terminal import Terminal

pytestmark = pytest.mark.slow

GAME = ("play", "--players", "Asha", "--computer", "0", "--seed", "2", "--pace", "0")


def praise(language: str) -> list[str]:
    loc = Localizer.create(language)
    return [loc.gettext(text) for text in PRAISE]


def test_one_key_acts_at_once_and_two_keys_in_one_write_both_count() -> None:
    with Terminal(*GAME, "--lessons", "off") as terminal:
        terminal.expect("Press Enter to roll the pasa, or h for help.\n")
        terminal.type("w")  # no Enter: a single key is a whole command
        terminal.expect("Asha is not yet on the board.")
        terminal.type("wa")  # two keys in one write: both are handled, in order
        shown = terminal.expect("A ladder on 3, a roll of 3 away, climbs to 22.")
        assert shown.count("Asha is not yet on the board.") == 1
        terminal.type("q")
        terminal.expect("Quit the game? Press y for yes or n for no.")
        terminal.type("n")
        terminal.expect("Let us play on.")
        terminal.type("qy")
        terminal.expect("Goodbye!")
        assert terminal.wait() == 0
        assert "I did not understand" not in terminal.output  # q, n plays on quietly
        assert terminal.mode() == terminal.before


def test_a_two_digit_devanagari_answer_typed_fast_counts_whole() -> None:
    with Terminal(*GAME, "--lang", "ne", "--lessons", "every", "--level", "1") as terminal:
        terminal.expect("h थिच।\n")
        terminal.type("\r")
        terminal.expect("तिम्रो पालो!")  # her own go: Enter leaves the counting to the game
        terminal.type("\r")
        terminal.expect("१९ पछि तुरुन्तै कुन सङ्ख्या आउँछ?")
        terminal.type("२०\r")  # both digits and Enter in one write, as fast fingers send
        after = terminal.expect("Asha को पालो।")
        assert any(text in after for text in praise("ne")), after
        assert "२\n" not in after  # not taken as the answer 2
        terminal.type("qy")
        assert terminal.wait() == 0


def test_the_question_comes_before_the_next_turn_and_enter_does_not_skip_it() -> None:
    with Terminal(*GAME, "--players", "Asha,Papa", "--lessons", "every",
                  "--level", "1") as terminal:
        terminal.expect("Press Enter to roll the pasa, or h for help.\n")
        terminal.type("\r")
        terminal.expect("Asha, your go!")  # her own go: Enter leaves the counting to the game
        terminal.type("\r")
        asked = terminal.expect("Which number comes just after 19?")
        assert "Papa's turn." not in asked  # Asha's question comes before Papa is called
        terminal.type("\r")  # Papa, impatient, presses Enter to roll
        terminal.expect("Which number comes just after 19?")  # the question again, not a skip
        terminal.type("twenty\r")
        after = terminal.expect("Papa's turn.")
        assert any(text in after for text in praise("en")), after
        assert "skip" not in after
        terminal.type("qy")
        assert terminal.wait() == 0


def test_escape_skips_a_question_and_says_so() -> None:
    with Terminal(*GAME, "--lessons", "every", "--level", "1") as terminal:
        terminal.expect("Press Enter to roll the pasa, or h for help.\n")
        terminal.type("\r")
        terminal.expect("Asha, your go!")  # her own go: Enter leaves the counting to the game
        terminal.type("\r")
        terminal.expect("Type the number and press Enter. To skip, press Escape.\n")  # no voice
        terminal.type("\x1b")
        terminal.expect("That is fine, we will skip this one. The answer was 20.")
        terminal.type("qy")
        assert terminal.wait() == 0


def test_ctrl_c_stops_the_game_and_leaves_a_working_terminal() -> None:
    with Terminal(*GAME, "--lessons", "off") as terminal:
        terminal.expect("Press Enter to roll the pasa, or h for help.\n")
        assert not terminal.mode()[3] & termios.ICANON  # single keys while playing
        terminal.interrupt()
        terminal.expect("Game stopped.")
        terminal.expect("snl play --resume 1")
        assert terminal.wait() == 1
        assert terminal.mode() == terminal.before
        # A working terminal: a typed line is echoed and read as a line again.
        terminal.type("ok\n")
        readable, _, _ = select.select([terminal.slave], [], [], 5)
        assert readable and os.read(terminal.slave, 100) == b"ok\n"


def test_sigterm_restores_the_terminal_too() -> None:
    with Terminal(*GAME, "--lessons", "off") as terminal:
        terminal.expect("Press Enter to roll the pasa, or h for help.\n")
        terminal.terminate()
        assert terminal.wait() == 128 + signal.SIGTERM
        assert terminal.mode() == terminal.before


def test_a_demo_listens_for_q_and_leaves_no_keys_for_the_shell() -> None:
    with Terminal("play", "--demo", "--seed", "1", "--pace", "0.3") as terminal:
        terminal.expect("Computer 1's turn.")
        terminal.type("q")
        terminal.expect("Quit the game? Press y for yes or n for no.")
        terminal.type("yzzz")  # y, and keys typed after it that nobody reads
        terminal.expect("Goodbye!")
        assert terminal.wait() == 0
        readable, _, _ = select.select([terminal.slave], [], [], 0)
        assert not readable  # nothing left over to land at the shell prompt


def test_repeated_roll_presses_during_an_announcement_roll_once() -> None:
    with Terminal(*GAME, "--players", "Asha,Papa", "--lessons", "off") as terminal:
        terminal.expect("Press Enter to roll the pasa, or h for help.\n")
        terminal.type("\r\r\r")  # an impatient child: three presses for one roll
        terminal.expect("Papa's turn.")
        terminal.type("w")  # handled in order: any second roll would come before it
        shown = terminal.expect("Papa is not yet on the board.")
        assert "rolled" not in shown
        assert terminal.output.count("rolled") == 1
        terminal.type("qy")
        assert terminal.wait() == 0


def test_a_nepali_game_resumes_as_printed_in_nepali_without_asking_again(tmp_path) -> None:  # type: ignore[no-untyped-def]
    data = {"SNL_DATA_DIR": str(tmp_path)}
    ne = Localizer.create("ne")
    with Terminal("play", "--players", "आशा", "--computer", "0", "--seed", "2", "--lang",
                  "ne", "--screen-reader", "--lessons", "off", env=data) as terminal:
        terminal.expect("h थिच।\n")
        terminal.type("\r")
        terminal.expect("पालो।")
        terminal.interrupt()
        terminal.expect("snl play --resume 1\n")  # Latin digits: a command to type
        assert terminal.wait() == 1
        hint = terminal.output.strip().splitlines()[-1]
    command = hint[hint.index("snl play"):].split()[1:]  # typed exactly as printed
    assert command == ["play", "--resume", "1"]
    with Terminal(*command, env=data) as terminal:
        terminal.expect(ne.gettext("Continuing game {number}.").format(number="१"))
        terminal.type("qy")
        terminal.expect(ne.gettext("Goodbye!"))
        assert terminal.wait() == 0


def kept_settings(data_dir: Path, given: frozenset[str] = frozenset()) -> Any:
    """The options the latest saved game comes back with (``given``: named again)."""
    from snl_edu.app.options import LATEST, PlayOptions
    from snl_edu.app.saving import resume, with_kept_settings

    prepared = resume(PlayOptions(resume=LATEST, data_dir=str(data_dir)),
                      Localizer.create("en"), lambda text: None)
    prepared.close()
    return with_kept_settings(PlayOptions(resume=LATEST, given=given, data_dir=str(data_dir)),
                              prepared)


def test_a_resumed_game_comes_back_with_its_language_digits_and_way_of_being_heard(
        tmp_path) -> None:  # type: ignore[no-untyped-def]
    data = {"SNL_DATA_DIR": str(tmp_path)}
    with Terminal("play", "--players", "Asha", "--seed", "2", "--lang", "ne", "--digits",
                  "latn", "--screen-reader", "--rate", "120", "--volume", "60",
                  "--history", "off", "--lessons", "every", env=data) as terminal:
        terminal.expect("h थिच।\n")
        terminal.interrupt()
        assert terminal.wait() == 1
    options = kept_settings(tmp_path, given=frozenset({"rate"}))
    assert (options.lang, options.digits, options.lessons, options.history) == (
        "ne", "latn", "every", "off")
    assert options.sound.screen_reader and options.sound.volume == 60
    assert options.sound.rate != 120  # given again on the command line: that one wins


def test_snl_screen_reader_set_once_plays_as_if_every_game_were_given_screen_reader(
        tmp_path) -> None:  # type: ignore[no-untyped-def]
    data = {"SNL_DATA_DIR": str(tmp_path), "SNL_SCREEN_READER": "1"}
    with Terminal("play", "--players", "Asha", "--seed", "2", "--lessons", "off",
                  env=data) as terminal:
        terminal.expect("Press Enter to roll the pasa, or h for help.\n")
        terminal.interrupt()
        assert terminal.wait() == 1
    assert kept_settings(tmp_path).sound.screen_reader


def test_resume_continues_the_family_game_not_an_interrupted_demo(tmp_path) -> None:  # type: ignore[no-untyped-def]
    data = {"SNL_DATA_DIR": str(tmp_path)}
    with Terminal(*GAME, "--lessons", "off", env=data) as family:
        family.expect("Press Enter to roll the pasa, or h for help.\n")
        family.interrupt()
        assert family.wait() == 1
    with Terminal("play", "--demo", "--pace", "0.5", env=data) as demo:
        demo.expect("Computer 1's turn.")
        demo.interrupt()
        demo.expect("snl play --resume 2")
        assert demo.wait() == 1
    with Terminal("play", "--resume", env=data) as resumed:
        resumed.expect("Continuing game 1.")
        resumed.expect("Asha is not yet on the board.")
        resumed.type("qy")
        assert resumed.wait() == 0


def test_progress_is_plain_lines_for_a_screen_reader_and_off_a_terminal(tmp_path) -> None:  # type: ignore[no-untyped-def]
    args = ("stats", "classic", "--simulate", "400", "--seed", "1", "--no-chart")
    with Terminal(*args, "--screen-reader") as terminal:
        terminal.expect("Playing games: 25% done.\n")
        terminal.expect("Playing games: 100% done.\n")
        assert terminal.wait() == 0
        assert "\r" not in terminal.output and "\x1b" not in terminal.output  # no redraws
        assert terminal.output.count("% done.") == 4  # occasional: each quarter once
    with Terminal(*args, env={"TERM": "dumb"}) as terminal:  # it cannot redraw a line
        assert terminal.wait() == 0
        assert "\r" not in terminal.output and "\x1b" not in terminal.output
        assert terminal.output.count("% done.") == 4
    with Terminal(*args) as terminal:  # a sighted user at a terminal keeps the bar
        assert terminal.wait() == 0
        assert "\r" in terminal.output and "% done." not in terminal.output
    piped = subprocess.run([sys.executable, "-m", "snl_edu", *args], capture_output=True,
                           text=True, timeout=60, check=False)
    assert piped.returncode == 0
    assert piped.stderr.splitlines() == [f"Playing games: {p}% done." for p in (25, 50, 75, 100)]


def test_a_key_during_speech_cuts_it_short_in_the_real_program() -> None:
    # Speech on, through the real device path on miniaudio's null backend, which plays
    # in real time: the help takes many seconds to say, about 10 s even at the fastest rate,
    # which keeps the sentences after it (the answer, the quit question, goodbye) short.
    spoken = {"SNL_AUDIO": "on", "SNL_AUDIO_BACKEND": "null"}
    with Terminal(*GAME, "--lessons", "off", "--no-sound", "--rate", "450",
                  env=spoken) as terminal:
        terminal.expect("Press Enter to roll the pasa, or h for help.\n")
        terminal.type("h")
        terminal.expect("Keys:")
        terminal.type("w")  # pressed while the help is being said
        shown = terminal.expect("Asha is not yet on the board.", deadline=6.0)
        assert "q: quit, after you confirm." in shown  # the rest of the help was printed,
        terminal.type("qy")                            # its speech cut short: w came soon
        terminal.expect("Goodbye!")
        assert terminal.wait() == 0
        assert terminal.output.count("Asha is not yet on the board.") == 1


def test_ctrl_c_silences_the_game_at_once() -> None:
    from snl_edu.outputs.aloud.espeak import EspeakSynthesiser, Voice

    stop_lines = ("Game stopped. The game is saved. To continue it, type: snl play --resume 1")
    saying_them = EspeakSynthesiser(Voice("en")).synthesise(stop_lines).duration
    spoken = {"SNL_AUDIO": "on", "SNL_AUDIO_BACKEND": "null"}
    with Terminal(*GAME, "--lessons", "off", "--no-sound", env=spoken) as terminal:
        terminal.expect("Press Enter to roll the pasa, or h for help.\n")
        terminal.type("h")  # many seconds of speech ahead
        terminal.expect("Keys:")
        terminal.interrupt()
        terminal.expect("Game stopped.")
        # The stop lines are printed, not said: the program is gone sooner than they
        # could have been spoken (and long before the rest of the help).
        assert terminal.wait(deadline=saying_them) == 1
        assert terminal.mode() == terminal.before


@pytest.mark.parametrize("env,coloured", [
    ({"NO_COLOR": ""}, True), ({"NO_COLOR": "1"}, False),
    ({"NO_COLOR": "", "TERM": "dumb"}, False),
    ({"NO_COLOR": "", "SNL_SCREEN_READER": "1"}, False)])
def test_the_board_is_coloured_at_a_terminal_unless_no_color_a_dumb_one_or_a_screen_reader(
        env: dict[str, str], coloured: bool) -> None:
    # no-color.org: NO_COLOR set to any text turns colour off; set but empty, it does not.
    # A dumb terminal shows escape codes as text, and a screen reader reads them out.
    with Terminal("board", "show", "saanp-bharyang", env=env) as terminal:
        assert terminal.wait() == 0
        assert "97S" in terminal.output and ("\x1b[" in terminal.output) is coloured


def test_a_second_enter_pressed_with_the_roll_does_not_ask_the_question_again() -> None:
    with Terminal(*GAME, "--lessons", "every", "--level", "1") as terminal:
        terminal.expect("Press Enter to roll the pasa, or h for help.\n")
        terminal.type("\r\r")  # an impatient child: two presses for one roll
        terminal.expect("Asha, your go!")  # the second is not a press in her go either
        terminal.type("\r")
        asked = terminal.expect("To skip, press Escape.\n")
        terminal.type("\x1b")
        asked += terminal.expect("we will skip this one")
        question = next(line for line in asked.splitlines() if line.endswith("?"))
        assert asked.count(question) == 1, asked
        terminal.type("qy")
        assert terminal.wait() == 0
