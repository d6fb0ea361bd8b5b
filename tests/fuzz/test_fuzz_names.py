"""Names (any Unicode, any length, bytes that were not UTF-8) through every command that
takes one: each ends in a game, a report or one clear message; nothing raw reaches the
terminal; and nothing the game saved is later called damaged (one name rule at every
door, safe_text.clean_name)."""

from __future__ import annotations

import atexit
import functools
import json
import shutil
import tempfile
import unicodedata
from pathlib import Path

from click.testing import CliRunner
from hypothesis import example, given
from hypothesis import strategies as st

from snl_edu.cli import main
from snl_edu.safe_text import MAX_NAME, clean_name, name_key
from snl_edu.store import open_store
from snl_edu.table.wire import WireError, decode
from snl_edu.table.wire_requests import Join, read_join
from tests.checkup.classroom import SEED, answers_for

from .budget import fuzz, fuzz_at, no_hang

# What a terminal would act on: controls, C1 controls, bidirectional overrides.
RAW = {chr(c) for c in (*range(0x20), 0x7F, *range(0x80, 0xA0))} - {"\n"} | {"\u202e", "\u2066"}

names = st.one_of(
    st.text(max_size=60),  # any code point, lone surrogates too (bytes that were not UTF-8)
    st.text(st.sampled_from(["A", "é", "\u0301", "\u200b", "\u200d", "\x1b", "]", ";", "\x07",
                             " ", "\t", "+", "=", "\udcff", "स", "्", "ﬁ", "\u202e"]),
            max_size=80),
    st.integers(MAX_NAME - 2, 400).map(lambda n: "Ā" * n),
)

# Each door a name comes in by, with the input that makes it save something.
DOORS = {
    "play": lambda n: (["play", "--players", n, "--seed", "1"], "\n\n"),
    "team": lambda n: (["play", "--team", f"{n}+Bikash", "--seed", "1"], "\n\n"),
    "learner": lambda n: (["play", "--players", n, "--learner", n, "--seed", "1"], "\n\n"),
    "lesson": lambda n: (["lesson", "--learner", n, "--questions", "1", "--seed", "1"], "1\n2\n3\n"),
    "checkup": lambda n: (["checkup", n, "--no-speech", "--seed", str(SEED)],
                          answers_for(0, 0.5, False)),
    "progress": lambda n: (["progress", n], ""),
    "forget": lambda n: (["progress", "--yes", "--forget", n], ""),
}


def run(folder: str, args: list[str], stdin: str) -> str:
    with no_hang():
        result = CliRunner().invoke(main, [*args, "--data-dir", folder, "--lang", "en"],
                                    input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        (args, result.output, result.exception)
    assert result.exit_code in (0, 1, 2), result.output
    shown = set(result.output)
    assert not shown & RAW, (args, result.output)
    assert not any(0xD800 <= ord(c) <= 0xDFFF for c in shown), result.output
    return result.output


@functools.cache
def folder_with_a_learner() -> Path:
    """Someone already there, so the progress doors have a store; made once and copied."""
    folder = Path(tempfile.mkdtemp(prefix="snl-names-template-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    run(str(folder), ["lesson", "--learner", "Asha", "--questions", "1", "--seed", "1"],
        "1\n2\n3\n")
    return folder


@fuzz_at(25)
@given(names, st.sampled_from(sorted(DOORS)))
def test_any_name_through_any_door_is_saved_whole_or_refused(name: str, door: str) -> None:
    with tempfile.TemporaryDirectory() as empty:
        folder = str(shutil.copytree(folder_with_a_learner(), Path(empty) / "data"))
        args, stdin = DOORS[door](name)
        run(folder, args, stdin)
        with open_store(Path(folder)) as store:
            assert store.recovery is None  # nothing the game wrote is "damaged"
        for listing in (["games", "--all"], ["progress"], ["progress", "--class"]):
            run(folder, listing, "")


@fuzz
@given(names)
@example("\u00c0\u0300\u0300\u0300")  # À and three graves: A and four marks
@example("k\u0325\u200b\u093c\u200d\u094d")  # NFC moves the ring below to the joiner
def test_the_name_rule_gives_what_the_store_accepts(name: str) -> None:
    cleaned = clean_name(name)
    assert len(cleaned) <= MAX_NAME
    cleaned.encode("utf-8")  # no lone surrogates left
    assert not set(cleaned) & RAW
    assert cleaned == "" or name_key(cleaned)
    assert clean_name(cleaned) == cleaned  # the rule is stable: saved, read, cleaned again
    assert name_key(unicodedata.normalize("NFD", cleaned)) == name_key(cleaned)
    assert name_key(name) == name_key(cleaned)  # the name as typed finds the name as saved
    assert name_key(name_key(name)) == name_key(name)  # a key kept in a file is its own key


def test_a_name_typed_decomposed_is_the_same_child_as_composed() -> None:
    """macOS and some keyboards send À as A and a combining grave: the mark count must not
    depend on that, or one child becomes two (and ``--forget`` misses one)."""
    composed = "\u00c0\u0300\u0300\u0300"
    decomposed = unicodedata.normalize("NFD", composed)
    assert clean_name(decomposed) == clean_name(composed) == "\u00c0\u0300\u0300"
    assert name_key(decomposed) == name_key(composed)
    for name in ("श्रीमती", "क्षितिज", "ज्ञानेन्द्र", "चाँदनी", "विद्वान्\u200cको"):
        assert clean_name(name) == name  # Nepali names stay as typed
        assert name_key(unicodedata.normalize("NFD", name)) == name_key(name)


@fuzz
@given(names)
def test_any_name_a_table_client_sends_is_the_rule_s_name_or_refused(name: str) -> None:
    """`snl table join --name` and the browser seat send the name over the wire; the table
    reads it with the same rule before any seat is matched or shown."""
    try:
        join = read_join(decode(json.dumps(Join("ABCD", name).data()), 100_000))
    except WireError:
        assert len(name) > 4 * MAX_NAME or not clean_name(name)
        return
    assert join.name == clean_name(name) and join.name
