"""An answer typed key by key on a terminal in single-key mode, shown as it is typed.

That mode does not echo, so the keys are echoed here, as a plain terminal would: each
key once (its digits in the language's script), a backspace rubbed out as ``\\b \\b``,
Enter as a new line. Nothing is redrawn: a screen reader reads each key once, and the
answer stays on the screen above what comes next. The game's questions and the
number check-up both read typed answers through it.
"""

from __future__ import annotations

from collections.abc import Callable

SUBMIT_KEYS = frozenset({"\r", "\n"})
ERASE_KEYS = frozenset({"\x7f", "\b"})


def _any_key(key: str) -> bool:
    return True


class TypedAnswer:
    def __init__(self, echo: Callable[[str], None], shown: Callable[[str], str],
                 takes: Callable[[str], bool] = _any_key) -> None:
        """``shown``: a key as echoed (digits in the game's script); ``takes``: whether a
        printable key can be part of the answer (others are ignored, not echoed)."""
        self._echo = echo
        self._shown = shown
        self._takes = takes
        self.text = ""

    def take(self, key: str) -> str | None:
        """One key; the answer when Enter ends it (``""``: Enter with nothing typed),
        None while it is being typed."""
        if key in SUBMIT_KEYS:
            text, self.text = self.text, ""
            if text:
                self._echo("\n")
            return text
        if key in ERASE_KEYS:
            if self.text:
                self.text = self.text[:-1]
                self._echo("\b \b")
        elif len(key) == 1 and key.isprintable() and (self.text or not key.isspace()) \
                and self._takes(key):
            self.text += key
            self._echo(self._shown(key))
        return None
