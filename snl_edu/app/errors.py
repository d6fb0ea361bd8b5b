"""Choices that cannot make a game: the front end shows them as a problem with its options."""

from __future__ import annotations

from snl_edu.vocabulary import SnlError


class OptionError(SnlError):
    """The options asked for do not fit together; ``option`` names the one at fault, if one is."""

    def __init__(self, message: str, option: str | None = None, **details: object) -> None:
        super().__init__(message, **details)
        self.option = option


class Refusal(SnlError):
    """A command's work stops with one sentence, already phrased in the user's language
    (plural words, computed lists): the front end shows ``text`` as it is."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text
