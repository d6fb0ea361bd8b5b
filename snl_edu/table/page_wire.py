"""What crosses the websocket between the host and a browser's page: small JSON, checked.

The page sends what the child does (a language, a join, a key, an answer, a step of her
go: ``{"type": "step"}``, a tap on her board's next square or on Next square); the host sends
whole sentences already narrated in the child's language, with their earcon names, and the
labels of the page's controls from the same catalog. The page has no sentences of its own.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from snl_edu.inputs.commands import ACTIONS
from snl_edu.language.localizer import Localizer
from snl_edu.language.registry import codes, languages
from snl_edu.safe_text import MAX_NAME, clean_name
from snl_edu.table.wire import MAX_CODE, MAX_TOKEN, WireError, short_text

MAX_KEY = 8  # the longest key the terminal knows is an escape sequence ("\x1b[1~")
MAX_ANSWER = 40  # "एक सय" or "one hundred", with room to spare
MAX_LINE_ID = 16  # a spoken line's key (web.SpokenLines: 12 letters)


def read_language(data: Mapping[str, Any]) -> str:
    """The language the child picked on the page; one the game speaks, else an error."""
    language = short_text(data, "lang", 16)
    if language not in codes():
        raise WireError("not a language of the game")
    assert language is not None
    return language


@dataclasses.dataclass(frozen=True)
class PageJoin:
    code: str
    name: str
    language: str
    token: str | None
    touch: bool = False  # a phone or a tablet: the child taps, and is told to


def read_join(data: Mapping[str, Any], watch: bool = False) -> PageJoin:
    code = short_text(data, "code", MAX_CODE) or ""
    name = clean_name(short_text(data, "name", 4 * MAX_NAME) or "", MAX_NAME)
    token = short_text(data, "token", MAX_TOKEN, required=False)
    if not name and not watch:
        raise WireError("a player needs a name")
    return PageJoin(code, name, read_language(data), token, data.get("touch") is True)


def read_code(data: Mapping[str, Any]) -> str:
    """The join code a page asks the free seats with (the names only for the right code)."""
    return short_text(data, "code", MAX_CODE) or ""


def read_key(data: Mapping[str, Any]) -> str:
    """A key as the terminal would read it (the page names Enter "\\r", Escape "\\x1b")."""
    key = short_text(data, "key", MAX_KEY) or ""
    if not key or (len(key) > 1 and not key.startswith("\x1b")):
        raise WireError("not a key")
    return key


def read_said(data: Mapping[str, Any]) -> str:
    """Which line the page has said to its end ("": the turn it shows, tapped before its
    line came)."""
    return short_text(data, "id", MAX_LINE_ID, required=False) or ""


def read_turn(data: Mapping[str, Any]) -> int | None:
    """The turn the page shows as hers (its "turn" message's number), named by her roll and
    its "said"; None: none is shown (or a page that does not say)."""
    turn = data.get("turn")
    if turn is None:
        return None
    if type(turn) is not int or not 0 <= turn <= 1_000_000:
        raise WireError("turn is not a number")
    return turn


def read_answer(data: Mapping[str, Any]) -> str:
    answer = short_text(data, "text", MAX_ANSWER) or ""
    return "".join(ch for ch in answer if ch.isprintable())


def seat_labels(loc: Localizer) -> dict[str, str]:
    """The names of the seat page's controls and regions, in the child's language."""
    _ = loc.gettext
    return {
        # TRANSLATORS: child-facing: तिमी forms (फाल, थिच, गन), never -नुहोस्. The browser
        # page's title and its controls' names, read by screen readers.
        "title": _("Snakes and ladders"),
        "join-heading": _("Join the table"),
        # Above the free seats' names, each a button: the child taps her own.
        "seats": _("Who are you?"),
        "language": _("Language"),
        "name": _("Name"),
        "code": _("Join code"),
        "join": _("Join"),
        "game": _("The game"),
        "your-turn": _("Your turn"),
        "speech": _("Read aloud on this page"),
        "sounds": _("Play the game's sounds"),
        "question": _("Question"),
        "answer-field": _("Your answer"),
        "answer": _("Answer"),
        # The question's number pad: its name, and its key that takes back the last digit.
        "pad": _("Number keys"),
        "erase": _("Erase"),
        # The action buttons (roll, repeat, where, ahead, help, skip): from the action table.
        **{row.action.value: _(row.button) for row in ACTIONS if row.button is not None},
        # TRANSLATORS: child-facing (तिमी forms): the page's address ends in #CODE; this is
        # said when that part is garbled.
        "bad-code": _("The code in this page's address cannot be read. Type the join code."),
        "lost": _("Lost the table, trying again."),
    }


def projector_labels(loc: Localizer) -> dict[str, str]:
    """The projector page's headings, in the teacher's language."""
    _ = loc.gettext
    return {
        "title": _("Snakes and ladders"),
        "board": _("The board"),
        "turn": _("Whose turn"),
        "where": _("Where everyone is"),
        "moves": _("Last moves"),
        "last": _("The last move"),
        "start": _("Not on the board yet"),
        "code": _("Join code"),
        "join": loc.pgettext("projector", "Join"),  # the teacher's page: polite forms
        # TRANSLATORS: teacher-facing (polite forms): the projector page's address ends in
        # #CODE; this is said when that part is garbled.
        "bad-code": _("The code in this page's address cannot be read. Type the join code "
                      "the table shows."),
    }


def labels_message(loc: Localizer, labels: dict[str, str], table: str) -> dict[str, Any]:
    """``table``: which table answers (a page keeps a seat's key only for its own table)."""
    return {"type": "labels", "lang": loc.language, "labels": labels, "table": table,
            "digits": [loc.number(digit) for digit in range(10)],  # the number pad's
            "languages": [{"code": language.code, "name": language.native_name}
                          for language in languages()]}
