"""The whole command line in Nepali: games, help, rules, words, boards, errors."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from snl_edu.cli import main
from snl_edu.cli.localized import help_messages
from snl_edu.language.localizer import Localizer
from tests.cli.conftest import quiet
from tests.cli.test_commands import all_command_paths

LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def test_every_help_text_has_a_nepali_translation() -> None:
    ne = Localizer.create("ne")
    missing = [text for text in help_messages(main) if ne.gettext(text) == text]
    assert missing == []


@pytest.mark.parametrize("path", all_command_paths(main), ids=lambda p: " ".join(p) or "snl")
def test_every_help_in_nepali(runner: CliRunner, path: tuple[str, ...]) -> None:
    result = runner.invoke(main, [*path, "--help"], env={"SNL_LANG": "ne"})
    assert result.exit_code == 0
    assert "प्रयोग:" in result.output and "Usage:" not in result.output
    assert "यो सन्देश देखाएर बन्द हुने।" in result.output
    english = runner.invoke(main, [*path, "--help"]).output
    assert "Show this message and exit." in english


def test_help_follows_lang_option_even_after_help(runner: CliRunner) -> None:
    assert "प्रयोग:" in runner.invoke(main, ["play", "--help", "--lang", "ne"]).output
    assert "प्रयोग:" in runner.invoke(main, ["rules", "--lang=ne", "--help"]).output


def test_help_follows_snl_lang(runner: CliRunner) -> None:
    assert "प्रयोग:" in runner.invoke(main, ["play", "--help"], env={"SNL_LANG": "ne"}).output
    assert "प्रयोग:" in runner.invoke(main, ["--help"], env={"LANG": "ne_NP.UTF-8"}).output


def _nepali_only(text: str) -> list[str]:
    """Lines with a Latin word, ignoring option names and shipped board names."""
    return [line for line in text.splitlines() if LATIN_WORD.search(line)]


@pytest.mark.parametrize("extra", [[], ["--verbosity", "full", "--count"],
                                   ["--verbosity", "brief", "--board", "moksha-patam"],
                                   ["--finish", "bounce", "--six-to-start", "--play-to-end",
                                    "--computer", "3"]])
def test_whole_nepali_demo_has_no_english_sentence(runner: CliRunner, extra: list[str]) -> None:
    result = runner.invoke(main, ["play", "--demo", "--seed", "4", "--lang", "ne",
                                  *quiet(), *extra])
    assert result.exit_code == 0, result.output
    assert _nepali_only(result.output) == []
    assert not re.search("[0-9]", result.output)
    assert "खेल सकियो।" in result.output


def test_nepali_scripted_human_game(runner: CliRunner) -> None:
    result = runner.invoke(main, ["play", "--players", "आशा,विकास", "--seed", "2", "--lang", "ne",
                                  *quiet()], input="h\nw\na\n" + "\n" * 600)
    assert result.exit_code == 0
    assert "आशाको पालो।" in result.output and "थिच्ने कुञ्जी:" in result.output


def test_rules_words_boards_in_nepali(runner: CliRunner) -> None:
    rules = runner.invoke(main, ["rules", "--lang", "ne"]).output
    assert "ठ्याक्कै १०० मा पुग्नुपर्छ" in rules
    words = runner.invoke(main, ["words", "--lang", "ne"]).output.splitlines()
    assert words[0] == "साँप: साँपको टाउकोमा रोकिएको गोटी पुच्छरसम्म तल झर्छ।"
    show = runner.invoke(main, ["board", "show", "moksha-patam", "--lang", "ne"]).output
    assert "दयाको भऱ्याङ: ४ बाट माथि २५ सम्म।" in show
    assert "मोक्षपटम्: १०० कोठा" in show
    boards = runner.invoke(main, ["boards", "--lang", "ne"]).output
    assert "saanp-bharyang: साँप र भऱ्याङ, ८ भऱ्याङ र ८ साँप।" in boards


def test_errors_in_nepali(runner: CliRunner) -> None:
    result = runner.invoke(main, ["play", "--demo", "--board", "nowhere", "--lang", "ne"])
    assert result.exit_code == 1
    assert "'nowhere' नामको बोर्ड छैन।" in result.output
    result = runner.invoke(main, ["play", "--players", "A,a", "--lang", "ne"])
    assert "दुई जना खेलाडीको नाम" in result.output


def test_unknown_language_is_an_error_not_english(runner: CliRunner) -> None:
    result = runner.invoke(main, ["words", "--lang", "fr"])
    assert result.exit_code == 1 and "Unknown language fr" in result.output
    result = runner.invoke(main, ["words"], env={"SNL_LANG": "xx"})
    assert result.exit_code == 1 and "Unknown language xx" in result.output


def test_latin_digits_option(runner: CliRunner) -> None:
    out = runner.invoke(main, ["board", "show", "classic", "--lang", "ne", "--digits",
                               "latn"]).output
    assert "80" in out and "८०" not in out
