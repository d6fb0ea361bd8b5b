"""The turn loop with scripted inputs: rolls, questions, quitting, auto-roll."""

from __future__ import annotations

from snl_edu.boards import load_board
from snl_edu.engine import Game, Rules, Seat
from snl_edu.inputs.commands import Action, Command
from snl_edu.inputs.dice import RandomDice
from snl_edu.language.localizer import Localizer
from snl_edu.outputs.console import Outputs
from snl_edu.play.narration import Narrator
from snl_edu.play.session import Ending, Session, SessionSettings
from tests.helpers import Collect, ScriptedDice


class Script:
    interactive = False

    def __init__(self, commands: list[Command | None]) -> None:
        self.commands = list(commands)
        self.timeouts: list[float | None] = []

    def next_command(self, timeout: float | None = None) -> Command | None:
        self.timeouts.append(timeout)
        return self.commands.pop(0) if self.commands else Command(Action.END)


def session(seats: list[Seat], commands: list[Command | None], dice, settings=None):  # type: ignore[no-untyped-def]
    game = Game(load_board("saanp-bharyang"), Rules(), seats)
    out = Collect()
    saved: list[int] = []
    s = Session(game, Narrator(Localizer.create("en"), game.board, game.seats), Outputs([out]),
                Script(commands), dice, settings, after_turn=lambda g: saved.append(len(g.rolls)),
                sleep=lambda seconds: None)
    return s, out, saved


def test_human_rolls_only_on_roll_and_questions_do_not_roll() -> None:
    s, out, saved = session([Seat("Asha")], [Command(Action.WHERE), Command(Action.AHEAD),
                                             Command(Action.ROLL)], ScriptedDice([3]))
    assert s.run() is Ending.INPUT_ENDED
    assert s.game.rolls == [3] and saved == [1]
    assert "Asha is not yet on the board." in out.texts
    assert "Bharyang! Asha climbs the ladder from 3 to 22." in out.texts


def test_repeat_says_the_last_roll_again() -> None:
    s, out, _ = session([Seat("Asha")], [Command(Action.ROLL), Command(Action.REPEAT)],
                        ScriptedDice([2]))
    s.run()
    assert out.texts.count("Asha moves from 0 to 2.") + out.texts.count(
        "Asha comes onto the board at square 2.") == 2


def test_auto_roll_rolls_for_a_waiting_human() -> None:
    s, out, _ = session([Seat("Asha"), Seat("Bikash")], [None] * 500, RandomDice(1),
                        SessionSettings(auto_roll=5.0))
    assert s.run() is Ending.FINISHED
    assert "Time is up: rolling for Asha." in out.texts
    assert set(s.inputs.room.timeouts) == {5.0}  # type: ignore[union-attr]


def test_computer_seats_play_with_pace() -> None:
    slept: list[float] = []
    game = Game(load_board("classic"), Rules(), [Seat("C1", True), Seat("C2", True)])
    Session(game, Narrator(Localizer.create("en"), game.board, game.seats), Outputs([Collect()]),
            Script([]), RandomDice(3), SessionSettings(pace=0.25), sleep=slept.append).run()
    assert game.over and slept and set(slept) == {0.25} and len(slept) == len(game.rolls)


def test_quit_needs_yes() -> None:
    s, out, _ = session([Seat("Asha")], [Command(Action.QUIT), Command(Action.NO),
                                         Command(Action.QUIT), Command(None, "huh"),
                                         Command(Action.YES)], ScriptedDice([]))
    assert s.run() is Ending.QUIT
    assert out.texts.count("Quit the game? Press y for yes or n for no.") == 2


def test_exploring_the_board_square_by_square_by_ear() -> None:
    keys = [Command(Action.ROLL), *[Command(Action.SQUARE_AFTER)] * 2,
            Command(Action.SQUARE_BEFORE), Command(Action.OWN_SQUARE),
            *[Command(Action.SQUARE_BEFORE)] * 30]
    s, out, _ = session([Seat("Asha"), Seat("Papa")], keys, ScriptedDice([2, 1]))
    s.run()  # Asha lands on 2; on Papa's turn the walk starts from Papa (off the board)
    told = [t for t in out.texts if t.startswith("Square ")]
    assert told[:4] == ["Square 1.", "Square 2. Asha is here.",
                        "Square 1.", "Square 1."]
    assert told[-1] == "Square 1."  # never off the board's start


def test_exploring_names_ladders_snakes_and_the_end() -> None:
    game = Game(load_board("saanp-bharyang"), Rules(), [Seat("Asha")])
    narrator = Narrator(Localizer.create("en"), game.board, game.seats)
    assert narrator.square(game, 3)[0].text == "Square 3. A ladder climbs from here to 22."
    assert narrator.square(game, 17)[0].text == "Square 17. A snake slides from here to 4."
    assert narrator.square(game, 100)[0].text == "Square 100. The last square."
    assert narrator.square(game, 50)[0].text.startswith("Square 50. A ladder")


def test_exploring_names_the_virtue_or_vice_of_a_jump() -> None:
    game = Game(load_board("moksha-patam"), Rules(), [Seat("Asha")])
    narrator = Narrator(Localizer.create("en"), game.board, game.seats)
    ladder = next(j for j in game.board.ladders if j.name("en"))
    said = narrator.square(game, ladder.start)[0].text
    assert f"The ladder of {ladder.name('en')} climbs from here to {ladder.end}." in said


class Keys:
    """A keyboard's queue of presses (single keys, so speech could be cut short)."""

    interactive = True

    def __init__(self, presses: list[Command]) -> None:
        self.presses = list(presses)

    def key_pressed(self) -> bool:
        return bool(self.presses)

    def drop_rolls(self) -> None:
        self.presses = [press for press in self.presses if press.action is not Action.ROLL]

    def next_command(self, timeout: float | None = None) -> Command | None:
        if self.presses:
            return self.presses.pop(0)
        return None if timeout is not None else Command(Action.END)


class PressesDuring(Collect):
    """The child presses Enter while the game says ``text`` (the ``nth`` time it is said)."""

    def __init__(self, keys: Keys, text: str, nth: int) -> None:
        super().__init__()
        self.keys, self.text, self.nth = keys, text, nth

    def show(self, message) -> None:  # type: ignore[no-untyped-def]
        super().show(message)
        if message.text == self.text:
            self.nth -= 1
            if self.nth == 0:
                self.keys.presses.append(Command(Action.ROLL))


def test_a_press_made_while_the_next_turn_is_announced_rolls_nothing() -> None:
    keys = Keys([Command(Action.ROLL)])  # Asha's own press, in her first turn
    game = Game(load_board("saanp-bharyang"), Rules(), [Seat("Asha"), Seat("Computer", True)])
    out = PressesDuring(keys, "Asha's turn.", nth=2)  # after the computer's move
    Session(game, Narrator(Localizer.create("en"), game.board, game.seats), Outputs([out]),
            keys, ScriptedDice([2, 3, 4]), sleep=lambda seconds: None).run()
    assert game.rolls == [2, 3]  # Asha rolled once, the computer once; then she was asked again
    assert out.texts.count("Asha's turn.") == 2
