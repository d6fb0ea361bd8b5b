"""A child's lesson question at the table, as the teacher ends it and as she comes back
after her program quit. Real tables and clients on loopback."""

from __future__ import annotations

from pathlib import Path

import pytest

from .helpers import WAIT, Child, open_table, table_options
from .test_leaving import until

pytestmark = pytest.mark.slow


def test_after_the_teacher_ends_the_table_the_open_question_is_not_asked_again(
        tmp_path: Path) -> None:
    """Tried at a real table: Dipa's computer said the question was left for another time
    and that the table had closed, then asked her question once more."""
    options = table_options(tmp_path / "host", players=("Dipa",), computers=1)
    with open_table(options) as (table, _, runner):
        dipa = Child(table, "Dipa", "ne", stop_after=1, lessons="every", history="off",
                     data_dir=str(tmp_path / "d"))  # she thinks over her first question
        until(lambda: dipa.client.listener.question_open, "Dipa was never asked")
        table.end()
        runner.join(WAIT)
        dipa.join_thread()
    _ = dipa.loc.gettext
    lines = dipa.log.lines
    asked = lines.index(_("A question for {name}:").format(name="Dipa"))
    prompt = lines[asked + 1]
    put_aside = lines.index(_("The game has ended, so we leave this question for another "
                              "time."))
    assert prompt not in lines[put_aside:], lines[put_aside:]
    assert lines[-1] == _("The table has closed.") == "टेबल बन्द भयो।"
