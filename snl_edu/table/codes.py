"""Join codes and the limit on wrong tries: a table on a shared network is not guessable."""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable

# No 0/O, 1/I/L, 2/Z, 5/S or 8/B: a code read aloud or off a projector is typed right.
ALPHABET = "34679ACDEFGHJKMNPQRTUVWXY"
CODE_LENGTH = 8  # 25**8: about 1.5e11 codes, 37 bits; with the try limit, not guessable
WRONG_TRIES = 5  # per address within WINDOW seconds
WINDOW = 60.0


def quiet_logger(side: str) -> logging.Logger:
    """The websocket library's logger for the table's connections, never below INFO: at DEBUG
    it writes every frame, and a join's frame carries the code."""
    logger = logging.getLogger(f"snl_edu.table.{side}")
    logger.setLevel(logging.INFO)
    return logger


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def normalise(code: str) -> str:
    """What a child typed, as the table compares it: case, spaces and dashes ignored."""
    return "".join(code.split()).replace("-", "").upper()


def strong(code: str) -> bool:
    """Whether a code the teacher chose is as hard to guess as a new one: as long, and of
    the same letters (normalised as a join compares it)."""
    return long_enough(code) and not foreign_letters(code)


def long_enough(code: str) -> bool:
    """Whether a code the teacher chose has as many letters as a new one."""
    return len(normalise(code)) >= CODE_LENGTH


def foreign_letters(code: str) -> list[str]:
    """The letters of a code the teacher chose that no code is written with (normalised as
    a join compares it), each once, in the order typed."""
    return list(dict.fromkeys(letter for letter in normalise(code) if letter not in ALPHABET))


def shown(code: str) -> str:
    """A code as printed and spoken: two groups of four."""
    return f"{code[:4]}-{code[4:]}"


def same_code(typed: str, code: str) -> bool:
    return secrets.compare_digest(normalise(typed).encode(), code.encode())


class TryLimiter:
    """Wrong codes per address: after WRONG_TRIES within WINDOW seconds, refuse that address
    until the window has passed (a loop of guesses gets nowhere)."""

    def __init__(self, tries: int = WRONG_TRIES, window: float = WINDOW,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.tries = tries
        self.window = window
        self.clock = clock
        self._wrong: dict[str, list[float]] = {}

    def blocked(self, address: str) -> bool:
        now = self.clock()
        recent = [t for t in self._wrong.get(address, []) if now - t < self.window]
        if recent:
            self._wrong[address] = recent
        else:
            self._wrong.pop(address, None)
        return len(recent) >= self.tries

    def wrong(self, address: str) -> None:
        self._wrong.setdefault(address, []).append(self.clock())
