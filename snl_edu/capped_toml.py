"""TOML from a user's file, with bounded work: size-capped before reading, depth-checked
before parsing.

A real board or phrase file is a few kilobytes. Without the cap, ``/dev/zero`` is read
without end; without the depth check, tomllib's time and memory grow with the square of
how deeply dotted keys nest (``a.a.a…= 1``: 4 GB and 15 s at depth 32,000), and brackets
nested thousands deep exhaust the recursion limit.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

MAX_BYTES = 64 * 1024
MAX_DEPTH = 8  # a board needs three levels (ladders -> entry -> name: ``name.en = ...``)


class CappedTomlError(Exception):
    """``reason``: "too-big", "too-deep", "unreadable" or "toml"; ``detail`` says more."""

    def __init__(self, reason: str, detail: str = "") -> None:
        self.reason = reason
        self.detail = detail
        super().__init__(f"{reason}: {detail}")


def read_capped(path: Path, limit: int = MAX_BYTES) -> str:
    """The file's text; a device or FIFO has no size, so at most ``limit`` + 1 bytes are read."""
    try:
        with path.open("rb") as file:
            data = file.read(limit + 1)
    except OSError as error:
        raise CappedTomlError("unreadable", error.strerror or str(error)) from error
    if len(data) > limit:
        raise CappedTomlError("too-big", str(limit // 1024))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise CappedTomlError("unreadable", str(error)) from error


def key_depth(text: str) -> int:
    """How deep the dotted keys of a TOML text go (``a.b.c = 1`` and ``[a.b.c]`` are 3).

    One linear pass over the raw text; a dot inside a quoted key may overcount: harmless.
    """
    return 1 + max((line.partition("=")[0].count(".") for line in text.splitlines()),
                   default=0)


def parse_capped(text: str, max_depth: int = MAX_DEPTH) -> dict[str, Any]:
    if key_depth(text) > max_depth:
        raise CappedTomlError("too-deep", "values are nested too deeply")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise CappedTomlError("toml", str(error)) from error
    except RecursionError as error:  # "x = [[[[..." thousands deep
        raise CappedTomlError("too-deep", "values are nested too deeply") from error


def load_capped(path: Path, limit: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> dict[str, Any]:
    return parse_capped(read_capped(path, limit), max_depth)
