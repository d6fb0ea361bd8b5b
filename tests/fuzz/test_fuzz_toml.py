"""TOML structures (quoting, inline tables, arrays, headers, depth) through every loader:
the depth check never counts less than tomllib nests, and each loader ends with its data
or one clear message, in bounded time."""

from __future__ import annotations

import contextlib
import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from snl_edu.boards import parse_board
from snl_edu.capped_toml import MAX_BYTES, MAX_DEPTH, CappedTomlError, key_depth, parse_capped
from snl_edu.cli import main
from snl_edu.engine import BoardError

from .budget import fuzz_at, no_hang

# Text that means something to the depth check when it is not inside a string.
TRICKY = st.text(st.sampled_from(list("ab.=[]{}\"'#,\\ ")), max_size=8)

bare_keys = st.from_regex(r"[A-Za-z0-9_-]{1,4}", fullmatch=True)
basic_keys = TRICKY.map(lambda t: json.dumps(t, ensure_ascii=False))
literal_keys = TRICKY.filter(lambda t: "'" not in t).map(lambda t: f"'{t}'")
simple_keys = st.one_of(bare_keys, basic_keys, literal_keys)
keys = st.lists(simple_keys, min_size=1, max_size=4).flatmap(
    lambda parts: st.sampled_from([".", " . ", ". "]).map(lambda dot: dot.join(parts)))

strings = st.one_of(
    basic_keys, literal_keys,
    TRICKY.filter(lambda t: '"""' not in t and not t.endswith(("\\", '"'))).map(
        lambda t: f'"""\n{t}\n"""'.replace("\\", "\\\\")),
    TRICKY.filter(lambda t: "'''" not in t).map(lambda t: f"'''{t}'''"))
scalars = st.one_of(st.integers(-5, 5).map(str), st.sampled_from(["1.5", "true", "1e3",
                                                                  "1979-05-27"]), strings)


def arrays(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.lists(inner, max_size=3).flatmap(
        lambda items: st.sampled_from([", ", ",\n", ", # [{\n"]).map(
            lambda comma: "[" + comma.join(items) + "]"))


def inline_tables(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.lists(st.tuples(keys, inner), max_size=3).map(
        lambda pairs: "{" + ", ".join(f"{k} = {v}" for k, v in pairs) + "}")


values = st.recursive(scalars, lambda inner: st.one_of(arrays(inner), inline_tables(inner)),
                      max_leaves=12)
lines = st.one_of(
    st.tuples(keys, values).map(lambda kv: f"{kv[0]} = {kv[1]}"),
    keys.map(lambda k: f"[{k}]"), keys.map(lambda k: f"[[{k}]]"),
    TRICKY.map(lambda t: "# " + t.replace("\n", " ")), st.just(""))
documents = st.lists(lines, max_size=8).map("\n".join)


def depth(value: Any) -> int:
    """How deeply parsed TOML nests: a table or an array is one level."""
    if isinstance(value, dict):
        return 1 + max(map(depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(depth, value), default=0)
    return 0


@fuzz_at(11.5)
@given(documents)
def test_the_depth_check_never_counts_less_than_toml_nests(text: str) -> None:
    """And every loader's parse (boards, phrase books, lessons use parse_capped) ends in
    data or CappedTomlError."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        data = None
    if data is not None:
        assert key_depth(text) >= depth(data), text
    with no_hang(5), contextlib.suppress(CappedTomlError):
        parse_capped(text)


@fuzz_at(9)
@given(documents, st.integers(1, 300))
def test_any_structure_nested_at_any_depth_is_a_board_or_a_message(text: str,
                                                                   times: int) -> None:
    # The structure inside itself: deep (the worst 64 KB files below go deeper still).
    deep = "x = {" * times + text.replace("\n", " ") + "}" * times
    for candidate in (text, deep):
        with no_hang(5), contextlib.suppress(BoardError):
            parse_board(candidate, "fuzzed.toml")


# The worst 64 KB files found by the attack on issue 30: before, a quoted "=" took the
# dots past the check (4.2 GB, 12-27 s, then a RecursionError traceback).
WORST = {
    "quoted-equals": '"="' + ".a" * ((MAX_BYTES - 10) // 2) + " = 1\n",
    "inline-dots": "x = {" + "a." * ((MAX_BYTES - 20) // 2) + "a = 1}\n",
    "inline-tables": "x = " + "{a=" * ((MAX_BYTES - 10) // 4) + "1" + "}" * ((MAX_BYTES - 10) // 4),
    "header": "[" + "a." * ((MAX_BYTES - 10) // 2) + "a]\n",
}


@pytest.mark.parametrize("name", sorted(WORST))
def test_the_worst_64_kb_files_are_refused_before_parsing(tmp_path: Path, name: str,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    text = WORST[name]
    assert len(text.encode()) <= MAX_BYTES
    assert key_depth(text) > MAX_DEPTH

    def never(*args: object) -> None:
        raise AssertionError("parsed a file the depth check should have refused")

    monkeypatch.setattr(tomllib, "loads", never)
    path = tmp_path / "deep.toml"
    path.write_text(text)
    runner = CliRunner()
    for args in (["board", "check", str(path)], ["board", "show", str(path)],
                 ["board", "render", str(path), "--out", str(tmp_path / "b.svg")],
                 ["play", "--demo", "--board", str(path)]):
        result = runner.invoke(main, args)
        assert result.exit_code == 1, result.output
        assert "The board file nests its values too deeply" in result.output
    result = runner.invoke(main, ["voice", "check", "--phrases", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "cannot be read: its values are nested too deeply" in result.output
