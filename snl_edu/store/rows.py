"""Checking stored values on the way out, as they were checked on the way in.

SQLite keeps any value in any column, and a damaged or hand-edited file can hold text
that is not UTF-8, ``rolls = 'abc'``, JSON nested 200,000 deep or a level of 999999.
Every reader turns columns into Python values through these checks; a value that fails
raises ``DamagedRow``, so a row either reads back whole or is set aside as damaged.
"""

from __future__ import annotations

import json
import math
from datetime import UTC, datetime
from typing import Any

from snl_edu.safe_text import MAX_TEXT, visible

# Far beyond anything the game stores; a bound keeps a damaged value from costing time.
MAX_JSON_CHARS = 4_000_000
MAX_SMALL_INT = 10**9


class DamagedRow(ValueError):
    """A stored value is not what the game wrote there."""


def decode_text(raw: bytes) -> str:
    """The connection's text factory: bytes that are not UTF-8 survive as lone surrogates,
    so reading never raises and ``text`` below can tell that the value is damaged."""
    return raw.decode("utf-8", "surrogateescape")


def text(value: Any, limit: int = MAX_TEXT) -> str:
    """Stored text, shown safely (control characters made visible)."""
    if not isinstance(value, str) or len(value) > limit:
        raise DamagedRow("not text")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as error:
        raise DamagedRow("text is not UTF-8") from error
    return visible(value)


def optional_text(value: Any) -> str:
    return "" if value is None else text(value)


def integer(value: Any, low: int = -MAX_SMALL_INT, high: int = MAX_SMALL_INT) -> int:
    if type(value) is not int or not low <= value <= high:
        raise DamagedRow("not a whole number in range")
    return value


def optional_integer(value: Any, low: int = -MAX_SMALL_INT, high: int = MAX_SMALL_INT
                     ) -> int | None:
    return None if value is None else integer(value, low, high)


def flag(value: Any) -> bool:
    if value not in (0, 1) or type(value) is not int:
        raise DamagedRow("not 0 or 1")
    return bool(value)


def seconds(value: Any) -> float:
    if type(value) not in (int, float) or not math.isfinite(value) or not 0 <= value < 1e7:
        raise DamagedRow("not a duration")
    return float(value)


def moment(value: Any) -> datetime:
    if not isinstance(value, str) or len(value) > 40:
        raise DamagedRow("not a time")
    try:
        when = datetime.fromisoformat(value)
    except ValueError as error:
        raise DamagedRow("not a time") from error
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def digits(value: Any, limit: int = 30) -> int:
    """A whole number kept as text (seeds, given answers)."""
    if not isinstance(value, str) or not 0 < len(value) <= limit:
        raise DamagedRow("not a number")
    stripped = value[1:] if value[:1] == "-" else value
    if not stripped.isascii() or not stripped.isdigit():
        raise DamagedRow("not a number")
    return int(value)


def json_value(value: Any) -> Any:
    """Parsed JSON; too long or (RecursionError, raised at once) too deeply nested is damage."""
    if not isinstance(value, str) or len(value) > MAX_JSON_CHARS:
        raise DamagedRow("not JSON")
    try:
        value.encode("utf-8")  # bytes that were not UTF-8 (see decode_text)
        return json.loads(value)
    except UnicodeEncodeError as error:
        raise DamagedRow("text is not UTF-8") from error
    except (ValueError, RecursionError) as error:
        raise DamagedRow("not JSON") from error
