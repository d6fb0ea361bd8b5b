"""A class's real store file, made by `snl checkup` itself: each child answers as a
child at that stage might, then the clock of the file is set back so play falls
between the two check-ups."""

from __future__ import annotations

import math
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from click.testing import CliRunner

from snl_edu.checkup.items import Task, draw_items
from snl_edu.cli import main

SEED = 5


def answers_for(form: int, skill: float, logarithmic: bool) -> str:
    """Piped answers for one check-up: ``skill`` is the share of questions answered right;
    a logarithmic child places n at 100·ln(n)/ln(100) on the number line."""
    lines = []
    for number, item in enumerate(draw_items(form, SEED)):
        right = (number * 7919 % 100) < skill * 100
        if item.task is Task.NUMBER_LINE:
            target = item.numbers[0]
            placed = 100 * math.log(target) / math.log(100) if logarithmic else target + 3
            lines.append(str(round(min(placed, 100))))
        elif item.task is Task.NUMERAL:
            lines.append("y" if right else "n")
        elif item.task is Task.COMPARE:  # a wrong choice is the other number
            lines.append(str(item.answer if right else min(item.numbers)))
        else:
            lines.append(str(item.answer if right else item.answer + 1))
    return "\n".join(lines) + "\n"


def checkup(data: Path, name: str, form: int, skill: float, logarithmic: bool,
            lang: str = "en") -> str:
    result = CliRunner().invoke(main, ["checkup", name, "--no-speech", "--seed", str(SEED),
                                       "--data-dir", str(data), "--lang", lang],
                                input=answers_for(form, skill, logarithmic))
    assert result.exit_code == 0, result.output
    return result.output


def set_back(data: Path, name: str, days: float, latest_too: bool = False) -> None:
    """Move a learner's check-ups (all but the latest, unless ``latest_too``) back in time."""
    with sqlite3.connect(data / "snl.sqlite3") as db:
        rows = db.execute("SELECT c.id FROM checkup c JOIN learner l ON l.id = c.learner_id "
                          "WHERE l.name = ? ORDER BY c.at, c.id", (name,)).fetchall()
        when = (datetime.now(UTC) - timedelta(days=days)).isoformat(timespec="seconds")
        for (row,) in rows if latest_too else rows[:-1]:
            db.execute("UPDATE checkup SET at = ? WHERE id = ?", (when, row))


def played(data: Path, name: str, days_ago: float, minutes: float) -> None:
    """A saved game the learner sat in, ``minutes`` long, that many days ago."""
    start = datetime.now(UTC) - timedelta(days=days_ago)
    end = start + timedelta(minutes=minutes)
    with sqlite3.connect(data / "snl.sqlite3") as db:
        db.execute("INSERT INTO games (created, updated, board, players, finished, seed, rolls, "
                   "state, settings) VALUES (?, ?, 'classic', ?, 1, '1', 0, '{}', '{}')",
                   (start.isoformat(timespec="seconds"), end.isoformat(timespec="seconds"),
                    f'["{name}", "Computer"]'))


def practised(data: Path, name: str, answers: str) -> None:
    """Lesson questions answered with `snl lesson`, as between turns of a game."""
    result = CliRunner().invoke(main, ["lesson", "--learner", name, "--questions", "3",
                                       "--level", "1", "--seed", "2", "--data-dir", str(data)],
                                input=answers)
    assert result.exit_code == 0, result.output


def make_class(data: Path, lang: str = "en") -> None:
    """Asha: a log-shaped number line that straightens; Bikash: better everywhere;
    Chandra: only a baseline so far. The baselines were three days ago, so the games
    since fall between them and the second check-ups."""
    checkup(data, "Asha", 0, 0.45, logarithmic=True, lang=lang)
    checkup(data, "Bikash", 0, 0.6, logarithmic=True, lang=lang)
    checkup(data, "Chandra", 0, 0.5, logarithmic=False, lang=lang)
    for name in ("Asha", "Bikash", "Chandra"):
        set_back(data, name, 3, latest_too=True)
    played(data, "Asha", 2, 40)
    played(data, "Asha", 1, 35)
    played(data, "Bikash", 2, 65)
    played(data, "Chandra", 1, 20)
    practised(data, "Asha", "7\n1\n2\n3\n4\n5\n")  # wrong tries earn hints
    checkup(data, "Asha", 1, 0.85, logarithmic=False, lang=lang)
    checkup(data, "Bikash", 1, 0.9, logarithmic=False, lang=lang)
