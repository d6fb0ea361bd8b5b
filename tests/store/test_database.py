"""The store file: created, migrated forward, and recovered when broken (real SQLite files)."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Container
from pathlib import Path

import pytest

from snl_edu.store import DATA_DIR_ENV, STORE_FILE, Damage, StoreError, data_dir, open_store, schema
from snl_edu.store.schema import APPLICATION_ID, Migration


def make_store_with_a_game(folder: Path) -> Path:
    with open_store(folder) as store, store.transaction() as db:
        db.execute("INSERT INTO games (created, updated, board, players, seed, state) "
                   "VALUES ('2024-01-01', '2024-01-01', 'classic', '[]', '1', '{}')")
    return folder / STORE_FILE


def backups(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.name.endswith(".bak"))


def test_a_new_store_is_created_at_the_latest_version_and_marked_as_ours(tmp_path: Path) -> None:
    with open_store(tmp_path / "new" / "folder") as store:
        assert store.path == tmp_path / "new" / "folder" / STORE_FILE
        assert store.version() == schema.latest_version()
        assert store.connection.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert store.connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert store.recovery is None


def test_reopening_keeps_the_data(tmp_path: Path) -> None:
    make_store_with_a_game(tmp_path)
    with open_store(tmp_path) as store:
        assert store.connection.execute("SELECT count(*) FROM games").fetchone()[0] == 1
        assert store.recovery is None


def test_data_dir_comes_from_the_option_then_the_environment_then_platformdirs(
        tmp_path: Path) -> None:
    assert data_dir(tmp_path / "x", {DATA_DIR_ENV: "/elsewhere"}) == tmp_path / "x"
    assert data_dir(None, {DATA_DIR_ENV: str(tmp_path / "env")}) == tmp_path / "env"
    assert data_dir(None, {}).name == "snl_edu"


def test_an_old_store_migrates_forward_keeping_its_data(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = make_store_with_a_game(tmp_path)
    added = Migration("a test table", """
        CREATE TABLE learners (name TEXT PRIMARY KEY);
        INSERT INTO learners VALUES ('Asha');
        ALTER TABLE games ADD COLUMN note TEXT NOT NULL DEFAULT 'kept';
    """)
    monkeypatch.setattr(schema, "MIGRATIONS", [*schema.MIGRATIONS, added])
    from snl_edu.store import database

    monkeypatch.setattr(database, "MIGRATIONS", schema.MIGRATIONS)
    with open_store(tmp_path) as store:
        assert store.version() == len(schema.MIGRATIONS)
        assert store.connection.execute("SELECT note FROM games").fetchall() == [("kept",)]
        assert store.connection.execute("SELECT name FROM learners").fetchall() == [("Asha",)]
        assert store.recovery is None
    assert path.exists()


def test_a_failing_migration_leaves_the_store_at_its_old_version(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make_store_with_a_game(tmp_path)
    from snl_edu.store import database

    broken = Migration("broken", "CREATE TABLE half (x); INSERT INTO nowhere VALUES (1);")
    monkeypatch.setattr(database, "MIGRATIONS", [*schema.MIGRATIONS, broken])
    with pytest.raises(StoreError):
        open_store(tmp_path)
    monkeypatch.undo()
    with open_store(tmp_path) as store:
        assert store.version() == schema.latest_version()
        tables = {r[0] for r in store.connection.execute("SELECT name FROM sqlite_master")}
        assert "half" not in tables


def _truncate(path: Path) -> None:
    with open_store(path.parent) as store, store.transaction() as db:
        db.executemany("INSERT INTO games (created, updated, board, players, seed, state) "
                       "VALUES ('2024-01-01', '2024-01-01', 'b', '[]', '1', ?)",
                       [('{"pad": "' + "x" * 3000 + '"}',)] * 40)
    with open_store(path.parent) as store:
        store.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    size = path.stat().st_size
    with open(path, "r+b") as handle:
        handle.truncate(size // 2)


def _random_bytes(path: Path) -> None:
    path.write_bytes(os.urandom(8192))


def _foreign(path: Path) -> None:
    for leftover in path.parent.glob(path.name + "*"):
        leftover.unlink()
    other = sqlite3.connect(path)
    other.execute("CREATE TABLE contacts (name TEXT, phone TEXT)")
    other.execute("INSERT INTO contacts VALUES ('x', '1')")
    other.commit()
    other.close()


@pytest.mark.parametrize(("breaker", "damage", "games_kept"), [
    # Cut in half: the games wholly in the first half are kept.
    (_truncate, Damage.CORRUPT, range(10, 41)),
    (_random_bytes, Damage.CORRUPT, {0}), (_foreign, Damage.FOREIGN, {0}),
])
def test_a_broken_or_foreign_file_is_kept_as_a_backup_and_a_fresh_store_starts(
        tmp_path: Path, breaker, damage: Damage,  # type: ignore[no-untyped-def]
        games_kept: Container[int]) -> None:
    path = make_store_with_a_game(tmp_path)
    breaker(path)
    broken_bytes = path.read_bytes()
    with open_store(tmp_path) as store:
        assert store.recovery is not None
        assert store.recovery.damage is damage
        assert store.recovery.backup.read_bytes() == broken_bytes
        assert store.connection.execute("SELECT count(*) FROM games").fetchone()[0] in games_kept
    assert backups(tmp_path) == [store.recovery.backup]
    with open_store(tmp_path) as again:  # the fresh store is healthy: no second backup
        assert again.recovery is None


def test_a_store_from_a_newer_snl_is_refused_not_moved(tmp_path: Path) -> None:
    path = make_store_with_a_game(tmp_path)
    raw = sqlite3.connect(path)
    raw.execute(f"PRAGMA user_version={schema.latest_version() + 5}")
    raw.close()
    with pytest.raises(StoreError) as caught:
        open_store(tmp_path)
    assert caught.value.reason == "newer"
    assert backups(tmp_path) == []


def test_an_unwritable_folder_is_a_store_error(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    # Root (as in CI) may write anywhere a mode allows nobody to; /proc refuses even root.
    target = Path("/proc/snl-edu-test/inner") if os.geteuid() == 0 else locked / "inner"
    try:
        with pytest.raises(StoreError) as caught:
            open_store(target)
        assert caught.value.reason == "unwritable"
    finally:
        locked.chmod(0o700)


def test_a_data_dir_that_is_a_file_is_a_store_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreError):
        open_store(blocker)


def test_a_transaction_interrupted_by_ctrl_c_is_rolled_back(tmp_path: Path) -> None:
    make_store_with_a_game(tmp_path)
    with open_store(tmp_path) as store:
        with pytest.raises(KeyboardInterrupt), store.transaction() as db:
            db.execute("DELETE FROM games")
            raise KeyboardInterrupt
        assert store.connection.execute("SELECT count(*) FROM games").fetchone()[0] == 1
