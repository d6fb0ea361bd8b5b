"""The seat page's buttons are the action table's: each sends a key of its row's action,
and every row with a button has one on the page, labelled in the child's language."""

from __future__ import annotations

import html
import re
from pathlib import Path

from snl_edu.inputs.commands import ACTIONS, KEYS, Action

SEAT_PAGE = Path(__file__).resolve().parents[2] / "snl_edu" / "table" / "web" / "seat.html"


def _buttons() -> dict[str, str | None]:
    """Each button's label name, with the key it sends (None: the page handles it)."""
    found: dict[str, str | None] = {}
    for tag in re.findall(r"<button\b[^>]*>", SEAT_PAGE.read_text(encoding="utf-8")):
        label = re.search(r'data-label="([^"]+)"', tag)
        key = re.search(r'data-key="([^"]*)"', tag)
        if label is not None:
            found[label.group(1)] = None if key is None else html.unescape(key.group(1))
    return found


def test_each_key_button_sends_a_key_of_the_action_it_is_named_for() -> None:
    sent = {label: key for label, key in _buttons().items() if key is not None}
    assert sent  # roll, repeat, where, ahead, help
    for label, key in sent.items():
        assert KEYS[key] is Action(label), (label, key)


def test_every_row_with_a_button_has_it_on_the_seat_page() -> None:
    buttons = _buttons()
    for row in ACTIONS:
        if row.button is not None:
            assert row.action.value in buttons, row.action
