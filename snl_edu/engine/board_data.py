"""Boards from plain data (a parsed TOML file or a saved game's copy)."""

from __future__ import annotations

from typing import Any

from snl_edu.engine.board import Board, Jump, JumpKind
from snl_edu.engine.errors import BoardError
from snl_edu.vocabulary import N_

_SECTIONS = {"ladders": JumpKind.LADDER, "snakes": JumpKind.SNAKE}
_KNOWN_KEYS = {"name", "width", "height", "title", "ladders", "snakes"}


def _names(value: Any, where: str, source: str) -> dict[str, str]:
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in value.items()
    ):
        raise BoardError("format", detail=N_("{where}: names must be a table of language = text"),
                         where=where, source=source)
    return dict(value)


def _integer(value: Any, where: str, source: str) -> int:
    if type(value) is not int:
        raise BoardError("format", detail=N_("{where} must be a whole number"), where=where,
                         source=source)
    return value


def board_from_data(data: Any, source: str = "", default_name: str = "") -> Board:
    """Build and validate a board; any problem is a ``BoardError`` naming where."""
    if not isinstance(data, dict):
        raise BoardError("format", detail=N_("a board is a table"), source=source)
    unknown = set(data) - _KNOWN_KEYS
    if unknown:
        raise BoardError("format", detail=N_("unknown keys: {keys}"), keys=sorted(unknown),
                         source=source)
    name = data.get("name", default_name)
    if not isinstance(name, str) or not name:
        raise BoardError("format", detail=N_("name must be text"), source=source)
    width = _integer(data.get("width", 10), "width", source)
    height = _integer(data.get("height", 10), "height", source)
    jumps: list[Jump] = []
    for section, kind in _SECTIONS.items():
        entries = data.get(section, [])
        if not isinstance(entries, list):
            raise BoardError("format", detail=N_("{where} must be a list"), where=section,
                                 source=source)
        for index, entry in enumerate(entries, start=1):
            where = f"{section} #{index}"
            if not isinstance(entry, dict) or set(entry) - {"from", "to", "name"}:
                raise BoardError("format", detail=N_("{where} needs only from, to and name"),
                                 where=where, source=source)
            if "from" not in entry or "to" not in entry:
                raise BoardError("format", detail=N_("{where} needs both from and to"),
                                 where=where, source=source)
            jumps.append(Jump(kind, _integer(entry["from"], f"{where} from", source),
                              _integer(entry["to"], f"{where} to", source),
                              _names(entry.get("name"), where, source)))
    titles = _names(data.get("title"), "title", source)
    return Board.build(name, width, height, jumps, titles, source=source)
