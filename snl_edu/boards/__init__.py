"""The shipped boards and loading a board by name or from a user's TOML file."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path

from snl_edu.engine import Board, BoardError, Finish, board_from_data
from snl_edu.engine.traps import check_can_end

DEFAULT_BOARD = "saanp-bharyang"
_SUFFIX = ".toml"
# A real board file is a few kilobytes; the cap keeps a hostile one (or /dev/zero) from
# costing memory and time before parsing even starts.
MAX_BOARD_BYTES = 64 * 1024
# tomllib's cost grows with the square of how deeply dotted keys and tables nest; a board
# needs three levels (ladders -> entry -> name: ``name.en = ...``).
MAX_BOARD_DEPTH = 8


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
    depth = _nesting(text)
    if depth > MAX_BOARD_DEPTH:
        raise BoardError("toml", detail="values are nested too deeply", source=source)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise BoardError("toml", detail=str(error), source=source) from error
    except RecursionError as error:  # found by fuzzing: "x = [[[[..." thousands deep
        raise BoardError("toml", detail="values are nested too deeply", source=source) from error
    return board_from_data(data, source=source, default_name=default_name)


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
        with path.open("rb") as file:  # a device or FIFO has no size: read at most the cap
            data = file.read(MAX_BOARD_BYTES + 1)
        if len(data) > MAX_BOARD_BYTES:
            raise BoardError("too-big", detail=str(MAX_BOARD_BYTES // 1024), source=str(path))
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        detail = getattr(error, "strerror", None) or str(error)
        raise BoardError("unreadable", detail=detail, source=str(path)) from error
    return parse_board(text, source=str(path), default_name=path.stem)


def _nesting(text: str) -> int:
    """How deep the dotted keys of a TOML text go (``a.b.c = 1`` and ``[a.b.c]`` are 3).

    Counted on the raw text in one linear pass before tomllib, whose time and memory grow
    with the square of that depth. A dot inside a quoted key may overcount: harmless here.
    """
    return 1 + max((line.partition("=")[0].count(".") for line in text.splitlines()),
                   default=0)
