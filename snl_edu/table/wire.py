"""What crosses the network at the classroom table: small JSON messages, checked field by field.

Every message either side sends is declared here, once, as a frozen record: the client's
requests (``Join``, a roll ``Command`` or ``CountedRoll``, ``Said``, ``Asking``, ``Went``) and
the table's facts (``Welcome``, ``Refused``, ``NoticeOf``, ``Update``, ``Ended``). Each record
makes its own JSON (``data()``) and each side reads the other's with one function (``read_request``,
``read_fact``) that checks every field's type and size and refuses anything else. Never text
to print: each client narrates in its own language. Nothing from the network is evaluated or
unpickled. What a fact means (a seat that exists, squares on the board, events that follow
from the rolls) is checked by the client against the game it holds.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, get_args

from snl_edu.engine.events import Event, GameOver, Standing
from snl_edu.inputs.commands import Action, Command
from snl_edu.safe_text import MAX_NAME, MAX_TITLE, clean_name, visible, visible_data

if TYPE_CHECKING:
    from snl_edu.vocabulary import AnswerRecord

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
MAX_QUESTION = 600  # a lesson question's words, as kept with its answer
MAX_ANSWER_SECONDS = 24 * 3600.0  # a question left open for a school day, at most
MAX_ANSWER_NUMBER = 1_000_000

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


def _enum_value(data: Mapping[str, Any], key: str) -> str:
    """A field naming one of a set (an action, a reason), as a text: anything else is "",
    which names none (the set's own lookup then refuses it)."""
    value = data.get(key)
    return value if isinstance(value, str) else ""


def _flag(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise WireError(f"{key} is not true or false")
    return value


def _count(data: Mapping[str, Any], key: str, required: bool = True) -> int | None:
    value = data.get(key)
    if value is None and not required:
        return None
    if type(value) is not int or not 0 <= value <= 1_000_000:
        raise WireError(f"{key} is not a number")
    return value


def _names(data: Mapping[str, Any], key: str) -> tuple[str, ...]:
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


# Requests from a client.

@dataclasses.dataclass(frozen=True)
class Join(Message):
    type: ClassVar[str] = "join"
    code: str
    name: str  # cleaned of control and escape characters on receipt
    token: str | None = None  # given back to a client at its first join: its seat's key
    watch: bool = False  # a read-only view (a projector): takes no seat

    def data(self) -> dict[str, Any]:
        return {"type": self.type, "code": self.code, "name": self.name, "token": self.token,
                "watch": self.watch}


@dataclasses.dataclass(frozen=True)
class Said(Message):
    """The child's computer has announced their turn (shown, and spoken to the end).
    ``turn``: which of the seat's turns (its notice's number): a computer that said an old
    turn late, behind a voice far behind or a page that froze, says nothing of this one."""

    type: ClassVar[str] = "said"
    turn: int | None = None  # None: the turn now waiting (a computer that does not name it)

    def data(self) -> dict[str, Any]:
        return _with_turn({"type": self.type}, self.turn)


@dataclasses.dataclass(frozen=True)
class Asking(Message):
    """The child's turn has been announced while their own question is open: their clock
    waits until the question is over (then ``Said``)."""

    type: ClassVar[str] = "asking"
    turn: int | None = None  # as for ``Said``

    def data(self) -> dict[str, Any]:
        return _with_turn({"type": self.type}, self.turn)


def _with_turn(message: dict[str, Any], turn: int | None) -> dict[str, Any]:
    if turn is not None:
        message["turn"] = turn
    return message


@dataclasses.dataclass(frozen=True)
class Answered(Message):
    """A lesson question answered (or put aside) by a child at this computer, for the
    teacher's computer to keep with the class's practice. The table keeps it only for a
    child seated on this connection, and only after her seat's own rolls."""

    type: ClassVar[str] = "answered"
    name: str  # the child who answered: the seat's, or one of the team at this computer
    language: str
    # As the child's own store keeps it; its level is the host's to say (by its kind).
    record: AnswerRecord

    def data(self) -> dict[str, Any]:
        return {"type": self.type, "name": self.name, "language": self.language,
                **{key: getattr(self.record, key) for key in ANSWER_FIELDS}}


# What of an ``AnswerRecord`` travels: the answer, not where or when a store keeps it.
ANSWER_FIELDS = ("kind", "question", "expected", "given", "correct", "tries", "skipped",
                 "seconds", "focus")


def read_answered(data: Mapping[str, Any]) -> Answered:
    """An answer as a client sends it, every field checked and the whole consistent: a
    known kind and language, small numbers, right only when the last answer given was the
    expected one, a skip never right, an answer given for every try."""
    # Imported here: only a host reads answers, and the lessons are slow to import.
    from snl_edu.language import registry
    from snl_edu.lessons.answers import MAX_TRIES
    from snl_edu.lessons.question_types import KIND_LEVEL, Kind
    from snl_edu.vocabulary import AnswerRecord

    name = clean_name(short_text(data, "name", 4 * MAX_NAME) or "", MAX_NAME)
    kind = short_text(data, "kind", MAX_NAME) or ""
    question = visible(short_text(data, "question", MAX_QUESTION) or "")
    language = short_text(data, "language", MAX_NAME) or ""
    expected, focus = _number(data, "expected"), _number(data, "focus", required=False)
    given = _number(data, "given", required=False)
    tries = _count(data, "tries")
    correct, skipped = _flag(data, "correct"), _flag(data, "skipped")
    seconds = data.get("seconds")
    if not isinstance(seconds, int | float) or isinstance(seconds, bool) \
            or not 0 <= seconds <= MAX_ANSWER_SECONDS:  # (NaN is no time either)
        raise WireError("seconds is not a time")
    if not name or not question.strip() or kind not in {k.value for k in Kind} \
            or registry.get(language) is None:
        raise WireError("not an answer to a lesson question")
    assert expected is not None and tries is not None
    if tries > MAX_TRIES or (given is None) != (tries == 0) \
            or correct != (not skipped and given == expected) or (skipped and correct):
        raise WireError("not an answer as a lesson gives it")
    return Answered(name, language, AnswerRecord(
        kind=kind, level=KIND_LEVEL[Kind(kind)], question=question, expected=expected,
        given=given, correct=correct, tries=tries, skipped=skipped, seconds=float(seconds),
        focus=focus))


def _number(data: Mapping[str, Any], key: str, required: bool = True) -> int | None:
    value = data.get(key)
    if value is None and not required:
        return None
    if type(value) is not int or not 0 <= value <= MAX_ANSWER_NUMBER:
        raise WireError(f"{key} is not a number")
    return value


@dataclasses.dataclass(frozen=True)
class CountedRoll(Command):
    """A roll whose move the child counts herself at her computer (snl_edu.play.counting:
    a step is her own key there, never the table's): the table sends her the move, waits
    for ``Went`` (at most her turn clock) and only then tells everyone else where she
    lands. On the wire: a roll with ``"go": true``."""


@dataclasses.dataclass(frozen=True)
class Went(Message):
    """The child's go is over (she counted it, or left it to the game): the table plays on."""

    type: ClassVar[str] = "went"

    def data(self) -> dict[str, Any]:
        return {"type": self.type}


def command_data(command: Command) -> dict[str, Any]:
    """A command as a client sends it (only a roll is ever taken)."""
    message: dict[str, Any] = {"type": "command", "action": str(command.action)}
    if command.number is not None:
        message["number"] = command.number
    if isinstance(command, CountedRoll):
        message["go"] = True
    return message


def read_join(data: Mapping[str, Any]) -> Join:
    if data.get("type") != Join.type:
        raise WireError("the first message must be a join")
    code = short_text(data, "code", MAX_CODE)
    name = clean_name(short_text(data, "name", 4 * MAX_NAME) or "", MAX_NAME)
    token = short_text(data, "token", MAX_TOKEN, required=False)
    watch = _flag(data, "watch")
    if not name and not watch:
        raise WireError("a player needs a name")
    assert code is not None
    return Join(code, name, token, watch)


def read_command(data: Mapping[str, Any]) -> Command:
    if data.get("type") != "command":
        raise WireError("not a command")
    try:
        action = Action(_enum_value(data, "action"))
    except ValueError as error:
        raise WireError("unknown action") from error
    if action not in NETWORK_ACTIONS:
        raise WireError("not an action for the table")
    return CountedRoll(action) if _flag(data, "go") else Command(action)


def read_request(data: Mapping[str, Any]) -> Command | Said | Asking | Answered | Went:
    """What a seated client sends after its join: a roll, that its turn was said, that her
    go is over, or a lesson's answer."""
    if data.get("type") == Said.type:
        return Said(_count(data, "turn", False))
    if data.get("type") == Went.type:
        return Went()
    if data.get("type") == Asking.type:
        return Asking(_count(data, "turn", False))
    if data.get("type") == Answered.type:
        return read_answered(data)
    return read_command(data)


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
        return _with_turn(message, self.turn)


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
                       _flag(data, "back"), _count(data, "covered", False) or 0,
                       _names(data, "members"), _seat_lessons(data))
    if kind == Refused.type:
        try:
            reason = Refusal(_enum_value(data, "reason"))
        except ValueError:
            reason = Refusal.MALFORMED
        detail = clean_name(short_text(data, "detail", 4 * MAX_DETAIL, False) or "", MAX_DETAIL)
        return Refused(reason, detail, _names(data, "free"))
    if kind == NoticeOf.type:
        try:
            notice = Notice(_enum_value(data, "kind"))
        except ValueError as error:
            raise WireError("not a notice") from error
        member = short_text(data, "member", 4 * MAX_NAME, False)
        seat = _seat(data)
        if (seat is None) != (notice in TABLE_NOTICES):
            raise WireError("a notice's seat is missing or not wanted")
        return NoticeOf(notice, seat, None if member is None else clean_name(member),
                        _count(data, "seconds", False), _count(data, "turn", False))
    if kind == Update.type:
        events = data.get("events")
        if not isinstance(events, list) or len(events) > MAX_EVENTS:
            raise WireError("events are not a short list")
        return Update(tuple(event_from_data(item) for item in events), _game(data))
    if kind == Ended.type:
        return Ended(_flag(data, "finished"), _flag(data, "saved"),
                     _flag(data, "stopped") if "stopped" in data else False)
    raise WireError("not a message from a table")
