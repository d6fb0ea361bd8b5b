"""The words every layer shares: a message, the base error, a lesson answer, N_.

This module imports nothing of ours, so the engine, inputs, outputs, lessons
and the store can all speak in these types without depending on each other.
"""

from __future__ import annotations

import errno
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from snl_edu.answer_record import AnswerRecord

__all__ = ["DIE_FACES", "N_", "OS_CAUSES", "TEAM_SEPARATOR", "AnswerRecord", "Message",
           "SnlError", "os_cause", "taps"]

# What the operating system said (an errno), as a cause every layer can name and the
# front end tells in the user's language (error_text.system_words): the system's own
# words are English whatever the user's language.
OS_CAUSES = {errno.ENOSPC: "full", errno.EDQUOT: "full", errno.EACCES: "permission",
             errno.EPERM: "permission", errno.EROFS: "read-only", errno.ENOENT: "missing",
             errno.ENOTDIR: "not-a-folder", errno.EEXIST: "not-a-folder", errno.EIO: "disk"}


def os_cause(error: OSError) -> str | None:
    return OS_CAUSES.get(error.errno or 0)


# Joins the children of a team seat ("Asha+Bikash"): teams.py reads seats by it, and
# forgetting a child (store/child_data.py) finds them in a team by it.
TEAM_SEPARATOR = "+"


@dataclass(frozen=True)
class Message:
    """One sentence to show and speak, with the earcon that goes before it."""

    text: str
    earcon: str | None = None


DIE_FACES = 6  # the pasa's faces: the rules roll them, the earcons tap each one


SQUARE_PITCH = "square-"


ACROSS = "@"  # then the square's place across the board, in thousandths from the left
ACROSS_STEPS = 1000


def square_pitch(square: int, across: float | None = None) -> str:
    """The earcon of one square: its own pitch, rising from 1 to 100 (made, not shipped),
    and with ``across`` (0 the board's left edge to 1 its right) heard there in stereo."""
    if across is None:
        return f"{SQUARE_PITCH}{square}"
    return f"{SQUARE_PITCH}{square}{ACROSS}{round(across * ACROSS_STEPS)}"


def taps(pips: int) -> str:
    """The earcon that taps a roll, one tap a pip (narration names it, earcons make it)."""
    return f"taps-{pips}"


class SnlError(Exception):
    """Base of every error a user can cause; the front end turns it into one sentence.

    ``message`` is an English msgid (marked with ``N_`` where it is written) that is
    translated only when shown; ``details`` fill its ``{placeholders}`` and stay
    structured (numbers, names, lists) so they can be written in the reader's
    language and digits. Never put prose a user would read into ``details``.
    """

    def __init__(self, message: str = "", /, **details: object) -> None:
        super().__init__(message)
        self.message = message
        self.details = details


def N_(message: str) -> str:
    """Mark a string for extraction; it is translated where it is shown."""
    return message


def __getattr__(name: str) -> Any:
    """``AnswerRecord`` is a word of the vocabulary too, made only when first asked for
    (answer_record.py): `snl --help` and every command that records no answer need not
    build a 15-field dataclass, 2 ms at start-up."""
    if name == "AnswerRecord":
        from snl_edu.answer_record import AnswerRecord

        return AnswerRecord
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
