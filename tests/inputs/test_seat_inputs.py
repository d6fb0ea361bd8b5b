"""One command source per seat, lessons heard through the session, and the application layer."""

from __future__ import annotations

import io
import random
from pathlib import Path

from snl_edu.app.options import PlayOptions, SoundOptions
from snl_edu.app.play import Terminal, play
from snl_edu.boards import load_board
from snl_edu.engine import Game, Rules, Seat
from snl_edu.inputs.commands import Action, Command
from snl_edu.inputs.seat_inputs import SeatInputs
from snl_edu.language.localizer import Localizer
from snl_edu.lessons.teacher import Frequency, Teacher
from snl_edu.outputs.console import Outputs
from snl_edu.play.narration import Narrator
from snl_edu.play.session import Ending, Session
from tests.helpers import Collect, ScriptedDice
from tests.lessons.helpers import Script


class Closing(Script):
    closed = 0

    def close(self) -> None:
        self.closed += 1


def test_each_seat_is_heard_only_on_its_own_turn() -> None:
    asha = Script([Command(Action.ROLL), Command(Action.ROLL), Command(Action.YES)])
    bikash = Script([Command(Action.QUIT), Command(Action.NO), Command(Action.ROLL),
                     Command(Action.QUIT), Command(Action.YES)])
    game = Game(load_board("saanp-bharyang"), Rules(), [Seat("Asha"), Seat("Bikash")])
    session = Session(game, Narrator(Localizer.create("en"), game.board, game.seats),
                      Outputs([Collect()]), SeatInputs(seats={0: asha, 1: bikash}),
                      ScriptedDice([2, 4, 2]))
    assert session.run() is Ending.QUIT  # Bikash's own yes, not Asha's waiting one
    assert game.rolls == [2, 4, 2]
    assert asha.items == [Command(Action.YES)] and bikash.items == []


def test_seats_without_their_own_source_share_the_room_and_all_close_once() -> None:
    room, switch = Closing([]), Closing([])
    inputs = SeatInputs(room, {2: switch, 3: switch})
    assert inputs.for_seat(0) is room and inputs.for_seat(3) is switch
    inputs.close()
    assert (room.closed, switch.closed) == (1, 1)


def test_review_keys_read_back_a_lesson_question() -> None:
    loc = Localizer.create("en")
    game = Game(load_board("moksha-patam"), Rules(), [Seat("Asha")])
    out = Collect()
    child = Script(["roll", Command(Action.PREVIOUS), Command(Action.PREVIOUS), "skip"])
    session = Session(game, Narrator(loc, game.board, game.seats), Outputs([out]), child,
                      ScriptedDice([2]))
    teacher = Teacher(loc, session.listener, session.channel(0), Frequency.EVERY, 1, random.Random(1),
                      listen=session.channel)
    session.between_turns = teacher
    assert session.run() is Ending.INPUT_ENDED
    assert teacher.asker is not None
    how_to = teacher.asker.how_to_answer()
    asked = out.texts.index("A question for Asha:")
    question = out.texts[asked + 1]
    # , , reads back the newest lines: the answering hint, then the question itself.
    assert out.texts[asked + 2:asked + 5] == [how_to, how_to, question]
    assert not any(text.startswith("Please answer with a number") for text in out.texts)
    assert any(text.startswith("That is fine, we will skip this one.") for text in out.texts)


def test_a_front_end_plays_a_whole_game_through_the_application_layer(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    options = PlayOptions(demo=True, seed=3, data_dir=str(tmp_path),
                          sound=SoundOptions(speech=False, sound=False))
    assert play(options, Terminal(io.StringIO(""), out, err)) is Ending.FINISHED
    assert "wins" in out.getvalue() and err.getvalue() == ""
    again = io.StringIO()
    assert play(options, Terminal(io.StringIO(""), again, io.StringIO())) is Ending.FINISHED
    assert again.getvalue() == out.getvalue()  # the same seed, the same game
