"""Damage fuzzer over real store files: random bytes, whole pages and row values.

After any damage every command either works or prints one line. The default run damages
a few files; SNL_FUZZ_STORE_FILES=300 runs the long campaign and prints its counts.
"""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import sqlite3
from pathlib import Path

import pytest

from snl_edu.store import STORE_FILE
from tests.fuzz.budget import no_hang
from tests.store.damage import populate, raw, run_all

FILES = int(os.environ.get("SNL_FUZZ_STORE_FILES", "4"))
TABLES = {
    "games": ("created", "updated", "board", "players", "finished", "seed", "rolls", "state",
              "settings"),
    "learner": ("name", "created"),
    "lesson_session": ("learner_id", "started", "mode", "level", "language"),
    "lesson_answer": ("at", "kind", "level", "question", "expected", "focus", "given", "correct",
                      "tries", "skipped", "seconds"),
}
VALUES: tuple[object, ...] = (
    "abc", "", "nan", "[" * 100_000, "{}", "[]", "null", 2**62, -1, 0, 999999, 1e308, -0.5,
    b"\xff\xfe", "\x1b]52;c;aGk=\x07", "=cmd|' /C calc'!A0", "9" * 5000, "2026-13-45",
)


def damage_bytes(path: Path, rng: random.Random) -> None:
    data = bytearray(path.read_bytes())
    for _ in range(rng.randint(1, 8)):
        data[rng.randrange(len(data))] = rng.randrange(256)
    path.write_bytes(bytes(data))


def damage_header(path: Path, rng: random.Random) -> None:
    data = bytearray(path.read_bytes())
    offset = rng.randrange(100)
    data[offset:offset + rng.randint(1, 4)] = rng.randbytes(4)
    path.write_bytes(bytes(data))


def damage_page(path: Path, rng: random.Random) -> None:
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18]) or 65536
    index = rng.randrange(max(1, len(data) // page))
    data[index * page:(index + 1) * page] = (rng.randbytes(page) if rng.random() < 0.5
                                              else bytes(page))
    path.write_bytes(bytes(data))


def damage_row(path: Path, rng: random.Random) -> None:
    table = rng.choice(list(TABLES))
    column = rng.choice(TABLES[table])
    value = rng.choice(VALUES)
    if isinstance(value, bytes):  # text that is not UTF-8, as a damaged disk leaves it
        sql, params = f"UPDATE {table} SET {column} = CAST(? AS TEXT)", (value,)
    else:
        sql, params = f"UPDATE {table} SET {column} = ?", (value,)
    with raw(path) as db:
        # A NOT NULL or CHECK may keep this value out: nothing to damage then.
        with contextlib.suppress(sqlite3.IntegrityError):
            db.execute(sql + " WHERE rowid IN (SELECT rowid FROM " + table +
                       " ORDER BY random() LIMIT 2)", params)
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


DAMAGES = (damage_bytes, damage_header, damage_page, damage_row)


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return populate(tmp_path_factory.mktemp("template"))


def test_every_command_works_or_prints_one_line_after_any_damage(template: Path,
                                                                  tmp_path: Path) -> None:
    rng = random.Random(int(os.environ.get("SNL_FUZZ_SEED", "18")))
    failures: list[str] = []
    commands = 0
    for number in range(FILES):
        folder = tmp_path / str(number)
        folder.mkdir()
        shutil.copy(template, folder / STORE_FILE)
        damage = DAMAGES[number % len(DAMAGES)] if number < len(DAMAGES) else rng.choice(DAMAGES)
        damage(folder / STORE_FILE, rng)
        with no_hang(120):  # found by fuzzing: a damaged tree that loops back on itself
            verdicts = run_all(folder)
        for command, verdict in verdicts:
            commands += 1
            if not verdict.ok:
                failures.append(f"{damage.__name__} file {number}: {' '.join(command)}: "
                                f"{verdict.why}")
        shutil.rmtree(folder)
    print(f"\nstore damage fuzzer: {FILES} files damaged, {commands} commands run, "
          f"{len(failures)} failures")
    assert failures == []
