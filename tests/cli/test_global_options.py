"""--lang and --digits on the `snl` group count for every command; a command's own win."""

from __future__ import annotations

import subprocess
import sys

from click.testing import CliRunner

from snl_edu.cli import main
from tests.cli.conftest import quiet


def test_group_language_reaches_the_game(runner: CliRunner) -> None:
    result = runner.invoke(main, ["--lang", "ne", "play", "--demo", "--seed", "4", *quiet()])
    assert result.exit_code == 0, result.output
    assert "खेल सकियो।" in result.output


def test_group_digits_and_the_commands_own_language(runner: CliRunner) -> None:
    result = runner.invoke(main, ["--lang", "ne", "--digits", "latn", "play", "--demo",
                                  "--seed", "4", "--lang", "en", *quiet()])
    assert result.exit_code == 0, result.output
    assert "Game over." in result.output or "wins" in result.output
    nepali = runner.invoke(main, ["--digits", "latn", "--lang", "ne", "play", "--demo",
                                  "--seed", "4", *quiet()])
    assert "खेल सकियो।" in nepali.output and not any("०" <= c <= "९" for c in nepali.output)


def test_group_language_for_help_and_errors(runner: CliRunner) -> None:
    assert "प्रयोग:" in runner.invoke(main, ["--lang", "ne", "--help"]).output
    assert "प्रयोग:" in runner.invoke(main, ["--lang", "ne", "rules", "--help"]).output
    result = runner.invoke(main, ["--lang", "ne", "play", "--board", "no-such-board", *quiet()])
    assert result.exit_code == 1
    assert "no-such-board" in result.output and "There is no board" not in result.output


def test_help_loads_no_command_module() -> None:
    code = ("import contextlib, io, sys\nfrom snl_edu.cli import main\n"
            "sys.argv = ['snl', '--help']\n"
            "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
            "    main()\n"
            "print(sorted(m for m in sys.modules if m.startswith('snl_edu.')"
            " and m not in ('snl_edu.cli', 'snl_edu.cli.group', 'snl_edu.cli.localized',"
            " 'snl_edu.cli.click_words',"
            " 'snl_edu.language', 'snl_edu.language.localizer', 'snl_edu.language.registry', 'snl_edu.language.postpositions',"
            " 'snl_edu.vocabulary')))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, env={"SNL_LANG": "en", "PATH": ""})
    assert result.stdout.strip() == "[]"


def test_an_error_in_the_game_keeps_the_chosen_language_and_digits(runner: CliRunner) -> None:
    result = runner.invoke(main, ["play", "--lang", "ne", "--digits", "latn", "--demo",
                                  "--computer", "0", *quiet()])
    assert result.exit_code == 1
    assert result.output == "त्रुटि: एउटा खेलमा 1 देखि 8 जनासम्म खेलाडी हुन सक्छन्, 0 जना होइन।\n"


def test_the_language_options_alone_show_the_help_in_that_language(runner: CliRunner) -> None:
    """A Nepali teacher's first try, "snl --lang ne", is the Nepali help, as "snl" alone is
    the help (not "आदेश छुटेको छ"); --version is in that language too."""
    nepali = runner.invoke(main, ["--lang", "ne"])
    assert nepali.output.startswith("प्रयोग: main [विकल्पहरू] [आदेश] [मानहरू]...\n")
    assert "आदेश छुटेको छ" not in nepali.output and "आदेशहरू:" in nepali.output
    assert runner.invoke(main, ["--digits", "deva"]).output == runner.invoke(main, []).output
    version = runner.invoke(main, ["--lang", "ne", "--version"])
    assert version.exit_code == 0 and version.output.startswith("snl, संस्करण ")


def test_a_number_out_of_range_is_told_with_the_range_in_the_users_words(
        runner: CliRunner) -> None:
    """Click says "1<=x<=4", which no translation could reword: the Nepali error left the
    range out, so a teacher was not told which numbers are allowed."""
    said = {args: runner.invoke(main, list(args)).output.splitlines()[-1] for args in (
        ("play", "--level", "9"), ("history", "--card", "0"),
        ("--lang", "ne", "play", "--level", "9"), ("--lang", "ne", "history", "--card", "0"),
        ("--lang", "ne", "--digits", "latn", "play", "--rate", "9999"),
        ("play", "--level", "x"))}
    assert list(said.values()) == [
        "Error: Invalid value for '--level': 9 is out of range: use 1 to 4.",
        "Error: Invalid value for '--card': 0 is out of range: use at least 1.",
        "त्रुटि: '--level' को मान मान्य छैन: '9' सीमाबाहिर छ: १ देखि ४ सम्म दिनुहोस्।",
        "त्रुटि: '--card' को मान मान्य छैन: '0' सीमाबाहिर छ: कम्तीमा १ दिनुहोस्।",
        "त्रुटि: '--rate' को मान मान्य छैन: '9999' सीमाबाहिर छ: 80 देखि 450 सम्म दिनुहोस्।",
        "Error: Invalid value for '--level': 'x' is not a valid integer."]


def test_a_missing_argument_is_one_sentence_in_the_users_language(runner: CliRunner) -> None:
    """Click ends it with its own "." after the name: a Nepali sentence ends with "।"."""
    english = runner.invoke(main, ["table", "join"])
    nepali = runner.invoke(main, ["--lang", "ne", "table", "join"])
    assert (english.exit_code, nepali.exit_code) == (2, 2)
    assert english.output.splitlines()[-1] == "Error: Missing argument '[HOST:PORT] CODE'."
    assert nepali.output.splitlines()[-1] == "त्रुटि: यो मान छुटेको छ: '[कम्प्युटर:पोर्ट] कोड'।"
