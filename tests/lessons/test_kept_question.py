"""A question open when a game stopped (a saved game, a child's table computer), asked
again when it goes on only while it is still true, with a real progress store."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from snl_edu.boards import load_board
from snl_edu.engine import Game, Rules, Seat
from snl_edu.lessons.teacher import Frequency, Recorder, Teacher
from snl_edu.outputs.console import Outputs
from snl_edu.store import open_store
from snl_edu.store.progress import ProgressStore
from tests.lessons.helpers import Collect, Script, english


def kept_on_5() -> tuple[Game, dict[str, Any]]:
    """Asha enters on 5 and is asked; her input ends with the question open: the game and
    what the teacher kept of the question."""
    game = Game(load_board("saanp-bharyang"), Rules(), [Seat("Asha"), Seat("Bikash")])
    kept: list[dict[str, Any] | None] = []
    teacher = Teacher(english(), Outputs([Collect()]), Script([]), Frequency.EVERY, 2,
                      random.Random(1), on_open=kept.append)
    teacher(game, game.play(5))
    assert game.positions[0] == 5 and kept[-1] is not None
    return game, kept[-1]


def back(game: Game, kept: dict[str, Any], folder: Path) -> tuple[list[str], list[object]]:
    """The game goes on with the kept question (Asha skips whatever she is asked): what is
    said, and what is kept of an open question meanwhile."""
    screen, told = Collect(), []
    with open_store(folder) as store:
        teacher = Teacher(english(), Outputs([screen]), Script(["skip"]), Frequency.EVERY, 2,
                          random.Random(0),
                          recorder=Recorder(ProgressStore(store), "game", 2, "en"),
                          on_open=told.append)
        teacher.ask_again(game, kept)
    return screen.texts, told


def test_a_kept_question_is_asked_again_while_the_game_has_not_rolled_since(
        tmp_path: Path) -> None:
    game, kept = kept_on_5()
    said, told = back(game, kept, tmp_path)
    assert said[:2] == ["A question for Asha:", kept["question"]["prompt"]]
    assert told == [kept, None]  # kept again while open, then over
    with open_store(tmp_path) as store:
        [skipped] = ProgressStore(store).recent("Asha")
    assert skipped.skipped


@pytest.mark.parametrize("rolls", [(2,), (2, 4, 1)], ids=["Bikash rolled", "Asha moved on"])
def test_a_kept_question_the_game_has_rolled_past_is_let_go_without_a_word(
        tmp_path: Path, rolls: tuple[int, ...]) -> None:
    """Found by an audit: back at the table after the table rolled for her, Asha was asked
    "You are on 5. If you roll 1 next, ..." though she was on 9. Any roll since may make
    it untrue (who is ahead names the others' squares): it is not asked, kept no longer,
    and counted neither right nor skipped (it was never answered). The same check serves
    a saved game resumed (snl play --resume), whose saved turns may stop before or after
    the question kept with them when a save failed."""
    game, kept = kept_on_5()
    for roll in rolls:
        game.play(roll)
    said, told = back(game, kept, tmp_path)
    assert said == [] and told == [None]
    with open_store(tmp_path) as store:
        assert ProgressStore(store).recent("Asha") == []


def test_a_kept_question_that_does_not_say_when_it_was_asked_is_let_go(tmp_path: Path) -> None:
    """Kept before questions said the rolls they were asked after: whether it is still
    true cannot be told, so it is not asked."""
    game, kept = kept_on_5()
    said, told = back(game, {field: kept[field] for field in kept if field != "rolls"},
                      tmp_path)
    assert said == [] and told == [None]
