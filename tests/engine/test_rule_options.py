"""Rule options are declared once, and every front end follows the declaration."""

from __future__ import annotations

import dataclasses

import pytest
from click.testing import CliRunner

from snl_edu.cli import main
from snl_edu.engine import Finish, Rules
from snl_edu.engine.rules import OPTIONS_BY_NAME, RULE_OPTIONS, every_rule_set
from snl_edu.language.localizer import Localizer
from snl_edu.views.rules_text import rules_lines
from snl_edu.views.stats_text import rules_phrases
from tests.conftest import make_board


def test_every_field_of_rules_is_declared_once() -> None:
    assert sorted(o.name for o in RULE_OPTIONS) == sorted(f.name for f in dataclasses.fields(Rules))
    assert len(OPTIONS_BY_NAME) == len(RULE_OPTIONS)


@pytest.mark.parametrize("option", RULE_OPTIONS, ids=lambda o: o.name)
def test_each_option_has_a_text_for_each_value_and_a_translated_help(option) -> None:  # type: ignore[no-untyped-def]
    assert set(option.sentences) == set(option.values) == set(option.phrases)
    assert option.needs is None or option.needs in OPTIONS_BY_NAME
    nepali = Localizer.create("ne")
    texts = [option.help, *(t for t in (*option.sentences.values(), *option.phrases.values())
                            if t is not None)]
    for text in texts:
        assert nepali.gettext(text) != text, f"untranslated: {text}"


def test_every_rule_set_is_every_combination_once() -> None:
    sets = every_rule_set()
    assert sets[0] == Rules()
    assert len(set(sets)) == len(sets) == len(Finish) * 2 ** (len(RULE_OPTIONS) - 1)


@pytest.mark.parametrize("rules", every_rule_set()[::5])
def test_saved_rules_round_trip(rules: Rules) -> None:
    assert Rules.from_data(rules.to_data()) == rules


def test_a_game_saved_before_an_option_existed_takes_its_default() -> None:
    assert Rules.from_data({"finish": "bounce"}) == Rules(finish=Finish.BOUNCE)
    assert Rules.from_data({}) == Rules()


@pytest.mark.parametrize("option", RULE_OPTIONS, ids=lambda o: o.name)
def test_each_value_of_each_option_reaches_the_rules_text_and_the_stats_phrases(option) -> None:  # type: ignore[no-untyped-def]
    """Every value given on the command line changes `snl rules` as its sentence says."""
    loc = Localizer.create("en")
    board = make_board()
    for value in option.values:
        rules = dataclasses.replace(Rules(six_again=True), **{option.name: value})
        flag = (f"--{option.flag}" if value is True else f"--no-{option.flag}"
                if value is False else f"--{option.flag}={option.to_data(value)}")
        result = CliRunner().invoke(main, ["rules", flag, "--lang", "en"])
        assert result.exit_code == 0, result.output
        assert result.output.splitlines()[3:] == rules_lines(board, rules, loc)[3:]
        sentence = option.sentences[value]
        if sentence is not None:
            expected = sentence.format(six=6, last=100)
            assert expected in result.output
            assert expected in rules_lines(board, rules, loc)
        phrase = option.phrases[value]
        said = None if phrase is None else phrase.format(sixes="three")  # THIRD_SIX, in words
        assert (said in rules_phrases(rules, loc)) == (phrase is not None)


def test_an_option_that_needs_another_is_not_described_without_it() -> None:
    loc = Localizer.create("en")
    three = OPTIONS_BY_NAME["three_sixes"]
    assert three.needs == "six_again"
    lines = rules_lines(make_board(), Rules(six_again=False, three_sixes=True), loc)
    assert three.sentences[True].format(six=6) not in lines  # type: ignore[union-attr]
    phrases = rules_phrases(Rules(six_again=False, three_sixes=True), loc)
    assert three.phrases[True] not in phrases


@pytest.mark.parametrize("option", RULE_OPTIONS, ids=lambda o: o.name)
def test_a_resumed_game_refuses_each_rule_option(option, tmp_path) -> None:  # type: ignore[no-untyped-def]
    value = option.values[-1]
    flag = (f"--{option.flag}" if value is True else f"--no-{option.flag}"
            if value is False else f"--{option.flag}={option.to_data(value)}")
    result = CliRunner().invoke(main, ["play", "--resume", flag, "--data-dir", str(tmp_path),
                                       "--lang", "en", "--no-speech", "--no-sound"])
    assert result.exit_code == 2
    assert f"--{option.flag}" in result.output
