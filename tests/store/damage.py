"""A real store with games and progress in it, the commands that read it, and a judge of
what a command did with a damaged store: it works, or it prints one line; never a crash."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner, Result

from snl_edu.cli import main
from snl_edu.store import STORE_FILE, open_store
from snl_edu.store.progress import AnswerRecord, ProgressStore

# Every command that opens the store, as a user types it (NAME: a learner kept in it).
COMMANDS: tuple[tuple[str, ...], ...] = (
    ("games", "--all"),
    ("progress",),
    ("progress", "Asha"),
    ("progress", "--csv"),
    ("play", "--resume"),
    ("play", "--demo", "--seed", "3"),
)


def populate(folder: Path) -> Path:
    """Two finished demos, an unfinished game and a learner's answers, as the CLI keeps them."""
    runner = CliRunner()
    for seed in ("1", "2"):
        runner.invoke(main, ["play", "--demo", "--seed", seed, "--data-dir", str(folder)])
    runner.invoke(main, ["play", "--players", "Asha", "--seed", "5", "--data-dir", str(folder)],
                  input="\n\n\n")
    with open_store(folder) as store:
        progress = ProgressStore(store)
        session = progress.start_session("Asha", "practice", 1, "en")
        for index in range(12):
            progress.record(session, "Asha", AnswerRecord(
                kind="numeral", level=1, question=f"Which number is {index}?", expected=index,
                given=index, correct=True, tries=1, skipped=False, seconds=2.5))
        store.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return folder / STORE_FILE


@dataclass(frozen=True)
class Verdict:
    ok: bool
    why: str


def judge(result: Result) -> Verdict:
    """Worked (exit 0), or failed with one clear line (exit 1 or 2, no traceback)."""
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return Verdict(False, f"crashed: {result.exception!r}")
    if result.exit_code == 0:
        return Verdict(True, "")
    errors = [line for line in result.output.splitlines() if line.startswith("Error")]
    if result.exit_code in (1, 2) and len(errors) <= 1 and "Traceback" not in result.output:
        return Verdict(True, "")
    return Verdict(False, f"exit {result.exit_code}: {result.output[-300:]!r}")


def run_all(folder: Path) -> list[tuple[tuple[str, ...], Verdict]]:
    runner = CliRunner()
    verdicts = []
    for command in COMMANDS:
        result = runner.invoke(main, [*command, "--data-dir", str(folder)],
                               input="q\ny\n" if command[0] == "play" else None)
        verdicts.append((command, judge(result)))
    return verdicts


def raw(path: Path) -> sqlite3.Connection:
    """A plain connection, as another program (or a damaged disk) would write."""
    return sqlite3.connect(path, isolation_level=None)
