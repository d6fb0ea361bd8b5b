"""`snl lesson` at work: number practice outside a game, on positions drawn from a board."""

from __future__ import annotations

import random
import sys
from collections import deque
from collections.abc import Callable

from snl_edu.app.opening import open_outputs
from snl_edu.app.storage import open_store_telling
from snl_edu.boards import load_board
from snl_edu.engine import Board
from snl_edu.error_text import answer_not_saved
from snl_edu.inputs.keyboard import KeyboardInput
from snl_edu.language.localizer import Localizer
from snl_edu.lessons.adaptive import suggest_level
from snl_edu.lessons.answers import Asker
from snl_edu.lessons.questions import Situation, generate
from snl_edu.lessons.teacher import SPACING, Recorder
from snl_edu.outputs.console import ConsoleOutput
from snl_edu.store.progress import ProgressStore
from snl_edu.vocabulary import Message

DEFAULT_QUESTIONS = 5
PRACTICE_BOARD = "moksha-patam"


def practice_situation(board: Board, learner: str, friend: str, rng: random.Random) -> Situation:
    """Two made-up tokens somewhere on the board, never on a jump's start (they would
    have moved); the questions word them as imagined, since nobody stands there."""
    free = [s for s in range(1, board.last) if board.jump_at(s) is None]
    mine, theirs = rng.sample(free, 2)
    return Situation(board, (mine, theirs), (learner, friend), 0, imagined=True)


def run_practice(loc: Localizer, asker: Asker, board: Board, learner: str, level: int,
                 questions: int, rng: random.Random, recorder: Recorder | None) -> tuple[int, int]:
    """Ask up to ``questions``; returns (right, asked). Stops quietly at the end of input."""
    _ = loc.gettext
    right = asked = 0
    friend = _("your friend")
    lately = deque(recorder.lately(learner) if recorder else [], maxlen=SPACING)
    for number in range(1, questions + 1):
        weights = recorder.weights(learner) if recorder else None
        question = generate(level, practice_situation(board, learner, friend, rng), loc, rng,
                            weights, answered={prompt for prompt, right in lately if right})
        outcome = asker.ask(question, _("Question {number} of {count}:").format(
            number=loc.number(number), count=loc.number(questions)))
        if outcome.input_ended and not outcome.tries:
            break
        lately.append((question.prompt, outcome.correct))
        if recorder is not None:
            recorder(learner, outcome)
        asked += 1
        right += outcome.correct
        if outcome.input_ended:
            break
    return right, asked


def practise(loc: Localizer, learner: str, level: int | None, questions: int, board: str,
             seed: int | None, data_dir: str | None, notify: Callable[[str], None]) -> None:
    """Greet the learner, ask the questions at the keyboard, keep each answer, say how it
    went (``level`` None: the level the learner's progress suggests)."""
    _ = loc.gettext
    chosen_board = load_board(board)
    outputs = open_outputs(ConsoleOutput(sys.stdout))
    rng = random.Random(seed)
    with open_store_telling(data_dir, loc, notify) as store:
        progress = ProgressStore(store)
        if level is None:
            level = suggest_level(progress.recent(learner))
        recorder = Recorder(progress, "practice", level, loc.language,
                            lambda error: outputs.show_all([Message(answer_not_saved(error, loc))]))
        outputs.show_all([Message(_("Hello {name}! Level {level} practice.").format(
            name=learner, level=loc.number(level)))])
        keyboard = KeyboardInput(sys.stdin)
        asker = Asker(loc, keyboard, outputs, rng)
        with keyboard:  # single keys for the whole practice: nothing typed ahead is lost
            right, asked = run_practice(loc, asker, chosen_board, learner, level, questions,
                                        rng, recorder)
    if asked:
        outputs.show_all([Message(_("You answered {right} of {count} right. Thank you for "
                                    "practising!").format(right=loc.number(right),
                                                          count=loc.number(asked)))])
    else:
        outputs.show_all([Message(_("No questions were answered this time. See you soon!"))])
    if recorder.lost:
        outputs.show_all([Message(loc.ngettext(
            "{count} answer of this practice could not be saved; the others are kept.",
            "{count} answers of this practice could not be saved; the others are kept.",
            recorder.lost).format(count=loc.number(recorder.lost)))])
