"""Whole games with lessons between turns, in English and Nepali, recorded in a real store."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from snl_edu.boards import load_board
from snl_edu.engine import Game, Rules, Seat
from snl_edu.inputs.commands import Action, Command
from snl_edu.inputs.dice import RandomDice
from snl_edu.lessons.content import history_cards, meanings
from snl_edu.lessons.teacher import Frequency, Recorder, Teacher
from snl_edu.outputs.console import Outputs
from snl_edu.play.narration import Narrator
from snl_edu.play.session import Ending, Session
from snl_edu.store import open_store
from snl_edu.store.progress import ProgressStore
from tests.helpers import ScriptedDice
from tests.lessons.helpers import Child, Collect, Ear, Script, english, nepali

DEVANAGARI = re.compile(r"[\u0900-\u097F]")


def play_game(language: str, tmp_path: Path, frequency: Frequency, level: int,
              answer=lambda right: right, seed: int = 11):  # type: ignore[no-untyped-def]
    loc = english() if language == "en" else nepali()
    board = load_board("moksha-patam")
    game = Game(board, Rules(), [Seat("Asha"), Seat("Bikash"), Seat("Robot", computer=True)])
    out = Collect()
    outputs = Outputs([out])
    store = open_store(tmp_path)
    outcomes: list[tuple[int, object]] = []
    teacher_box: list[Teacher] = []
    child = Child(lambda: teacher_box[0].asker.asking if teacher_box else None, answer)
    teacher = Teacher(loc, outputs, child, frequency, level, random.Random(seed),
                      recorder=Recorder(ProgressStore(store), "game", level, language),
                      on_outcome=lambda seat, outcome: outcomes.append((seat, outcome)))
    teacher_box.append(teacher)
    session = Session(game, Narrator(loc, board, game.seats), outputs, child,
                      RandomDice(seed), between_turns=teacher)
    ending = session.run()
    return ending, game, out.texts, outcomes, store


@pytest.mark.parametrize("language", ["en", "ne"])
def test_a_whole_game_with_a_lesson_every_turn(language: str, tmp_path: Path) -> None:
    ending, game, texts, outcomes, store = play_game(language, tmp_path, Frequency.EVERY, 2)
    assert ending is Ending.FINISHED and game.over
    assert len(outcomes) >= 10
    assert all(outcome.correct and outcome.tries == 1 for _, outcome in outcomes)
    assert {seat for seat, _ in outcomes} == {0, 1}  # humans only, never the computer
    progress = ProgressStore(store)
    assert sorted(progress.learners()) == ["Asha", "Bikash"]
    stored = progress.answers()
    assert len(stored) == len(outcomes) and all(r.correct for r in stored)
    assert {r.kind for r in stored} <= {"land-where", "to-ladder", "number-words"}
    store.close()
    # Cards and meanings are shown in the game's language.
    card_texts = {c.told[language] for c in history_cards()}  # what a game tells
    meaning_texts = {m.text[language] for m in meanings()}
    shown = " ".join(texts)
    assert any(text in shown for text in meaning_texts)
    assert any(text in shown for text in card_texts)
    if language == "ne":
        told = [t for t in texts if any(m.text["ne"] in t for m in meanings())]
        assert told and all(DEVANAGARI.search(t) for t in told)
        assert not any(m.text["en"] in shown for m in meanings())


def test_some_lessons_ask_about_one_turn_in_three(tmp_path: Path) -> None:
    ending, _, texts, outcomes, store = play_game("en", tmp_path, Frequency.SOME, 1)
    store.close()
    assert ending is Ending.FINISHED
    human_turns = sum(1 for t in texts if t in ("Asha's turn.", "Bikash's turn."))
    assert 0.2 * human_turns <= len(outcomes) <= 0.45 * human_turns


def test_a_child_who_always_skips_still_finishes_the_game(tmp_path: Path) -> None:
    ending, _, _, outcomes, store = play_game("en", tmp_path, Frequency.EVERY, 4,
                                                 answer=lambda right: None)
    store.close()
    assert ending is Ending.FINISHED
    assert outcomes and all(outcome.skipped for _, outcome in outcomes)


def test_wrong_answers_are_recorded_with_their_tries(tmp_path: Path) -> None:
    ending, _, texts, _, store = play_game("en", tmp_path, Frequency.EVERY, 3,
                                                  answer=lambda right: right + 1)
    assert ending is Ending.FINISHED
    stored = ProgressStore(store).answers()
    store.close()
    assert stored and all(not r.correct and r.tries == 3 and r.given is not None
                          for r in stored)
    assert any(t.startswith("Good try! The answer is") for t in texts)


def voice_game(language: str, said: list[Command], ear: Ear | None = None):  # type: ignore[no-untyped-def]
    """Asha and the computer, a question after each of her rolls, at a terminal where her
    voice says ``said`` (whole phrases, as the voice input sends them)."""
    loc = english() if language == "en" else nepali()
    board = load_board("moksha-patam")
    game = Game(board, Rules(), [Seat("Asha"), Seat("Robot", computer=True)])
    out = Collect()
    outputs = Outputs([out])
    session = Session(game, Narrator(loc, board, game.seats), outputs,
                      Script(said, interactive=True), ScriptedDice([3, 4, 5, 6]))
    session.listener.ear = ear
    teacher = Teacher(loc, session.listener, session.channel(0), Frequency.EVERY, 1,
                      random.Random(3), listen=session.channel, ear=ear)
    session.between_turns = teacher
    return session, out


@pytest.mark.parametrize(("language", "quit_", "yes"), [
    ("en", "quit the game", "yes"), ("ne", "खेल छोड", "हो")])
def test_quit_said_during_a_question_asks_to_confirm_and_yes_quits(language: str, quit_: str,
                                                                   yes: str) -> None:
    session, out = voice_game(language, [Command(Action.ROLL, "roll the dice"),
                                         Command(Action.QUIT, quit_), Command(Action.YES, yes)])
    _ = session.narrator.loc.gettext
    assert session.run() is Ending.QUIT
    assert _("Quit the game? Press y for yes or n for no.") in out.texts
    assert len(session.game.rolls) == 1  # quit at the first question, nothing rolled after


def test_quit_said_during_a_question_and_then_no_asks_the_question_again() -> None:
    session, out = voice_game("en", [Command(Action.ROLL, "roll the dice"),
                                     Command(Action.QUIT, "quit the game"),
                                     Command(Action.NO, "no"), Command(Action.SKIP, "skip")])
    assert session.run() is Ending.INPUT_ENDED
    quit_at = out.texts.index("Quit the game? Press y for yes or n for no.")
    assert out.texts[quit_at + 1] == "Let us play on."
    # Asked, then how to answer it, then the quit; asked again after it.
    assert out.texts[quit_at + 2] == out.texts[quit_at - 2]
    assert any(text.startswith("That is fine, we will skip this one.") for text in out.texts)


def test_a_command_said_during_a_question_that_it_does_not_take_is_told_not_dropped() -> None:
    session, out = voice_game("en", [Command(Action.ROLL, "roll the dice"),
                                     Command(Action.YES, "yes")])
    session.run()
    assert "Please answer with a number, then press Enter. To skip, press Escape." in out.texts


def test_with_the_ear_hearing_yes_and_no_the_quit_confirmation_says_they_may_be_said() -> None:
    ear = Ear({Action.YES: "yes", Action.NO: "no"}, numbers=True)
    session, out = voice_game("en", [Command(Action.QUIT, "quit"), Command(None, "huh"),
                                     Command(Action.YES, "yes")], ear)
    assert session.run() is Ending.QUIT
    assert "Quit the game? Press y or say yes for yes, or n or say no for no." in out.texts
    assert "Please press y or say yes for yes, or n or say no for no." in out.texts


def test_with_the_ear_hearing_no_yes_the_quit_confirmation_names_only_keys() -> None:
    ear = Ear({Action.QUIT: "quit"}, numbers=False)  # a child taught quit but not yes
    session, out = voice_game("en", [Command(Action.QUIT, "quit"), Command(Action.YES, "y")],
                              ear)
    assert session.run() is Ending.QUIT
    assert "Quit the game? Press y for yes or n for no." in out.texts
