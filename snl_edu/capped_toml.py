"""TOML with bounded work: a user's file only if it is a regular file, size-capped before
reading; every text (shipped ones too) depth-checked before parsing.

A real board or phrase file is a few kilobytes. Without the cap a huge file is read
whole; a FIFO would hang the open. Without the depth check, tomllib's time and memory
grow with the square of how deeply dotted keys nest (``"=".a.a…= 1``, 64 KB: 4 GB and
12-27 s, then a RecursionError), and brackets nested thousands deep exhaust the
recursion limit. The check reads TOML's strings, comments, table headers and inline
tables as TOML does, so no quoting gets a dot or a bracket past it.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from pathlib import Path
from typing import Any

from snl_edu.vocabulary import os_cause

MAX_BYTES = 64 * 1024
MAX_DEPTH = 8  # a board needs three levels (ladders -> entry -> name: ``name.en = ...``)


class CappedTomlError(Exception):
    """``reason``: "too-big", "too-deep", "not-a-file", "unreadable" or "toml"; ``detail``
    says more."""

    def __init__(self, reason: str, detail: str = "", cause: str | None = None) -> None:
        self.reason = reason
        self.detail = detail
        self.cause = cause  # what the system said (vocabulary.os_cause), if we name it
        super().__init__(f"{reason}: {detail}")


def read_capped(path: Path, limit: int = MAX_BYTES) -> str:
    """A regular file's text, at most ``limit`` bytes. A FIFO, a device or a folder is
    refused before a byte is read: opening a FIFO would wait for a writer for ever."""
    try:
        # O_NONBLOCK: the open itself must not wait (a FIFO with no writer); it changes
        # nothing for a regular file.
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise CappedTomlError("unreadable", error.strerror or str(error),
                              os_cause(error)) from error
    except ValueError as error:  # a NUL in the path
        raise CappedTomlError("unreadable", str(error)) from error
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            os.close(descriptor)
            raise CappedTomlError("not-a-file")
        with os.fdopen(descriptor, "rb") as file:
            data = file.read(limit + 1)
    except OSError as error:
        raise CappedTomlError("unreadable", error.strerror or str(error),
                              os_cause(error)) from error
    if len(data) > limit:
        raise CappedTomlError("too-big", str(limit // 1024))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise CappedTomlError("unreadable", str(error)) from error


# TOML's tokens, as far as nesting goes: strings (whose brackets and dots are text),
# comments, the punctuation that nests or dots keys, and runs of anything else. A quote
# that opens no valid string is one character, so what follows it is still counted.
_TOKENS = re.compile(r'''
    "{3}(?:[^"\\]|\\.|"(?!""))*"{0,2}"{3}   # multi-line basic string
  | '{3}(?:[^']|'(?!''))*'{0,2}'{3}            # multi-line literal string
  | "(?:[^"\\\n]|\\.)*"                     # basic string
  | '[^'\n]*'                                 # literal string
  | \#[^\n]*                                   # comment
  | [\[\]{}=,.\n]                               # what nests, dots or ends a line
  | [^\s\[\]{}=,.\#"']+ | [ \t\r]+ | .          # anything else
''', re.VERBOSE | re.DOTALL)


def key_depth(text: str) -> int:
    """How deeply a TOML text nests its values: a table header's dotted keys, a key's dots
    (quoted parts included as TOML reads them), arrays and inline tables inside values,
    counted as parsed data nests: ``a.b.c = 1``, ``a = {b = [1]}`` and ``[a.b]`` are 3.

    One linear pass over the text's tokens, before any parsing: tomllib's time and memory
    grow with the square of a dotted key's length, and its brackets recurse.
    """
    deepest = 1  # the document is a table
    table = 1  # the depth of the table the current top-level line writes into
    stack: list[tuple[str, int]] = []  # open "[" or "{" in a value, with its depth
    in_key, in_header, dots, value = True, False, 0, 0
    for token in _TOKENS.findall(text):
        if token == "\n" and not stack:
            if in_header:
                table = dots + 2
                deepest = max(deepest, table)
            in_key, in_header, dots = True, False, 0
        elif in_header:
            # "[[a]]": each entry of an array of tables is one level below the array; and
            # "[a.b]" after "[[a]]" is in a's last entry, so a header's dot may be two levels.
            dots += {".": 2, "[": 1}.get(token, 0)
        elif token in ("]", "}") and stack:
            stack.pop()  # "{}" closes in a key's place
            value = stack[-1][1] if stack else 0
            in_key = False
        elif in_key:
            if token == ".":
                dots += 1
            elif token == "[" and not stack and not dots:
                in_header = True  # "[table]" or "[[array.of.tables]]"
            elif token == "=":
                value = (stack[-1][1] if stack else table) + dots
                deepest = max(deepest, value)
                in_key, dots = False, 0
        elif token in ("[", "{"):
            value += 1
            stack.append((token, value))
            deepest = max(deepest, value)
            in_key, dots = token == "{", 0
        elif token == "," and stack:
            in_key, dots = stack[-1][0] == "{", 0
            value = stack[-1][1]
    return max(deepest, dots + 2) if in_header else deepest


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
