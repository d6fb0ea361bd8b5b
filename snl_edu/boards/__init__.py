"""The shipped boards and loading a board by name or from a user's TOML file."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path

from snl_edu.engine import Board, BoardError, board_from_data

DEFAULT_BOARD = "saanp-bharyang"
_SUFFIX = ".toml"


class UnknownBoardError(BoardError):
    """A board name that is neither shipped nor an existing file."""

    def __init__(self, name: str, available: list[str]) -> None:
        self.name = name
        self.available = available
        super().__init__("unknown", detail=name)


def shipped_names() -> list[str]:
    folder = resources.files(__name__)
    return sorted(entry.name[: -len(_SUFFIX)] for entry in folder.iterdir()
                  if entry.name.endswith(_SUFFIX))


def parse_board(text: str, source: str, default_name: str = "") -> Board:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise BoardError("toml", detail=str(error), source=source) from error
    except RecursionError as error:  # found by fuzzing: "x = [[[[..." thousands deep
        raise BoardError("toml", detail="values are nested too deeply", source=source) from error
    return board_from_data(data, source=source, default_name=default_name)


def load_board(name_or_path: str) -> Board:
    """A shipped board by name, else a board file by path."""
    if name_or_path in shipped_names():
        text = resources.files(__name__).joinpath(name_or_path + _SUFFIX).read_text("utf-8")
        return parse_board(text, source=name_or_path)
    path = Path(name_or_path)
    if not path.exists():
        raise UnknownBoardError(name_or_path, shipped_names())
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise BoardError("unreadable", detail=str(error), source=str(path)) from error
    return parse_board(text, source=str(path), default_name=path.stem)
