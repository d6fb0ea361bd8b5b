"""What a seated client sends the table, declared once as frozen records: ``Join``, a roll
(``Command``, or ``CountedRoll`` when she counts the move herself), ``Said``, ``Asking``,
``Went`` and a lesson's ``Answered``. Each makes its own JSON (``data()``); the table reads
them with ``read_join`` and ``read_request``, which check every field's type and size and
refuse anything else. The table's facts, and the reading both sides share, are in
``snl_edu.table.wire``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from snl_edu.inputs.commands import Action, Command
from snl_edu.safe_text import MAX_NAME, clean_name, visible
from snl_edu.table.wire import (
    MAX_CODE,
    MAX_TOKEN,
    Message,
    WireError,
    read_count,
    read_enum,
    read_flag,
    short_text,
    with_turn,
)

if TYPE_CHECKING:
    from snl_edu.vocabulary import AnswerRecord

MAX_QUESTION = 600  # a lesson question's words, as kept with its answer
MAX_ANSWER_SECONDS = 24 * 3600.0  # a question left open for a school day, at most
MAX_ANSWER_NUMBER = 1_000_000

# The one thing a child asks the table for: a roll for their own seat. Everything else a
# client answers itself (review, where, help, lessons), and leaving is the child's own: only
# the teacher, at the host, ends the table, so a quit, a yes or an answer from a client is
# refused whatever it sends.
NETWORK_ACTIONS = frozenset({Action.ROLL})


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
        return with_turn({"type": self.type}, self.turn)


@dataclasses.dataclass(frozen=True)
class Asking(Message):
    """The child's turn has been announced while their own question is open: their clock
    waits until the question is over (then ``Said``)."""

    type: ClassVar[str] = "asking"
    turn: int | None = None  # as for ``Said``

    def data(self) -> dict[str, Any]:
        return with_turn({"type": self.type}, self.turn)


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
    tries = read_count(data, "tries")
    correct, skipped = read_flag(data, "correct"), read_flag(data, "skipped")
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
    watch = read_flag(data, "watch")
    if not name and not watch:
        raise WireError("a player needs a name")
    assert code is not None
    return Join(code, name, token, watch)


def read_command(data: Mapping[str, Any]) -> Command:
    if data.get("type") != "command":
        raise WireError("not a command")
    try:
        action = Action(read_enum(data, "action"))
    except ValueError as error:
        raise WireError("unknown action") from error
    if action not in NETWORK_ACTIONS:
        raise WireError("not an action for the table")
    return CountedRoll(action) if read_flag(data, "go") else Command(action)


def read_request(data: Mapping[str, Any]) -> Command | Said | Asking | Answered | Went:
    """What a seated client sends after its join: a roll, that its turn was said, that her
    go is over, or a lesson's answer."""
    if data.get("type") == Said.type:
        return Said(read_count(data, "turn", False))
    if data.get("type") == Went.type:
        return Went()
    if data.get("type") == Asking.type:
        return Asking(read_count(data, "turn", False))
    if data.get("type") == Answered.type:
        return read_answered(data)
    return read_command(data)
