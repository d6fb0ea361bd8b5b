"""Errors the user can cause, phrased as one clear localised sentence."""

from __future__ import annotations

from collections.abc import Mapping

from snl_edu.boards import UnknownBoardError
from snl_edu.engine import BoardError, GameStateError
from snl_edu.engine.board import MAX_SIDE, MIN_HEIGHT, MIN_LAST_SQUARE, MIN_SIDE
from snl_edu.language.localizer import LanguageError, Localizer
from snl_edu.language.reasons import is_toml_reason, toml_reason
from snl_edu.safe_text import visible
from snl_edu.sound.unavailable import AudioUnavailable
from snl_edu.store import StoreError
from snl_edu.vocabulary import SnlError, os_cause


def _board_error(error: BoardError, loc: Localizer) -> str:
    _ = loc.gettext
    values = {
        "start": loc.number(error.start or 0), "end": loc.number(error.end or 0),
        "other_start": loc.number(error.other_start or 0),
        "other_end": loc.number(error.other_end or 0),
        "detail": loc.number(error.detail),
        # the board's limits, from the rules that check them
        "low": loc.number(MIN_SIDE), "high": loc.number(MAX_SIDE),
        "low_up": loc.number(MIN_HEIGHT),
        "least": loc.number(MIN_LAST_SQUARE),
    }
    if error.rule == "unreadable":  # the system's words, in the reader's language if we can
        cause = error.details.get("cause")
        values["detail"] = system_words(cause if isinstance(cause, str) else None,
                                        error.detail, loc)
    if error.rule == "format":  # the detail is a msgid saying where the file goes wrong
        values["detail"] = loc.number(phrase(error.detail, error.details, loc))
    elif error.rule == "toml":  # tomllib's English, told as where the file goes wrong
        values["detail"] = toml_reason(error.detail, loc)
    if isinstance(error, UnknownBoardError) and error.file:
        return _("There is no board file {name}: check its path, or choose one of the boards: "
                 "{names}.").format(name=error.name, names=loc.join(error.available))
    if isinstance(error, UnknownBoardError):
        return _("There is no board called {name}. Boards: {names}; or give a board file's path.") \
            .format(name=error.name, names=loc.join(error.available))
    templates = {
        "size": _("The board size {detail} is not allowed: a board is {low} to {high} squares "
                  "across and {low_up} to {high} up, {least} squares at least in all."),
        "start-range": _("The jump {start} to {end} starts off the board: "
                         "a jump starts on a square from 1 to one before the last ({detail} is the last)."),
        "end-range": _("The jump {start} to {end} ends off the board: "
                       "a jump ends on a square from 1 to {detail}."),
        "ladder-not-up": _("The ladder {start} to {end} does not go up: a ladder's top must be "
                           "above its foot."),
        "snake-not-down": _("The snake {start} to {end} does not go down: a snake's tail must be "
                            "below its head."),
        "same-start": _("The jumps {other_start} to {other_end} and {start} to {end} start on the "
                        "same square: only one jump may start on a square."),
        "chain": _("The jump {start} to {end} ends where the jump {other_start} to {other_end} "
                   "starts: no jump may end where another starts."),
        "format": _("The board is not written correctly: {detail}."),
        "toml": _("The board file is not valid TOML: {detail}."),
        "unreadable": _("The board file cannot be read: {detail}."),
        "too-big": _("The board file is too big: a board file may have at most {detail} KB."),
        "too-deep": _("The board file nests its values too deeply: a board needs only a few "
                      "levels."),
        "not-a-file": _("The board file is not a regular file (a pipe, a device or a folder), "
                        "so it is not read."),
    }
    if error.rule == "trap":
        return _trap(error, loc)
    text = templates.get(error.rule, _("The board is not valid: {detail}.")).format(**values)
    return f"{error.source}: {text}" if error.source else text


def _trap(error: BoardError, loc: Localizer) -> str:
    """Name the trapping squares as ranges: "start, 1-93" reads better than 94 numbers."""
    _ = loc.gettext
    parts: list[str] = []
    for low, high in square_ranges(error.squares):
        first = _("the start") if low == 0 else loc.number(low)
        if high == low:
            parts.append(first)
        else:
            parts.append(_("{first} to {last}").format(first=first, last=loc.number(high)))
    text = _("With --finish {rule}, a player on {squares} could never reach the last square, "
             "so a game might never end.").format(rule=error.detail, squares=loc.join(parts))
    return f"{error.source}: {text}" if error.source else text


def square_ranges(squares: tuple[int, ...]) -> list[tuple[int, int]]:
    ranges: list[tuple[int, int]] = []
    for square in squares:
        if ranges and ranges[-1][1] == square - 1:
            ranges[-1] = (ranges[-1][0], square)
        else:
            ranges.append((square, square))
    return ranges


def describe(error: SnlError, loc: Localizer) -> str:
    """An error as one sentence in the reader's language. Most errors carry their message
    id and its details from where they are raised (``phrase``); these few need words
    computed here: the board's rules, a language named in the reader's language, the
    system's own words, a reason told inside a sentence of its own."""
    _ = loc.gettext
    if isinstance(error, BoardError):
        return _board_error(error, loc)
    if isinstance(error, LanguageError) and error.reason != "unknown":
        return _("The {language} translations cannot be read: {detail}.").format(
            language=loc.language_name(error.language), detail=error.detail)
    if isinstance(error, StoreError):
        if error.reason == "newer":
            return _("The saved-games file {path} was made by a newer version of snl; "
                     "please update snl to use it.").format(path=visible(str(error.path)))
        return _("The saved-games file {path} cannot be opened or written: {detail}.").format(
            path=visible(str(error.path)), detail=system_words(error.cause, error.detail, loc))
    if isinstance(error, AudioUnavailable):
        from snl_edu.outputs.aloud.notice import describe_missing

        return describe_missing(error, loc, in_game=False)
    if type(error) is GameStateError:  # its message is the reason (a subclass says it all)
        return _("The saved game cannot be used: {reason}.").format(
            reason=phrase(error.message, error.details, loc))
    from snl_edu.lessons.content import LessonDataError

    if isinstance(error, LessonDataError):
        return _("The lesson file {file} cannot be used: {detail}.").format(
            file=error.file, detail=phrase(error.message, error.details, loc))
    from snl_edu.inputs.voice.problems import VoiceError

    if isinstance(error, VoiceError):
        from snl_edu.inputs.voice.messages import describe_voice_error

        return describe_voice_error(error, loc)
    return phrase(error.message, error.details, loc)


def system_words(cause: str | None, detail: str, loc: Localizer) -> str:
    """What the operating system said, in the reader's language when we know the cause
    (its own words are English whatever the user's language), else its words shown safely."""
    _ = loc.gettext
    words = {
        "full": _("the disk is full"),
        "permission": _("permission is denied"),
        "read-only": _("it is read-only"),
        "missing": _("the folder does not exist"),
        "not-a-folder": _("a file is in the way where a folder should be"),
        "busy": _("another program is using it"),
        "disk": _("the disk cannot be read or written"),
    }
    return words.get(cause or "", visible(detail))


def os_words(error: OSError, loc: Localizer) -> str:
    """What the operating system said when it refused, as ``system_words`` tells it."""
    return system_words(os_cause(error), error.strerror or str(error), loc)


def answer_not_saved(error: StoreError, loc: Localizer) -> str:
    """The one line a lesson answer the store could not take gets (a full disk)."""
    return loc.gettext("An answer could not be saved: {reason}. The lessons go on; every "
                       "answer saved before is kept.").format(
        reason=system_words(error.cause, error.detail, loc))


def phrase(message: str, details: Mapping[str, object], loc: Localizer) -> str:
    """An error's own message (a msgid) in the reader's language, its details filled in."""
    text = loc.gettext(message)
    if not details:
        return text
    return text.format(**{key: _detail(value, loc) for key, value in details.items()})


def _detail(value: object, loc: Localizer) -> str:
    """A structured detail in the reader's language: numbers in their digits, lists joined."""
    if isinstance(value, int) and not isinstance(value, bool):
        return loc.number(value)
    if isinstance(value, (list, tuple)):
        return loc.join(str(item) for item in value)
    if isinstance(value, str) and is_toml_reason(value):  # a TOMLDecodeError's message
        return toml_reason(value, loc)
    return str(value)
