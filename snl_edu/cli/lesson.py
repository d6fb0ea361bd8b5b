"""`snl lesson`: number practice outside a game, on positions drawn from a board."""

from __future__ import annotations

import random
import sys
from collections import deque

import click

from snl_edu.boards import load_board
from snl_edu.cli.common import CHILD_NAME, IntRange, remember_localizer
from snl_edu.cli.group import language_options
from snl_edu.cli.storage import data_dir_option, open_cli_store
from snl_edu.engine import Board
from snl_edu.error_text import answer_not_saved
from snl_edu.inputs.keyboard import KeyboardInput
from snl_edu.language.localizer import Localizer, localizer_for
from snl_edu.lessons.adaptive import suggest_level
from snl_edu.lessons.answers import Asker
from snl_edu.lessons.questions import LEVELS, Situation, generate
from snl_edu.lessons.teacher import SPACING, Recorder
from snl_edu.outputs.console import ConsoleOutput, Outputs
from snl_edu.play import teams
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


@click.command()
@click.option("--learner", metavar="NAME", required=True, type=CHILD_NAME, help="Whose progress this is.")
@click.option("--level", type=IntRange(LEVELS[0], LEVELS[-1]), default=None,
              help="1 counting, 2 landing and number words, 3 distances and tens, 4 chances. "
                   "Default: the level the learner's progress suggests.")
@click.option("--questions", type=IntRange(1, 50), default=DEFAULT_QUESTIONS,
              show_default=True, help="How many questions.")
@click.option("--board", default=PRACTICE_BOARD, show_default=True, metavar="NAME|PATH",
              help="The board the questions are about.")
@click.option("--seed", type=int, default=None, help="The same seed asks the same questions.")
@data_dir_option
@language_options
def lesson(learner: str, level: int | None, questions: int, board: str, seed: int | None,
           data_dir: str | None, lang: str | None, digits: str | None) -> None:
    # Its help is its line in snl_edu.cli.group.COMMANDS.
    loc = remember_localizer(localizer_for(lang, digits))
    _ = loc.gettext
    if teams.SEPARATOR in learner:
        raise click.BadParameter(_(teams.ONE_CHILD), param_hint="--learner")
    chosen_board = load_board(board)
    outputs = Outputs([ConsoleOutput(sys.stdout)])
    rng = random.Random(seed)
    with open_cli_store(data_dir, loc) as store:
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



__all__ = ["lesson", "run_practice"]
