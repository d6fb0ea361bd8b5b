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
    Migration("learner progress", """
        CREATE TABLE learner (
            id      INTEGER PRIMARY KEY,
            name    TEXT    NOT NULL UNIQUE COLLATE NOCASE,
            created TEXT    NOT NULL       -- ISO 8601, UTC
        );
        CREATE TABLE lesson_session (
            id         INTEGER PRIMARY KEY,
            learner_id INTEGER NOT NULL REFERENCES learner (id) ON DELETE CASCADE,
            started    TEXT    NOT NULL,   -- ISO 8601, UTC
            mode       TEXT    NOT NULL,   -- 'game' (between turns) or 'practice' (snl lesson)
            level      INTEGER NOT NULL,   -- 1..4, the level asked for
            language   TEXT    NOT NULL
        );
        CREATE TABLE lesson_answer (
            id         INTEGER PRIMARY KEY,
            learner_id INTEGER NOT NULL REFERENCES learner (id) ON DELETE CASCADE,
            session_id INTEGER REFERENCES lesson_session (id) ON DELETE CASCADE,
            at         TEXT    NOT NULL,   -- ISO 8601, UTC, when the question was asked
            kind       TEXT    NOT NULL,   -- lesson kind, e.g. 'count-on'
            level      INTEGER NOT NULL,
            question   TEXT    NOT NULL,   -- the prompt as shown
            expected   INTEGER NOT NULL,
            focus      INTEGER,            -- the number the question practises, if any
            given      TEXT,               -- the last answer given; NULL when skipped
            correct    INTEGER NOT NULL,   -- 1 if answered right within the tries
            tries      INTEGER NOT NULL,   -- answers given (0 when skipped at once)
            skipped    INTEGER NOT NULL DEFAULT 0,
            seconds    REAL    NOT NULL    -- from the question to the last answer
        );
        CREATE INDEX lesson_answer_by_learner ON lesson_answer (learner_id, at);
    """),
    Migration("number check-ups", """
        CREATE TABLE checkup (
            id         INTEGER PRIMARY KEY,
            learner_id INTEGER NOT NULL REFERENCES learner (id) ON DELETE CASCADE,
            at         TEXT    NOT NULL,   -- ISO 8601, UTC, when it finished
            form       INTEGER NOT NULL,   -- 0 for the baseline, then 1, 2, ...
            language   TEXT    NOT NULL,
            by_ear     INTEGER NOT NULL,   -- 1: heard (speech or screen reader), 0: seen
            answers    TEXT    NOT NULL    -- JSON list: task, numbers, answer, given, seconds
        );
        CREATE INDEX checkup_by_learner ON checkup (learner_id, at);
    """),
    Migration("taught voice commands", """
        CREATE TABLE voice_example (
            id         INTEGER PRIMARY KEY,
            learner_id INTEGER NOT NULL REFERENCES learner (id) ON DELETE CASCADE,
            language   TEXT    NOT NULL,   -- the game language it was taught in
            command    TEXT    NOT NULL,   -- the action's name, e.g. 'roll'
            at         TEXT    NOT NULL,   -- ISO 8601, UTC, when it was recorded
            audio      BLOB    NOT NULL    -- the utterance: 16 kHz mono int16, little-endian
        );
        CREATE INDEX voice_example_by_learner ON voice_example (learner_id, language);
    """),
    Migration("minutes with turns in saved games", """
        -- JSON list of the minutes (ISO 8601, UTC, to the minute) in which a turn was
        -- saved: play is these minutes, not the clock from a game's start to its last save.
        ALTER TABLE games ADD COLUMN minutes TEXT NOT NULL DEFAULT '[]';
    """),
]


def latest_version() -> int:
    return len(MIGRATIONS)
