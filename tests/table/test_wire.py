"""The table's messages: every event crosses the wire and comes back equal; anything else is
refused, field by field."""

from __future__ import annotations

import json

import pytest

from snl_edu.boards import load_board
from snl_edu.engine import Game, Rules, Seat
from snl_edu.inputs.commands import Action, Command
from snl_edu.inputs.dice import RandomDice
from snl_edu.table import wire, wire_requests


def test_every_event_of_whole_games_crosses_the_wire_unchanged() -> None:
    kinds = set()
    for seed in range(30):
        game = Game(load_board("classic"), Rules(), [Seat("Asha"), Seat("Bikash")])
        dice = RandomDice(seed)
        while not game.over:
            for event in game.play(dice.roll()):
                sent = json.loads(wire.encode(wire.event_to_data(event)))
                assert wire.event_from_data(sent) == event
                kinds.add(type(event).__name__)
    assert {"Rolled", "Climbed", "Slid", "ExtraRoll", "Won", "GameOver"} <= kinds


@pytest.mark.parametrize("data", [
    {"kind": "Exec", "seat": 0}, {"kind": "Rolled", "seat": "0", "value": 3, "square": 0},
    {"kind": "Rolled", "seat": -1, "value": 3, "square": 0}, {"kind": "Rolled"},
    {"kind": "GameOver", "ranking": [{"place": 1}]}, {"kind": "GameOver", "ranking": "x"},
    [], None, "Rolled",
])
def test_anything_but_an_event_is_refused(data: object) -> None:
    with pytest.raises(wire.WireError):
        wire.event_from_data(data)


def test_the_only_command_for_the_table_is_a_roll() -> None:
    assert wire_requests.read_command(wire_requests.command_data(Command(Action.ROLL))) == Command(Action.ROLL)
    for bad in ({"type": "command", "action": "where"}, {"type": "command", "action": "x"},
                {"type": "command", "action": "quit"}, {"type": "command", "action": "yes"},
                {"type": "command", "action": "end"},
                wire_requests.command_data(Command.answer(12)),
                {"type": "join", "code": "x", "name": "y"}):
        with pytest.raises(wire.WireError):
            wire_requests.read_command(bad)


def test_a_join_name_is_cleaned_and_cut_and_a_message_is_capped() -> None:
    join = wire_requests.read_join({"type": "join", "code": "ABCD", "name": "\x1b[2J  Asha\x07 " * 3})
    assert "\x1b" not in join.name and "\x07" not in join.name and len(join.name) <= 40
    with pytest.raises(wire.WireError):
        wire.decode("x" * (wire.MAX_CLIENT_MESSAGE + 1), wire.MAX_CLIENT_MESSAGE)
    with pytest.raises(wire.WireError):
        wire.decode(b"{}", wire.MAX_CLIENT_MESSAGE)


def test_every_fact_of_the_table_crosses_the_wire_unchanged() -> None:
    game = Game(load_board("classic"), Rules(), [Seat("Asha"), Seat("Bikash")]).to_data()
    facts = [wire.Welcome(game, 0, "key", True, 2, ("Asha",)), wire.Welcome(game),
             wire.Refused(wire.Refusal.NO_SEAT, free=("Asha", "Bikash")),
             wire.NoticeOf(wire.Notice.TURN, 1), wire.NoticeOf(wire.Notice.TURN, 1, turn=7),
             wire.NoticeOf(wire.Notice.PAUSED),
             wire.NoticeOf(wire.Notice.AWAY, 0, "Asha"),
             wire.Update(tuple(Game(load_board("classic"), Rules(),
                                    [Seat("Asha"), Seat("Bikash")]).play(6)), game),
             wire.Ended(False, True)]
    for fact in facts:
        assert wire.read_fact(json.loads(wire.encode(fact))) == fact


@pytest.mark.parametrize("data", [
    {"type": "welcome"}, {"type": "welcome", "game": {}, "seat": "0"},
    {"type": "welcome", "game": {}, "seat": 999}, {"type": "welcome", "game": {}, "back": 1},
    {"type": "welcome", "game": {}, "members": "Asha"},
    {"type": "notice", "kind": "turn"}, {"type": "notice", "kind": "paused", "seat": 0},
    {"type": "notice", "kind": "exec", "seat": 0},
    {"type": "update", "events": "x", "game": {}},
    {"type": "update", "events": [{"kind": "Rolled", "seat": 0}], "game": {}},
    {"type": "ended", "finished": "yes"}, {"type": "eval"},
    {"type": "notice", "kind": "turn", "seat": 0, "turn": "7"},
])
def test_anything_a_table_would_not_send_is_refused(data: dict[str, object]) -> None:
    with pytest.raises(wire.WireError):
        wire.read_fact(data)


def test_a_said_names_the_turn_it_said_and_a_name_that_is_no_number_is_refused() -> None:
    for request in (wire_requests.Said(), wire_requests.Said(3), wire_requests.Asking(4)):
        assert wire_requests.read_request(json.loads(wire.encode(request))) == request
    with pytest.raises(wire.WireError):
        wire_requests.read_request({"type": "said", "turn": -1})


def test_texts_from_the_table_are_made_visible() -> None:
    game = Game(load_board("classic"), Rules(), [Seat("\x1b]0;x\x07Asha\u202e"),
                                                 Seat("Bikash")]).to_data()
    fact = wire.read_fact(json.loads(wire.encode(wire.Welcome(game, 0))))
    assert isinstance(fact, wire.Welcome)
    assert not any(char in json.dumps(fact.game, ensure_ascii=False) for char in "\x1b\x07\u202e")


def test_a_roll_she_counts_herself_and_her_go_ending_cross_the_wire() -> None:
    counted = wire_requests.read_request(wire_requests.command_data(wire_requests.CountedRoll(Action.ROLL)))
    assert isinstance(counted, wire_requests.CountedRoll) and counted.action is Action.ROLL
    plain = wire_requests.read_request(wire_requests.command_data(Command(Action.ROLL)))
    assert not isinstance(plain, wire_requests.CountedRoll)
    assert isinstance(wire_requests.read_request(wire_requests.Went().data()), wire_requests.Went)
    with pytest.raises(wire.WireError):  # "go" is true or false, nothing else
        wire_requests.read_request({"type": "command", "action": "roll", "go": "yes"})
    for kind in (wire.Notice.COUNTING, wire.Notice.COUNTED):  # about her seat
        assert wire.read_fact(wire.NoticeOf(kind, 0).data()) == wire.NoticeOf(kind, 0)
