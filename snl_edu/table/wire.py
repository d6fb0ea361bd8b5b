"""What crosses the network at the classroom table: small JSON messages, checked field by field.

Every message either side sends is declared once, as a frozen record: the table's facts
here (``Welcome``, ``Refused``, ``NoticeOf``, ``Update``, ``Ended``), a client's requests
in ``snl_edu.table.wire_requests`` (``Join``, a roll, ``Said``, ``Asking``, ``Went``,
``Answered``). Each record makes its own JSON (``data()``) and each side reads the other's
with one function (``read_request`` there, ``read_fact`` here) that checks every field's
type and size and refuses anything else; the reading of fields both share is here. Never
text to print: each client narrates in its own language. Nothing from the network is
evaluated or unpickled. What a fact means (a seat that exists, squares on the board, events
that follow from the rolls) is checked by the client against the game it holds.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from enum import StrEnum
from typing import Any, ClassVar, get_args

from snl_edu.engine.events import Event, GameOver, Standing
from snl_edu.safe_text import MAX_NAME, MAX_TITLE, clean_name, visible_data

# A client's messages are small (a join, a command, an answer with its question, whose
# Nepali is three bytes a letter): anything bigger is not ours.
MAX_CLIENT_MESSAGE = 4096
# The table's messages carry the game's state (its rolls), which grows with the game.
MAX_TABLE_MESSAGE = 512 * 1024
MAX_TOKEN = 64
MAX_CODE = 32
MAX_DETAIL = 80
MAX_SEATS = 64  # far more than a table seats: a longer list is not a game's
MAX_EVENTS = 200

# Every kind of event the engine makes, by name: the union in engine.events is the list.
EVENT_TYPES: dict[str, type] = {cls.__name__: cls for cls in get_args(Event)}

class Notice(StrEnum):
    """What the table tells about a seat or itself, beside the game's own events."""

    TURN = "turn"  # it is this seat's turn: the owner's computer prompts
    OTHER_ROLL = "other-roll"  # a team-mate pressed roll: it is this (named) child's roll
    WARNING = "warning"  # the turn clock runs out in a few seconds
    TIME_UP = "time-up"  # the turn clock ran out: the table rolls for this seat
    AWAY_ROLL = "away-roll"  # no turn clock: the owner is away, and the table rolls for them
    COVERED = "covered"  # a computer player rolls for this seat until its owner is back
    JOINED = "joined"
    BACK = "back"
    AWAY = "away"  # the owner's connection dropped; the seat is kept
    PAUSED = "paused"
    RESUMED = "resumed"
    COUNTING = "counting"  # the roller counts her move herself: the table waits for her go
    COUNTED = "counted"  # her go's time ran out: her computer counts the rest for her


# Notices about the table as a whole: they name no seat.
TABLE_NOTICES = frozenset({Notice.PAUSED, Notice.RESUMED})


class Refusal(StrEnum):
    """Why the table would not seat a join (or would not take a message)."""

    CODE = "code"
    TRIES = "tries"  # too many wrong codes from this network
    NO_SEAT = "no-seat"  # no seat of that name is free
    SEATED = "seated"  # that child is at the table on another computer
    KEPT = "kept"  # the seat is kept for its child: their key, or the teacher's yes
    MALFORMED = "malformed"


class WireError(ValueError):
    """A message that is not one of ours: refused, never acted on."""


def encode(message: Mapping[str, Any] | Message) -> str:
    data = message.data() if isinstance(message, Message) else message
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


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


def short_text(data: Mapping[str, Any], key: str, limit: int, required: bool = True
               ) -> str | None:
    """A text field of a message, at most ``limit`` long (None when optional and absent);
    the page's messages are read with it too (page_wire.py)."""
    value = data.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or len(value) > limit:
        raise WireError(f"{key} is not a short text")
    return value


def read_enum(data: Mapping[str, Any], key: str) -> str:
    """A field naming one of a set (an action, a reason), as a text: anything else is "",
    which names none (the set's own lookup then refuses it)."""
    value = data.get(key)
    return value if isinstance(value, str) else ""


def read_flag(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise WireError(f"{key} is not true or false")
    return value


def read_count(data: Mapping[str, Any], key: str, required: bool = True) -> int | None:
    value = data.get(key)
    if value is None and not required:
        return None
    if type(value) is not int or not 0 <= value <= 1_000_000:
        raise WireError(f"{key} is not a number")
    return value


def read_names(data: Mapping[str, Any], key: str) -> tuple[str, ...]:
    value = data.get(key, [])
    if not isinstance(value, list) or len(value) > MAX_SEATS or not all(
            isinstance(name, str) and len(name) <= 4 * MAX_NAME for name in value):
        raise WireError(f"{key} is not a short list of names")
    return tuple(clean_name(name) for name in value)


class Message:
    """A message of either side: ``data()`` is its JSON object, with its ``type``."""

    type: ClassVar[str]

    def data(self) -> dict[str, Any]:
        raise NotImplementedError


def with_turn(message: dict[str, Any], turn: int | None) -> dict[str, Any]:
    if turn is not None:
        message["turn"] = turn
    return message


# Facts from the table.

def event_to_data(event: Event) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": type(event).__name__}
    for field in dataclasses.fields(event):
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
            if not isinstance(value, list) or len(value) > MAX_SEATS:
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


def _game(data: Mapping[str, Any]) -> dict[str, Any]:
    """A game's saved form as the table sent it, every text in it made visible (names,
    the board's title, its snakes' and ladders' names): the engine checks the rest."""
    game = data.get("game")
    if not isinstance(game, dict):
        raise WireError("game is not a saved game")
    try:
        return visible_data(game, MAX_TITLE)  # type: ignore[no-any-return]
    except RecursionError as error:
        raise WireError("game is nested too deep") from error


LESSON_CHOICES = {"lessons": ("off", "some", "every"), "history": ("on", "off")}
LESSON_LEVELS = range(1, 5)


@dataclasses.dataclass(frozen=True)
class SeatLessons:
    """The teacher's lesson options for every seat at the table (None: each seat's own)."""

    lessons: str | None = None
    level: int | None = None
    history: str | None = None

    def data(self) -> dict[str, Any]:
        return {"lessons": self.lessons, "level": self.level, "history": self.history}


def _seat_lessons(data: Mapping[str, Any]) -> SeatLessons:
    given = data.get("lessons")
    if given is None:
        return SeatLessons()
    if not isinstance(given, Mapping):
        raise WireError("lessons is not the table's lesson options")
    level = given.get("level")
    if level is not None and (type(level) is not int or level not in LESSON_LEVELS):
        raise WireError("level is not a lesson level")
    chosen = {key: given.get(key) for key in LESSON_CHOICES}
    for key, value in chosen.items():
        if value is not None and value not in LESSON_CHOICES[key]:
            raise WireError(f"{key} is not one of its choices")
    return SeatLessons(chosen["lessons"], level, chosen["history"])


@dataclasses.dataclass(frozen=True)
class Welcome(Message):
    """A join taken: the seat (None for a view), its key, and the game as it stands."""

    type: ClassVar[str] = "welcome"
    game: Mapping[str, Any]  # the engine's saved form (Game.to_data)
    seat: int | None = None
    token: str | None = None
    back: bool = False  # this child had joined before: welcome back
    covered: int = 0  # rolls the table made for them while they were away
    members: tuple[str, ...] = ()  # in a team: the children at this computer
    lessons: SeatLessons = SeatLessons()  # the teacher's lesson options for every seat

    def data(self) -> dict[str, Any]:
        return {"type": self.type, "game": self.game, "seat": self.seat, "token": self.token,
                "back": self.back, "covered": self.covered, "members": list(self.members),
                "lessons": self.lessons.data()}


@dataclasses.dataclass(frozen=True)
class Refused(Message):
    type: ClassVar[str] = "refused"
    reason: Refusal
    detail: str = ""  # what was malformed, for whoever debugs a client
    free: tuple[str, ...] = ()  # the seats still free, for a join that named none of them

    def data(self) -> dict[str, Any]:
        return {"type": self.type, "reason": str(self.reason), "detail": self.detail,
                "free": list(self.free)}


@dataclasses.dataclass(frozen=True)
class NoticeOf(Message):
    """A ``Notice`` about a seat (or, for a pause, the table); in a team, the child."""

    type: ClassVar[str] = "notice"
    kind: Notice
    seat: int | None = None
    member: str | None = None
    seconds: int | None = None  # a warning: the seconds it says are left
    turn: int | None = None  # a turn: the how-manyth of the seat's, for its ``Said``

    def data(self) -> dict[str, Any]:
        message: dict[str, Any] = {"type": self.type, "kind": str(self.kind),
                                   "seat": self.seat}
        if self.member is not None:
            message["member"] = self.member
        if self.seconds is not None:
            message["seconds"] = self.seconds
        return with_turn(message, self.turn)


@dataclasses.dataclass(frozen=True)
class Update(Message):
    """One roll's events (or the opening's), and the game as it stands after them."""

    type: ClassVar[str] = "update"
    events: tuple[Event, ...]
    game: Mapping[str, Any]

    def data(self) -> dict[str, Any]:
        return {"type": self.type, "events": [event_to_data(e) for e in self.events],
                "game": self.game}


@dataclasses.dataclass(frozen=True)
class Ended(Message):
    type: ClassVar[str] = "ended"
    finished: bool  # played to the end (else the teacher ended it)
    saved: bool = False  # kept, to be played on later
    stopped: bool = False  # the host was stopped (Ctrl-C), not the game ended: it goes on

    def data(self) -> dict[str, Any]:
        return {"type": self.type, "finished": self.finished, "saved": self.saved,
                "stopped": self.stopped}


Fact = Welcome | Refused | NoticeOf | Update | Ended


def _seat(data: Mapping[str, Any]) -> int | None:
    seat = data.get("seat")
    if seat is not None and (type(seat) is not int or not 0 <= seat < MAX_SEATS):
        raise WireError("seat is not a seat")
    return seat


def read_fact(data: Mapping[str, Any]) -> Fact:
    """A message from the table, every field checked; WireError for anything else."""
    kind = data.get("type")
    if kind == Welcome.type:
        return Welcome(_game(data), _seat(data), short_text(data, "token", MAX_TOKEN, False),
                       read_flag(data, "back"), read_count(data, "covered", False) or 0,
                       read_names(data, "members"), _seat_lessons(data))
    if kind == Refused.type:
        try:
            reason = Refusal(read_enum(data, "reason"))
        except ValueError:
            reason = Refusal.MALFORMED
        detail = clean_name(short_text(data, "detail", 4 * MAX_DETAIL, False) or "", MAX_DETAIL)
        return Refused(reason, detail, read_names(data, "free"))
    if kind == NoticeOf.type:
        try:
            notice = Notice(read_enum(data, "kind"))
        except ValueError as error:
            raise WireError("not a notice") from error
        member = short_text(data, "member", 4 * MAX_NAME, False)
        seat = _seat(data)
        if (seat is None) != (notice in TABLE_NOTICES):
            raise WireError("a notice's seat is missing or not wanted")
        return NoticeOf(notice, seat, None if member is None else clean_name(member),
                        read_count(data, "seconds", False), read_count(data, "turn", False))
    if kind == Update.type:
        events = data.get("events")
        if not isinstance(events, list) or len(events) > MAX_EVENTS:
            raise WireError("events are not a short list")
        return Update(tuple(event_from_data(item) for item in events), _game(data))
    if kind == Ended.type:
        return Ended(read_flag(data, "finished"), read_flag(data, "saved"),
                     read_flag(data, "stopped") if "stopped" in data else False)
    raise WireError("not a message from a table")
