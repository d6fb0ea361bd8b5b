"""The child's own go: she moves her token (or says where it lands) before the game says it."""

from __future__ import annotations

import random
import re
from array import array
from itertools import pairwise

import pytest

from snl_edu.boards import load_board
from snl_edu.engine import Board, Game, Jump, JumpKind, Rules, Seat
from snl_edu.inputs.commands import Action, Command
from snl_edu.inputs.dice import RandomDice
from snl_edu.inputs.voice.phrasebook.phrases import load_phrase_book
from snl_edu.inputs.voice.phrasebook.understand import understand
from snl_edu.language.localizer import Localizer
from snl_edu.lessons.teacher import STEPS_FIRST, Frequency, GoRecord, Teacher
from snl_edu.outputs.aloud.cues import load, square_hz
from snl_edu.outputs.console import Outputs
from snl_edu.play.counting import STEP_PAUSE, TAP_PAUSE, GoKind, GoResult
from snl_edu.play.narration import Narrator
from snl_edu.play.session import Session
from snl_edu.vocabulary import square_pitch
from tests.helpers import Collect, ScriptedDice

MADE_UP = Board.build("made up", 10, 10, [Jump(JumpKind.LADDER, 4, 40),
                                          Jump(JumpKind.SNAKE, 31, 2),
                                          Jump(JumpKind.LADDER, 55, 95)])


class Kid:
    """A child at a keyboard: Space for each square on her go (or the landing typed where
    the go asks for it, ``wrong`` times off by one), Enter to roll, answers questions."""

    interactive = True

    def __init__(self, log: list[tuple[str, object]], say_wrong: bool = False,
                 leave: bool = False, step: Command | None = None) -> None:
        self.log = log
        self.say_wrong = say_wrong
        self.leave = leave
        self.step = step or Command(Action.ROLL, " ")  # Space, or a word said for it
        self.session: Session | None = None
        self.teacher: Teacher | None = None
        self.pending: list[Command] = []
        self.presses = 0
        self.rolls = 400  # then the input ends

    def next_command(self, timeout: float | None = None) -> Command | None:
        assert self.session is not None and self.teacher is not None
        if timeout == 0:  # a computer's pause: nothing pressed
            return None
        go = self.session.listener.go
        asked = self.teacher.asker.asking if self.teacher.asker else None
        if len(self.session.game.rolls) >= self.rolls and go is None and asked is None:
            return Command(Action.END)
        self.presses += 1
        if self.pending:
            return self.pending.pop(0)
        if go is not None:
            self.log.append(("acts", go))
            if self.leave:
                return Command(Action.ROLL, "\r")
            if go.kind is GoKind.SAY:
                number = go.walk.landing + (1 if self.say_wrong else 0)
                self.pending = [Command(None, c) for c in str(number)[1:]]
                self.pending.append(Command(Action.ROLL, "\r"))
                return Command(None, str(number)[0])
            return self.step
        if asked is not None:
            return Command.answer(asked.answer)
        return Command(Action.ROLL, "\r")


class Logged(Collect):
    def __init__(self, log: list[tuple[str, object]]) -> None:
        super().__init__()
        self.log = log

    def show(self, message) -> None:  # type: ignore[no-untyped-def]
        super().show(message)
        self.log.append(("said", message.text))


def play(board: Board, level: int, seed: int, lang: str = "en", computer: int = 1,
         rolls: list[int] | None = None, rules: Rules | None = None,
         frequency: Frequency = Frequency.SOME, ear=None, **kid):  # type: ignore[no-untyped-def]
    log: list[tuple[str, object]] = []
    loc = Localizer.create(lang)
    seats = [Seat("Asha"), *(Seat(f"Computer {n}", True) for n in range(1, computer + 1))]
    game = Game(board, rules or Rules(), seats)
    child = Kid(log, **kid)
    if rolls is not None:
        child.rolls = len(rolls)
    narrator = Narrator(loc, board, game.seats)
    waits: list[tuple[float, int]] = []
    out = Logged(log)
    session = Session(game, narrator, Outputs([out]), child, ScriptedDice(rolls) if rolls else RandomDice(seed),
                      sleep=lambda seconds: waits.append((seconds, len(out.texts))))
    teacher = Teacher(loc, session.listener, session.channel(0), frequency, level,
                      random.Random(seed), history=False, listen=session.channel)
    session.between_turns = teacher
    narrator.counting_on = lambda seat: teacher.counts_on(game, seat)
    session.listener.goes = teacher
    session.listener.ear = ear
    child.session, child.teacher = session, teacher
    session.run()
    return log, out, waits, child


def windows(log: list[tuple[str, object]]):  # type: ignore[no-untyped-def]
    """Each go, with what was said from its roll to her first act."""
    seen: set[int] = set()
    for index, (kind, item) in enumerate(log):
        if kind != "acts" or id(item) in seen:
            continue
        seen.add(id(item))
        said = [text for k, text in log[:index] if k == "said"]
        start = max(i for i, text in enumerate(said) if "rolled a" in str(text))
        yield item, said[start:]


def numbers_in(text: str, loc: Localizer) -> set[int]:
    found = {int(n) for n in re.findall(r"\d+", text)}
    words = text.casefold()
    return found | {n for n in range(1, 101)
                    if re.search(rf"(?<![\w-]){re.escape(loc.words(n))}(?![\w-])", words)}


BOARDS = [load_board("saanp-bharyang"), load_board("classic"), load_board("moksha-patam"),
          MADE_UP]


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: b.name)
@pytest.mark.parametrize("level", [1, 2])
def test_no_landing_square_is_said_before_she_has_had_her_go(board: Board, level: int) -> None:
    loc = Localizer.create("en")
    goes = 0
    for seed in range(3):
        log, _, _, _ = play(board, level, seed)
        for go, said in windows(log):
            goes += 1
            walk = go.walk
            told = set().union(*(numbers_in(str(text), loc) for text in said))
            for square in {walk.landing, walk.end} - {walk.roll, walk.start}:
                assert square not in told, (walk, said)
    assert goes > 10


@pytest.mark.parametrize("level", [3, 4])
def test_from_level_three_the_game_moves_the_token_as_before(level: int) -> None:
    log, out, waits, _ = play(BOARDS[0], level, 1)
    assert not [item for kind, item in log if kind == "acts"]
    assert not any("your go" in text for text in out.texts) and waits == []


def test_computer_players_have_no_go_and_are_told_as_before() -> None:
    _, out, _, _ = play(BOARDS[0], 1, 2)
    computer = [t for t in out.texts if t.startswith("Computer 1")]
    assert any("rolled a" in t for t in computer)
    assert not any("Computer 1, your go" in t for t in out.texts)


def test_each_press_moves_one_square_and_says_it_after_a_pause() -> None:
    # Asha rolls 3 from off the board, then 4 from 3... on a board with no jumps near.
    plain = Board.build("plain", 10, 10, [])
    _, out, waits, _ = play(plain, 1, 0, computer=0, rolls=[3, 4, 1])
    texts = out.texts
    dots = texts.index("Count the dots on the pasa: \u2022 \u2022 \u2022")
    assert texts[dots + 1] == "Asha rolled a 3 on the pasa."
    assert texts[dots + 3:dots + 6] == ["1", "2", "3"]
    assert texts[dots + 6] == "Asha comes onto the board at square 3."
    second = texts.index("Asha, your go! You are on 3. Press Space once for each dot, and say "
                         "each number as your token moves.")
    assert texts[second + 1:second + 5] == ["4", "5", "6", "7"]
    assert texts[second + 5] == "Asha moves from 3 to 7."
    assert not any(t.startswith("Counting") for t in texts)  # she counted: not said for her
    # The taps' pause comes after the dots and before the roll's number; each step's pause
    # before its number (the clock is injected: nothing waits in real time).
    assert (TAP_PAUSE, dots + 1) in waits
    assert [w for w in waits if w[0] == STEP_PAUSE][:3] == [(STEP_PAUSE, dots + 3 + i)
                                                          for i in range(3)]


@pytest.mark.parametrize(("lang", "said"), [("en", "next"), ("ne", "अर्को")])
def test_next_said_steps_one_square_as_space_does(lang: str, said: str) -> None:
    plain = Board.build("plain", 10, 10, [])
    book = load_phrase_book(lang)
    heard = understand(book, said)
    assert heard is not None

    class Ear:  # the voice input's word for each action: the phrase book's first
        hears_numbers = True

        def phrase_for(self, action: Action) -> str | None:
            return next(iter(book.phrases_for(action)), None)

    _, out, _, _ = play(plain, 1, 0, lang, computer=0, rolls=[3, 4, 1], step=heard, ear=Ear())
    loc = Localizer.create(lang)
    told = loc.gettext("Or say {word} for each square.").format(word=said)
    assert sum(t.endswith(told) for t in out.texts) == 3, out.texts  # each go, once
    moved = next(i for i, t in enumerate(out.texts) if t == loc.gettext(
        "{name} moves from {start} to {end}.").format(name="Asha", start=loc.number(3),
                                                      end=loc.number(7)))
    assert out.texts[moved - 4:moved] == [loc.number(n) for n in (4, 5, 6, 7)]
    assert not any(t.startswith(("Counting", "I did not")) for t in out.texts)


def test_a_ladder_at_the_end_of_her_go_is_counted_as_numbers_skipped() -> None:
    board = Board.build("one ladder", 10, 10, [Jump(JumpKind.LADDER, 21, 42)])
    _, out, _, _ = play(board, 1, 0, computer=0, rolls=[5, 5, 5, 6, 1, 1])
    texts = out.texts
    climbed = texts.index("Bharyang! Asha climbs the ladder from 21 to 42.")
    assert texts[climbed - 2:climbed] == ["21", "Asha moves from 15 to 21."]
    assert texts[climbed + 1] == "20 numbers are skipped, from twenty-two to forty-one."


def test_saying_where_it_lands_is_answered_with_the_count() -> None:
    plain = Board.build("plain", 10, 10, [])
    rolls = [2] * (STEPS_FIRST + 2)
    _, right, _, _ = play(plain, 1, 0, computer=0, rolls=rolls)
    said = right.texts.index("Asha, your go! You are on 12 and rolled 2. On which square will "
                             "your token land? Type it and press Enter, or press Space to "
                             "count square by square.")
    assert right.texts[said + 1] == "Yes! Let us count: thirteen, fourteen."
    _, wrong, _, _ = play(plain, 1, 0, computer=0, rolls=rolls, say_wrong=True)
    assert "Let us count it: thirteen, fourteen. Your token lands on 14." in wrong.texts
    # A landing not found: the next go is square by square again.
    assert "Asha, your go! You are on 14. Press Space once for each dot, and say each " \
           "number as your token moves." in wrong.texts


def test_enter_alone_leaves_the_counting_to_the_game() -> None:
    _, out, _, _ = play(BOARDS[0], 1, 3, leave=True)
    assert any(t.startswith("Counting on from") for t in out.texts)


def test_counting_on_fades_by_level_and_record_not_after_eight_answers() -> None:
    one = GoRecord()
    kinds = [one.kind(1) for _ in range(STEPS_FIRST)]
    for _ in kinds:
        one.went(GoResult.STEPPED)
    assert kinds == [GoKind.STEPS] * STEPS_FIRST and one.kind(1) is GoKind.SAY
    one.went(GoResult.WRONG)
    assert one.kind(1) is GoKind.STEPS  # after a landing not found: square by square
    one.went(GoResult.STEPPED)
    assert one.kind(1) is GoKind.SAY
    two = GoRecord()
    assert [two.kind(2) for _ in range(4)] == [GoKind.SAY, None, GoKind.SAY, None]
    assert {GoRecord().kind(level) for level in (3, 4)} == {None}
    # A level-2 child (eight right answers at level 1 raise the level) still has goes.
    log, _, _, _ = play(BOARDS[0], 2, 1)
    assert [item for kind, item in log if kind == "acts"]


def test_no_move_question_repeats_the_square_the_narration_has_just_said() -> None:
    for seed in range(4):
        _, out, _, _ = play(BOARDS[1], 1, seed)
        assert not any("did the pasa put you" in t for t in out.texts)


def test_no_question_comes_right_after_she_reaches_the_end_and_wins() -> None:
    tiny = Board.build("tiny", 2, 5, [])
    _, out, _, _ = play(tiny, 3, 0, computer=2, rules=Rules(play_to_end=True),
                        frequency=Frequency.EVERY, rolls=[4, 1, 1, 5, 2, 2, 1] + [1] * 20)
    won = out.texts.index("Asha reaches 10 and wins!")
    assert out.texts[won + 1] == "Computer 1's turn."
    assert any(t.startswith("A question for Asha") for t in out.texts[:won])


def test_each_square_she_steps_on_has_its_own_pitch_rising_with_its_number() -> None:
    plain = Board.build("plain", 10, 10, [])
    _, out, _, _ = play(plain, 1, 0, computer=0, rolls=[3, 4, 1])
    steps = [m for m in out.messages if m.text.isdigit()]
    assert [m.earcon for m in steps] == [square_pitch(n, plain.across(n)) for n in range(1, 9)]
    crossings = [sum(1 for a, b in pairwise(s) if (a < 0) != (b < 0))
                 for s in (array("h", load(square_pitch(n)).data) for n in (1, 50, 100))]
    assert crossings[0] < crossings[1] < crossings[2]  # 220 Hz, about 440, 880
    assert square_hz(1) == 220 and square_hz(100) == 880
