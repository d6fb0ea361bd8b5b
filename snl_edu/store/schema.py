"""The store's schema as an ordered list of migrations.

How it works: ``PRAGMA user_version`` holds how many migrations a store file has
had. Opening a store applies every migration after that number, in order, each
in its own transaction, then sets ``user_version`` to its position (1-based).

To change the schema, APPEND a ``Migration`` at the end of ``MIGRATIONS``; never
edit, reorder or remove one that has shipped (stores in the field already ran
it). A migration is plain SQL run with ``executescript``-like semantics inside
the transaction; keep it forward-only (``CREATE TABLE``, ``ALTER TABLE ... ADD
COLUMN``, ``CREATE INDEX``, data-fixing ``UPDATE``s).
"""

from __future__ import annotations

from dataclasses import dataclass

# Marks a file as ours (PRAGMA application_id), so another program's SQLite
# file is recognised as foreign instead of being written into. "SNL1" in ASCII.
APPLICATION_ID = 0x534E4C31


@dataclass(frozen=True)
class Migration:
    name: str  # one line: what the migration adds, for logs and tests
    sql: str


MIGRATIONS: list[Migration] = [
    Migration("saved games", """
        CREATE TABLE games (
            id       INTEGER PRIMARY KEY,
            created  TEXT    NOT NULL,      -- ISO 8601, UTC
            updated  TEXT    NOT NULL,      -- ISO 8601, UTC; the latest save
            board    TEXT    NOT NULL,      -- the board's name, for listings
            players  TEXT    NOT NULL,      -- JSON list of seat names, for listings
            finished INTEGER NOT NULL DEFAULT 0,
            seed     TEXT    NOT NULL,      -- the dice seed (text: Python ints are unbounded)
            rolls    INTEGER NOT NULL DEFAULT 0,  -- how many rolls the saved state holds
            state    TEXT    NOT NULL,      -- JSON of Game.to_data()
            settings TEXT    NOT NULL DEFAULT '{}'  -- JSON: session and narration choices
        );
        CREATE INDEX games_unfinished ON games (finished, updated);
    """),
]


def latest_version() -> int:
    return len(MIGRATIONS)
