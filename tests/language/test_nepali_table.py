"""A Nepali classroom table, read line by line as test_nepali_text.py reads the rest.

The host's screen, the seats at terminals and on pages, a team, the watcher and the
projector, and every refusal and notice a table prints (tests/language/table_renders.py),
checked by the same rules (tests/language/style_checks.py, read from locales/ne/STYLE.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.language.style_checks import PROBLEMS, problems
from tests.language.table_renders import every_refusal, played_table

pytestmark = pytest.mark.slow


def test_a_nepali_table_reads_nothing_a_teacher_would_correct(tmp_path: Path) -> None:
    rendered = played_table(tmp_path) + every_refusal()
    commands = {command for _, command, _ in rendered}
    assert {"table host", "table join आशा", "table join सीता", "table watch", "seat page",
            "watch page", "refusal", "table notice", "table join (no seat)"} <= commands
    assert len(rendered) > 800
    counts = dict.fromkeys(PROBLEMS, 0)
    examples: dict[str, list[str]] = {}
    for problem, command, line in problems(rendered):
        counts[problem] += 1
        examples.setdefault(problem, []).append(f"{command}: {line}")
    assert counts == dict.fromkeys(counts, 0), {k: v[:5] for k, v in examples.items()}
