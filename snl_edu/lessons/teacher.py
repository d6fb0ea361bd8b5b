"""Between turns the game becomes a gentle teacher.

After a human player's turn (about one in three with ``some``, every one with
``every``) that player gets a number question made from the game just played.
When someone lands on a ladder or snake, the room hears what its virtue or vice
means (once per name a game) and a history card. Answers go to the progress
store when there is one.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from snl_edu.engine import Game, JumpKind
from snl_edu.engine.events import Climbed, Event, Moved, Rolled, Slid, TurnStarted, Won
from snl_edu.inputs.commands import Ear
from snl_edu.language.localizer import Localizer
from snl_edu.lessons.adaptive import LearnerWeights, suggest_level
from snl_edu.lessons.answers import Asker, Inputs, Outcome
from snl_edu.lessons.content import Card, history_cards, meaning_of
from snl_edu.lessons.questions import (
    LEVELS,
    Move,
    Question,
    Situation,
    Weights,
    generate,
    question_data,
    question_from,
)
from snl_edu.outputs.console import MessageSink
from snl_edu.play import teams
from snl_edu.play.counting import GoKind, GoResult
from snl_edu.safe_text import clean_name
from snl_edu.store import StoreError
from snl_edu.store.progress import ProgressStore
from snl_edu.vocabulary import Message

# "some": a question on a human player's 2nd, 5th, 8th... turn: early enough that
# a child meets one soon, rare enough that the game keeps its pace.
SOME_EVERY = 3
SOME_FIRST = 2
# A question answered right is not asked again within the learner's next this many.
SPACING = 20


# The child's own go after her roll (snl_edu.play.counting) fades with her level and her
# record: at level 1 she moves her token square by square on every move, for her first
# STEPS_FIRST goes and again after a landing she did not find; then she says where it will
# land. At level 2 she says it on every other move; from level 3 the game moves the token.
STEPS_FIRST = 6
SAY_EVERY = {1: 1, 2: 2}


@dataclass
class GoRecord:
    """One child's goes this game."""

    turns: int = 0
    stepped: int = 0
    missed_last: bool = False

    def kind(self, level: int) -> GoKind | None:
        kind = self.upcoming(level)
        self.turns += 1
        return kind

    def upcoming(self, level: int) -> GoKind | None:
        """The go the next move gets, not yet counted as had (a table's roll asks)."""
        every = SAY_EVERY.get(level)
        if every is None or self.turns % every:
            return None
        if level == 1 and (self.stepped < STEPS_FIRST or self.missed_last):
            return GoKind.STEPS
        return GoKind.STEPS if self.missed_last else GoKind.SAY

    def went(self, result: GoResult) -> None:
        self.stepped += result is GoResult.STEPPED
        if result in (GoResult.RIGHT, GoResult.WRONG):
            self.missed_last = result is GoResult.WRONG
        elif result is GoResult.STEPPED:
            self.missed_last = False


class Frequency(StrEnum):
    OFF = "off"
    SOME = "some"
    EVERY = "every"


def choose_frequency(lessons: str | None, interactive: bool) -> Frequency:
    """A piped script replays as written unless lessons are asked for by name."""
    if lessons is not None:
        return Frequency(lessons)
    return Frequency.SOME if interactive else Frequency.OFF


def lessons_wanted(lessons: str | None, interactive: bool) -> bool:
    """Whether this game has lessons, so voice listens for numbers too."""
    return choose_frequency(lessons, interactive) is not Frequency.OFF


def history_wanted(history: str | None, frequency: Frequency) -> bool:
    """History comes with lessons unless turned off, and on its own when asked for."""
    if history is not None:
        return history == "on"
    return frequency is not Frequency.OFF


class Recorder:
    """Writes outcomes to the progress store: one lesson session per learner and run.

    An answer the store cannot take (a full disk) is not kept and the lessons go on;
    ``on_failure`` is told once, and ``lost`` counts the answers not kept."""

    def __init__(self, progress: ProgressStore, mode: str, level: int | None, language: str,
                 on_failure: Callable[[StoreError], None] | None = None) -> None:
        self.progress = progress
        self.mode = mode
        self.level = level  # None: each learner's own, from their record
        self.language = language
        self.on_failure = on_failure
        self.lost = 0
        self.failed: StoreError | None = None
        self._sessions: dict[str, int] = {}

    def weights(self, learner: str) -> Weights:
        return LearnerWeights(self.progress.recent(learner))

    def suggested_level(self, learner: str) -> int:
        return suggest_level(self.progress.recent(learner))

    def lately(self, learner: str) -> list[tuple[str, bool]]:
        """The learner's latest questions from earlier sessions: (prompt, right)."""
        return [(r.question, r.correct) for r in self.progress.recent(learner)[-SPACING:]]

    def __call__(self, learner: str, outcome: Outcome) -> None:
        try:
            self._record(learner, outcome)
        except StoreError as error:
            self.lost += 1
            if self.failed is None and self.on_failure is not None:
                self.on_failure(error)
            self.failed = error

    def _record(self, learner: str, outcome: Outcome) -> None:
        key = learner.casefold()
        if key not in self._sessions:
            self._sessions[key] = self.progress.start_session(
                learner, self.mode, self.level or outcome.question.level, self.language)
        self.progress.record(self._sessions[key], learner, outcome.record())


def situation_of(game: Game, seat: int, loc: Localizer,
                 events: Sequence[Event] = ()) -> Situation:
    """The board and positions now, and the seat's last plain move this turn (with the
    ladder or snake it ended on, so a question can say "before the ladder")."""
    move: Move | None = None
    roll: int | None = None
    for event in events:
        if getattr(event, "seat", None) != seat:
            continue
        if isinstance(event, Rolled):
            roll, move = event.value, None
        elif isinstance(event, Moved) and roll is not None:
            move = Move(event.start, roll)
        elif isinstance(event, Climbed) and move is not None:
            move = move._replace(jump=JumpKind.LADDER)
        elif isinstance(event, Slid) and move is not None:
            move = move._replace(jump=JumpKind.SNAKE)
    return Situation(game.board, tuple(game.positions), tuple(teams.said(s, loc) for s in game.seats),
                     seat, move)


@dataclass
class Teacher:
    """The ``between_turns`` hook of a Session."""

    loc: Localizer
    outputs: MessageSink
    inputs: Inputs
    frequency: Frequency = Frequency.SOME
    level: int | None = 1  # None: each learner's suggested level, from their record
    rng: random.Random = field(default_factory=random.Random)
    history: bool = True  # meanings and history cards when a ladder or snake is met
    by_ear: bool = False  # speech or a screen reader: questions must work unseen
    recorder: Recorder | None = None
    learners: dict[int, str] = field(default_factory=dict)  # seat -> learner name
    # The child who made a seat's latest roll and answers its lesson (a team's member, see
    # snl_edu.play.teams); None from it: nobody here answers. Without it: the seat's player.
    child: Callable[[Game, int], str | None] | None = None
    on_outcome: Callable[[int, Outcome], None] | None = None  # for tests and tallies
    # Told each answer as it is recorded, with the name of the child who gave it (not her
    # learner's name): a table's terminal sends it to the teacher's computer too.
    on_answer: Callable[[str, Outcome], None] | None = None
    # Told each question as it opens (its data, with the rolls the game had then) and None
    # once it is over, so a saved game keeps the question open when it stopped
    # (snl_edu.play.autosave) and a child's table computer keeps it with her seat's key.
    on_open: Callable[[dict[str, Any] | None], None] | None = None
    # The asked seat's own input (Session.channel); None: every seat answers on ``inputs``.
    listen: Callable[[int], Inputs] | None = None
    ear: Ear | None = None  # voice input is listening: what it hears, the children may say
    # The others may roll while a child's question is open (the classroom table does not
    # wait for answers): no question says where they stand. On one computer nobody moves
    # until the question is over.
    others_move: bool = False
    # ... and so may the child's own token: a team-mate at another computer rolls for it.
    # Her questions then imagine a token rather than say where hers is.
    token_moves: bool = False
    _turns: dict[str, int] = field(default_factory=dict)  # per child: each has their own
    _meanings_told: set[str] = field(default_factory=set)
    # Per learner: their latest SPACING questions, (prompt, answered right).
    _lately: dict[str, deque[tuple[str, bool]]] = field(default_factory=dict)
    # Per learner: the level their record suggests, read from the store on the store's own
    # thread (a SQLite connection belongs to the thread that opened it) and again after
    # each answer kept, so the narration may ask for it from any thread (``counts_on``).
    _levels: dict[str, int] = field(default_factory=dict)
    _cards: list[Card] = field(default_factory=list)
    _goes: dict[str, GoRecord] = field(default_factory=dict)  # per child, casefolded
    asker: Asker | None = None
    _stopped: bool = False

    def __post_init__(self) -> None:
        if self.level is not None and self.level not in LEVELS:
            raise ValueError(f"level {self.level} is not one of {LEVELS}")
        self.asker = Asker(self.loc, self.inputs, self.outputs, self.rng,
                           ear=self.ear)
        self._cards = list(history_cards())
        self.rng.shuffle(self._cards)

    def say(self, *texts: str) -> None:
        self.outputs.show_all([Message(text) for text in texts])

    def __call__(self, game: Game, events: Sequence[Event]) -> None:
        if self._stopped or not events:
            return
        first = events[0]
        seat = first.seat if isinstance(first, Rolled) else None
        if self.history:
            self._tell_about_jumps(game, events)
        turn_over = any(isinstance(e, TurnStarted) for e in events)
        # A child who has just reached the end and won hears her win, not a question.
        won = any(isinstance(e, Won) and e.seat == seat for e in events)
        if (self.frequency is Frequency.OFF or seat is None or not turn_over or won
                or game.seats[seat].computer):
            return
        child = self.child(game, seat) if self.child is not None else game.seats[seat].name
        if child is None:
            return
        self._turns[child] = self._turns.get(child, 0) + 1
        if not self._question_due(self._turns[child]):
            return
        outcome = self.ask(game, seat, events, child)
        if outcome.input_ended:
            self._stopped = True  # no more lessons: the game ends with the input

    def _question_due(self, turn: int) -> bool:
        if self.frequency is Frequency.EVERY:
            return True
        return turn % SOME_EVERY == SOME_FIRST % SOME_EVERY

    def ask(self, game: Game, seat: int, events: Sequence[Event] = (),
            child: str | None = None) -> Outcome:
        """A question for the child who played the seat's turn (its player by default)."""
        child = child or game.seats[seat].name
        learner = self.learners.get(seat, child)
        weights = self.recorder.weights(learner) if self.recorder else None
        # Not the move just played: its narration has just said where it landed, so a
        # question about it would only ask the child to repeat the last line (her own go,
        # snl_edu.play.counting, is where she finds the landing herself).
        situation = replace(situation_of(game, seat, self.loc, events), move=None,
                            token_moves=self.token_moves, others_move=self.others_move)
        question = generate(self.level_of(learner), situation, self.loc, self.rng, weights,
                            by_ear=self.by_ear, answered=self._answered(learner))
        return self.put(game, question, learner, seat, child)

    def ask_again(self, game: Game, kept: object) -> None:
        """The question a stopped game left open (``on_open``'s data), asked again while it
        is still true: only if the game has had no roll since it was asked. A question
        about squares the game has left ("You are on 5" when the table has rolled her to
        9) would say what is not so, so it is let go without a word, kept no longer, and
        counted neither right nor skipped (it was never answered). A record that is not
        one, or for a seat that is no child's, asks nothing."""
        if not isinstance(kept, dict):
            return
        if type(kept.get("rolls")) is not int or kept["rolls"] != len(game.rolls):
            if self.on_open is not None:
                self.on_open(None)
            return
        question, seat = question_from(kept.get("question")), kept.get("seat")
        learner, name = kept.get("learner"), kept.get("name")
        if (question is None or type(seat) is not int or not 0 <= seat < len(game.seats)
                or game.seats[seat].computer or not isinstance(learner, str)
                or not isinstance(name, str)):
            return
        self.put(game, question, clean_name(learner), seat, clean_name(name))

    def level_of(self, learner: str) -> int:
        """The level asked for, else the one the learner's record suggests (level 1 for a
        learner with no record, or when nothing is kept). Reads the store: call it where
        the store lives."""
        level = self._decided_level(learner)
        if level is None:
            assert self.recorder is not None  # _decided_level knows every other case
            level = self._levels[learner.casefold()] = self.recorder.suggested_level(learner)
        return level

    def _decided_level(self, learner: str) -> int | None:
        """The level without reading the store: None when the record's is not read yet."""
        if self.level is not None:
            return self.level
        if self.recorder is None:
            return LEVELS[0]
        return self._levels.get(learner.casefold())

    def decide_levels(self, learners: Iterable[str]) -> None:
        """Decide these learners' levels now, where the store lives, so the narration can
        tell from any thread whether their moves are counted on (``counts_on``)."""
        for learner in learners:
            self.level_of(learner)

    def counts_on(self, game: Game, seat: int) -> bool:
        """Whether the seat's child has questions at level 1, so the narration taps their
        roll and counts their move on aloud (snl_edu.play.narration.Narrator.counting_on).
        It never reads the store: a learner whose level was not decided is not counted on."""
        if self.frequency is Frequency.OFF or game.seats[seat].computer:
            return False
        child = self.child(game, seat) if self.child is not None else game.seats[seat].name
        if child is None:
            return False
        return self._decided_level(self.learners.get(seat, child)) == 1

    def roller(self, game: Game, seat: int) -> str | None:
        return self.child(game, seat) if self.child is not None else game.seats[seat].name

    def _go_learner(self, game: Game, seat: int) -> str | None:
        if self.frequency is Frequency.OFF or game.seats[seat].computer:
            return None
        child = self.roller(game, seat)
        return None if child is None else self.learners.get(seat, child)

    def go_kind(self, game: Game, seat: int) -> GoKind | None:
        """The go the seat's child takes after this roll, if any (``GoRecord``). Like
        ``counts_on`` it never reads the store."""
        learner = self._go_learner(game, seat)
        level = None if learner is None else self._decided_level(learner)
        if learner is None or level is None:
            return None
        return self._goes.setdefault(learner.casefold(), GoRecord()).kind(level)

    def would_go(self, game: Game, seat: int) -> bool:
        """Whether the seat's child takes a go if her next roll moves her token (at the
        table her roll says so, and the table waits for it): ``go_kind`` unspent."""
        learner = self._go_learner(game, seat)
        level = None if learner is None else self._decided_level(learner)
        if learner is None or level is None:
            return False
        return self._goes.get(learner.casefold(), GoRecord()).upcoming(level) is not None

    def went(self, game: Game, seat: int, result: GoResult) -> None:
        learner = self._go_learner(game, seat)
        if learner is not None:
            self._goes.setdefault(learner.casefold(), GoRecord()).went(result)

    def _latest(self, learner: str) -> deque[tuple[str, bool]]:
        key = learner.casefold()
        if key not in self._lately:
            earlier = self.recorder.lately(learner) if self.recorder else []
            self._lately[key] = deque(earlier, maxlen=SPACING)
        return self._lately[key]

    def _answered(self, learner: str) -> set[str]:
        """Prompts the learner answered right among their latest questions: not again yet."""
        return {prompt for prompt, right in self._latest(learner) if right}

    def put(self, game: Game, question: Question, learner: str, seat: int,
            name: str) -> Outcome:
        """The question, made from ``game``, asked of the seat's child and recorded."""
        assert self.asker is not None
        if self.on_open is not None:
            self.on_open({"seat": seat, "learner": learner, "name": name,
                          "question": question_data(question), "rolls": len(game.rolls)})
        outcome = self.asker.ask(question, self.loc.gettext(
            "A question for {name}:").format(name=name),
            self.listen(seat) if self.listen is not None else None)
        if self.on_open is not None and not outcome.input_ended:
            self.on_open(None)  # answered or skipped: a resumed game does not ask it
        self._latest(learner).append((question.prompt, outcome.correct))
        answered = bool(outcome.tries or not outcome.input_ended)
        if self.recorder is not None and answered:
            self.recorder(learner, outcome)
            if self.level is None:  # the record changed: so may the level it suggests
                self._levels[learner.casefold()] = self.recorder.suggested_level(learner)
        if self.on_answer is not None and answered:
            self.on_answer(name, outcome)
        if self.on_outcome is not None:
            self.on_outcome(seat, outcome)
        return outcome

    def _tell_about_jumps(self, game: Game, events: Sequence[Event]) -> None:
        """The meaning of a named ladder or snake (once a game), then a history card."""
        for event in events:
            if not isinstance(event, (Climbed, Slid)):
                continue
            jump = game.board.jump_at(event.start)
            english = jump.names.get("en") if jump is not None else None
            meaning = meaning_of(english) if english else None
            if meaning is not None and meaning.name["en"] not in self._meanings_told:
                self._meanings_told.add(meaning.name["en"])
                self.say(self.loc.gettext("{name}: {meaning}").format(
                    name=meaning.title(self.loc), meaning=meaning.in_language(self.loc)))
            if self._cards and (self.frequency is Frequency.EVERY or self.rng.random() < 0.5):
                card = self._next_card(game)
                if card is None:
                    break
                self.say(self.loc.gettext("From the history of Moksha Patam: {fact}").format(
                    fact=card.for_children(self.loc)))
            break  # at most one jump a turn is taught, so the game keeps its pace

    def _next_card(self, game: Game) -> Card | None:
        """The next history card that is true of this game (some are about one board)."""
        for index in range(len(self._cards) - 1, -1, -1):
            if self._cards[index].fits(game.board, game.rules):
                return self._cards.pop(index)
        return None
