"""One row per action: the keys, words, help, page buttons and voice labels come from it."""

from __future__ import annotations

from snl_edu.inputs.commands import ACTIONS, GAME_KEYS, KEYS, ROWS, WORDS, Action, parse_line
from snl_edu.language.localizer import Localizer
from snl_edu.table.page_wire import seat_labels


def test_every_action_has_one_row_with_a_label() -> None:
    assert [row.action for row in ACTIONS] == list(ROWS)
    assert set(ROWS) == set(Action)  # a new action without a row fails on import already
    assert all(row.label for row in ACTIONS)


def test_the_keys_words_and_help_lines_are_the_rows_own() -> None:
    assert {key: row.action for row in ACTIONS for key in row.keys} == KEYS
    assert {key for line in GAME_KEYS for key in line.keys} == set(KEYS)
    for row in ACTIONS:
        for word in row.words:
            assert WORDS[word] is row.action
            assert parse_line(word).action is row.action


def test_the_seat_page_has_a_button_label_for_each_row_with_a_button() -> None:
    nepali = Localizer.create("ne")
    labels = seat_labels(nepali)
    for row in ACTIONS:
        if row.button is not None:
            assert labels[row.action.value] == nepali.gettext(row.button) != row.button
