"""The shipped boards and loading a board by name or from a user's TOML file."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from snl_edu.capped_toml import MAX_BYTES, CappedTomlError, parse_capped, read_capped
from snl_edu.engine import Board, BoardError, Finish, board_from_data
from snl_edu.engine.traps import check_can_end
from snl_edu.safe_text import MAX_TITLE, visible_data

DEFAULT_BOARD = "saanp-bharyang"
_SUFFIX = ".toml"
MAX_BOARD_BYTES = MAX_BYTES


class UnknownBoardError(BoardError):
    """A board name that is neither shipped nor an existing file."""

    def __init__(self, name: str, available: list[str]) -> None:
        self.name = name
        self.available = available
        # Given as a file (a folder in it, or a board file's ending): it was a file not found
        self.file = "/" in name or "\\" in name or name.endswith(_SUFFIX)
        super().__init__("unknown", detail=name)


def shipped_names() -> list[str]:
    folder = resources.files(__name__)
    return sorted(entry.name[: -len(_SUFFIX)] for entry in folder.iterdir()
                  if entry.name.endswith(_SUFFIX))


def parse_board(text: str, source: str, default_name: str = "") -> Board:
    try:
        data = parse_capped(text)
    except CappedTomlError as error:
        raise _board_error(error, source) from error
    return board_from_data(visible_data(data, MAX_TITLE), source=source, default_name=default_name)


def _board_error(error: CappedTomlError, source: str) -> BoardError:
    rule = {"too-deep": "too-deep", "toml": "toml", "too-big": "too-big",
            "not-a-file": "not-a-file"}.get(error.reason, "unreadable")
    return BoardError(rule, detail=error.detail, source=source, cause=error.cause)


def load_board(name_or_path: str, finish: Finish | None = None) -> Board:
    """A shipped board by name, else a board file by path; with ``finish``, also refuse a
    board on which a player could be stuck for ever under that finish rule."""
    board = _load(name_or_path)
    if finish is not None:
        check_can_end(board, finish, source=board.name if name_or_path in shipped_names()
                      else name_or_path)
    return board


def _load(name_or_path: str) -> Board:
    if name_or_path in shipped_names():
        text = resources.files(__name__).joinpath(name_or_path + _SUFFIX).read_text("utf-8")
        return parse_board(text, source=name_or_path)
    path = Path(name_or_path)
    try:
        exists = path.exists()
    except (OSError, ValueError):
        exists = False
    if not exists:
        raise UnknownBoardError(name_or_path, shipped_names())
    try:
        text = read_capped(path)
    except CappedTomlError as error:
        raise _board_error(error, str(path)) from error
    return parse_board(text, source=str(path), default_name=path.stem)
