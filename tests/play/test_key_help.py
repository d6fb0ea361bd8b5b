"""The key table is the one list of keys: the parser, the in-game help and the README agree."""

from __future__ import annotations

from pathlib import Path

from snl_edu.engine import DIE_FACES
from snl_edu.inputs.commands import GAME_KEYS, KEYS, parse_key
from snl_edu.language.localizer import Localizer
from snl_edu.play.key_help import help_lines, help_messages, readme_key_list

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_lists_the_keys_the_game_has() -> None:
    text = README.read_text(encoding="utf-8")
    assert readme_key_list() + "\n\n" in text, (
        "README's key list differs from the key table: paste snl_edu.play.key_help."
        "readme_key_list() over the list under 'Keys during a game:'")


def test_each_key_of_the_table_asks_for_its_action_and_belongs_to_one_line() -> None:
    pressed = [key for line in GAME_KEYS for key in line.keys]
    assert len(pressed) == len(set(pressed))  # a key in two lines would mean two things
    for line in GAME_KEYS:
        for key, action in line.keys.items():
            assert parse_key(key).action is action
            assert KEYS[key] is action


def test_a_help_line_begins_with_the_letter_key_it_is_about() -> None:
    for line in GAME_KEYS:
        letter = next(iter(line.keys))
        if line.help is not None and letter.isalpha():
            assert line.help.startswith(f"{letter}:"), line.help


def test_the_help_says_how_far_ahead_looks_as_the_die_has_faces() -> None:
    english, nepali = Localizer.create("en"), Localizer.create("ne")
    assert "a: what is ahead of you, within six squares." in help_lines(english)
    assert f"a: अगाडिका {nepali.words(DIE_FACES)} कोठाभित्र के छ।" in help_lines(nepali)
    shown = [message.text for message in help_messages(nepali)]
    assert shown[0] == nepali.gettext("Keys:") != "Keys:"
    assert shown[1:] == help_lines(nepali)
