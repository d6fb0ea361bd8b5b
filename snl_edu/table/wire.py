"""What crosses the network at the classroom table: small JSON messages, checked field by field.

Clients send requests (join, a command); the table sends facts (the seats, events, the
game's state). Never text to print: each client narrates in its own language. Nothing from
the network is evaluated or unpickled; anything that does not match the schema is refused.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from enum import StrEnum
from typing import Any, get_args

from snl_edu.engine.events import Event, GameOver, Standing
from snl_edu.inputs.commands import Action, Command
from snl_edu.safe_text import MAX_NAME, clean_name

# A client's messages are tiny (a join or a command): anything bigger is not ours.
MAX_CLIENT_MESSAGE = 2048
# The table's messages carry the game's state (its rolls), which grows with the game.
MAX_TABLE_MESSAGE = 512 * 1024
MAX_TOKEN = 64
MAX_CODE = 32

# Every kind of event the engine makes, by name: the union in engine.events is the list.
EVENT_TYPES: dict[str, type] = {cls.__name__: cls for cls in get_args(Event)}

# The one thing a child asks the table for: a roll for their own seat. Everything else a
# client answers itself (review, where, help, lessons), and leaving is the child's own: only
# the teacher, at the host, ends the table, so a quit, a yes or an answer from a client is
# refused whatever it sends.
NETWORK_ACTIONS = frozenset({Action.ROLL})


class Notice(StrEnum):
    """What the table tells about a seat or itself, beside the game's own events."""

    TURN = "turn"  # it is this seat's turn: the owner's computer prompts
    OTHER_ROLL = "other-roll"  # a team-mate pressed roll: it is this (named) child's roll
    WARNING = "warning"  # the turn clock runs out in a few seconds
    TIME_UP = "time-up"  # the turn clock ran out: the table rolls for this seat
    COVERED = "covered"  # a computer player rolls for this seat until its owner is back
    JOINED = "joined"
    BACK = "back"
    AWAY = "away"  # the owner's connection dropped; the seat is kept
    PAUSED = "paused"
    RESUMED = "resumed"


class WireError(ValueError):
    """A message that is not one of ours: refused, never acted on."""


def encode(message: Mapping[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def decode(text: str | bytes, limit: int) -> dict[str, Any]:
    if isinstance(text, bytes):
        raise WireError("binary frame")
    if len(text) > limit:
        raise WireError("too long")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise WireError("not JSON") from error
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise WireError("not a message")
    return data


def _text(data: Mapping[str, Any], key: str, limit: int, required: bool = True) -> str | None:
    value = data.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or len(value) > limit:
        raise WireError(f"{key} is not a short text")
    return value


# Requests from a client.

@dataclasses.dataclass(frozen=True)
class Join:
    code: str
    name: str  # already cleaned of control and escape characters
    token: str | None = None  # given back to a client at its first join: its seat's key
    watch: bool = False  # a read-only view (a projector): takes no seat


def join_message(code: str, name: str, token: str | None = None, watch: bool = False
                 ) -> dict[str, Any]:
    return {"type": "join", "code": code, "name": name, "token": token, "watch": watch}


def read_join(data: Mapping[str, Any]) -> Join:
    if data.get("type") != "join":
        raise WireError("the first message must be a join")
    code = _text(data, "code", MAX_CODE)
    name = clean_name(_text(data, "name", 4 * MAX_NAME) or "", MAX_NAME)
    token = _text(data, "token", MAX_TOKEN, required=False)
    watch = data.get("watch", False)
    if not isinstance(watch, bool):
        raise WireError("watch is not true or false")
    if not name and not watch:
        raise WireError("a player needs a name")
    assert code is not None
    return Join(code, name, token, watch)


def command_message(command: Command) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "command", "action": str(command.action)}
    if command.number is not None:
        message["number"] = command.number
    return message


def said_message() -> dict[str, Any]:
    """The child's computer has announced their turn (shown, and spoken to the end)."""
    return {"type": "said"}


def asking_message() -> dict[str, Any]:
    """The child's turn has been announced while their own question is open: their clock
    waits until the question is over (then ``said``)."""
    return {"type": "asking"}


def read_command(data: Mapping[str, Any]) -> Command:
    if data.get("type") != "command":
        raise WireError("not a command")
    try:
        action = Action(data.get("action"))
    except ValueError as error:
        raise WireError("unknown action") from error
    if action not in NETWORK_ACTIONS:
        raise WireError("not an action for the table")
    return Command(action)


# Facts from the table.

def event_to_data(event: Event) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": type(event).__name__}
    for field in dataclasses.fields(event):  # type: ignore[arg-type]
        value = getattr(event, field.name)
        if isinstance(value, tuple):  # GameOver's ranking
            value = [dataclasses.asdict(item) for item in value]
        data[field.name] = value
    return data


def event_from_data(data: Any) -> Event:
    if not isinstance(data, dict) or data.get("kind") not in EVENT_TYPES:
        raise WireError("not an event")
    cls = EVENT_TYPES[data["kind"]]
    values: dict[str, Any] = {}
    for field in dataclasses.fields(cls):
        value = data.get(field.name)
        if cls is GameOver:
            if not isinstance(value, list) or len(value) > 8:
                raise WireError("a ranking is a short list")
            value = tuple(Standing(**_small_ints(item, ("place", "seat", "square")))
                          for item in value)
        elif type(value) is not int or not 0 <= value <= 1_000_000:
            raise WireError(f"{field.name} is not a number")
        values[field.name] = value
    return cls(**values)  # type: ignore[no-any-return]


def _small_ints(item: Any, keys: tuple[str, ...]) -> dict[str, int]:
    if not isinstance(item, dict) or not all(type(item.get(k)) is int for k in keys):
        raise WireError("not a standing")
    return {k: item[k] for k in keys}


def read_events(data: Mapping[str, Any]) -> list[Event]:
    events = data.get("events")
    if not isinstance(events, list) or len(events) > 200:
        raise WireError("events are not a short list")
    return [event_from_data(item) for item in events]
