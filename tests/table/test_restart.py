"""A restart loses nobody: a table started again with --resume has its code and every
chair's key, so each child's computer comes back to its seat by itself."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from tests.table.helpers import Child, open_table, table_options


def test_a_resumed_table_opens_with_its_code_and_lets_each_child_back_with_her_key(
        tmp_path: Path) -> None:
    first = table_options(tmp_path, players=("Asha", "Bikash"))
    with open_table(first) as (table, _, _):
        asha = Child(table, "Asha", stop_after=1)
        bikash = Child(table, "Bikash", stop_after=1)
        asha.log.wait_for(lambda lines: any("Wait for your turn" in line for line in lines))
        bikash.log.wait_for(lambda lines: any("Wait for your turn" in line for line in lines))
        code, game_id = table.code, table.prepared.autosave.game_id
        keys = {"Asha": asha.client.token, "Bikash": bikash.client.token}
        asha.leave()
        bikash.leave()
    # The power came back: the teacher types snl table host --resume N, and nothing else.
    again = replace(first, code=None,  # no --code: the table's own comes back
                    play=replace(first.play, resume=str(game_id), players=None))
    with open_table(again) as (table, host_log, _):
        assert table.code == code
        back = [Child(table, name, token=key, code=code) for name, key in keys.items()]
        for child, name in zip(back, keys, strict=True):
            child.log.wait_for(lambda lines, name=name: f"Welcome back, {name}." in lines)
        assert not any("asked to come back" in line for line in host_log.lines)
        for child in back:
            child.leave()
    kept = json.loads((tmp_path / "table-doors.json").read_text())
    assert "Asha" not in json.dumps(kept)  # by the game's number, no child's name
