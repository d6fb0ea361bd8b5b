"""Every rule of the game (as `snl rules` states them), driven by crafted rolls."""

from __future__ import annotations

import pytest

from snl_edu.boards import load_board
from snl_edu.engine import Finish, Game, GameStateError, Rules, Seat
from snl_edu.engine.events import (
    Bounced,
    Climbed,
    Entered,
    ExtraRoll,
    GameOver,
    Moved,
    NeedSix,
    Overshot,
    Rolled,
    Slid,
    Standing,
    TurnLost,
    TurnStarted,
    Won,
)
from tests.conftest import make_board, make_game


def place(game: Game, seat: int, square: int) -> None:
    game.positions[seat] = square


def test_first_roll_enters_on_that_square() -> None:
    game = make_game()
    assert game.play(4) == [Rolled(0, 4, 0), Entered(0, 4), TurnStarted(0)]
    assert game.positions == [4]


def test_entering_on_a_ladder_foot_climbs_at_once_on_classic() -> None:
    game = make_game(load_board("classic"))
    events = game.play(1)
    assert Entered(0, 1) in events and Climbed(0, 1, 38) in events
    assert game.positions == [38]


def test_ladder_and_snake_only_where_the_move_ends() -> None:
    game = make_game(make_board(ladders={3: 22}, snakes={17: 4}), players=1)
    game.play(2)  # 2
    assert game.play(2)[1:3] == [Moved(0, 2, 4), TurnStarted(0)]  # passes over 3: nothing
    place(game, 0, 13)
    events = game.play(4)
    assert events[1:3] == [Moved(0, 13, 17), Slid(0, 17, 4)]
    assert game.positions == [4]


def test_exact_finish_overshoot_stays_and_turn_ends() -> None:
    game = make_game(players=2)
    place(game, 0, 97)
    events = game.play(4)
    assert events == [Rolled(0, 4, 97), Overshot(0, 97, 4, 3), TurnStarted(1)]
    assert game.positions[0] == 97


def test_exact_finish_six_that_cannot_move_still_rolls_again() -> None:
    game = make_game(players=2)
    place(game, 0, 98)
    events = game.play(6)
    assert events == [Rolled(0, 6, 98), Overshot(0, 98, 6, 2), ExtraRoll(0)]
    assert game.current == 0


def test_unmovable_six_counts_toward_three_sixes() -> None:
    game = make_game(players=2)
    place(game, 0, 96)
    game.play(6)  # cannot move
    game.play(6)  # cannot move
    events = game.play(6)
    assert TurnLost(0, 96) in events and game.current == 1


def test_third_six_not_moved_first_two_stand() -> None:
    game = make_game(players=2)
    game.play(6)
    game.play(6)
    assert game.positions[0] == 12
    events = game.play(6)
    assert events == [Rolled(0, 6, 12), TurnLost(0, 12), TurnStarted(1)]
    assert game.positions[0] == 12 and game.current == 1


def test_sixes_reset_after_turn() -> None:
    game = make_game(players=2)
    game.play(6), game.play(6), game.play(1)  # 13, turn passes
    game.play(2)  # seat 1
    game.play(6)
    game.play(6)
    assert game.current == 0 and game.positions[0] == 25


def test_the_next_player_starts_counting_sixes_afresh_after_a_lost_or_waiting_turn() -> None:
    lost = make_game(players=2)
    assert [lost.play(6)[-1] for _ in range(3)] == [ExtraRoll(0), ExtraRoll(0), TurnStarted(1)]
    assert [lost.play(6)[-1] for _ in range(2)] == [ExtraRoll(1), ExtraRoll(1)]
    waiting = make_game(rules=Rules(six_to_start=True), players=2)
    assert waiting.play(3)[-1] == TurnStarted(1)
    assert [waiting.play(6)[-1] for _ in range(2)] == [ExtraRoll(1), ExtraRoll(1)]


def test_playing_to_the_end_a_token_waiting_for_a_six_does_not_finish() -> None:
    game = make_game(rules=Rules(six_to_start=True, play_to_end=True), players=3)
    place(game, 0, 99)
    assert game.play(1)[-2:] == [Won(0, 1), TurnStarted(1)]
    assert game.play(3) == [Rolled(1, 3, 0), NeedSix(1, 3), TurnStarted(2)]
    assert game.finished == [0] and not game.over


def test_three_sixes_off_keeps_rolling() -> None:
    game = make_game(rules=Rules(three_sixes=False), players=2)
    for _ in range(4):
        events = game.play(6)
    assert ExtraRoll(0) in events and game.positions[0] == 24


def test_six_again_off_six_is_ordinary() -> None:
    game = make_game(rules=Rules(six_again=False), players=2)
    events = game.play(6)
    assert events == [Rolled(0, 6, 0), Entered(0, 6), TurnStarted(1)]
    game.play(1)
    game.play(6), game.play(1), game.play(6), game.play(1)
    assert game.positions[0] == 18  # no three-sixes rule without six again


def test_overshoot_finish_reaching_or_passing_wins() -> None:
    game = make_game(rules=Rules(finish=Finish.OVERSHOOT), players=2)
    place(game, 0, 97)
    events = game.play(5)
    assert Moved(0, 97, 100) in events and Won(0, 1) in events
    assert isinstance(events[-1], GameOver)


def test_bounce_from_98_with_5_lands_on_97_and_takes_its_snake() -> None:
    game = make_game(load_board("saanp-bharyang"), Rules(finish=Finish.BOUNCE))
    place(game, 0, 98)
    events = game.play(5)
    assert events[1:3] == [Bounced(0, 98, 97, 3), Slid(0, 97, 61)]
    assert game.positions == [61]


def test_bounce_with_a_six_still_rolls_again() -> None:
    game = make_game(rules=Rules(finish=Finish.BOUNCE), players=2)
    place(game, 0, 99)
    events = game.play(6)
    assert events[1:] == [Bounced(0, 99, 95, 5), ExtraRoll(0)]


def test_six_to_start_waits_for_a_six_which_enters_on_six() -> None:
    game = make_game(rules=Rules(six_to_start=True), players=2)
    assert game.play(5) == [Rolled(0, 5, 0), NeedSix(0, 5), TurnStarted(1)]
    assert game.positions == [0, 0]
    game.play(6)
    assert game.positions[1] == 6 and game.current == 1  # six again: roll once more


def test_six_to_start_entry_takes_a_ladder_on_six() -> None:
    game = make_game(make_board(ladders={6: 30}), Rules(six_to_start=True))
    events = game.play(6)
    assert Entered(0, 6) in events and Climbed(0, 6, 30) in events


def test_winning_ladder_to_the_last_square() -> None:
    game = make_game(load_board("classic"), players=2)
    place(game, 0, 78)
    assert game.play(2) == [Rolled(0, 2, 78), Moved(0, 78, 80), Climbed(0, 80, 100), Won(0, 1),
                            GameOver((Standing(1, 0, 100), Standing(2, 1, 0)))]
    assert game.over


def test_winning_on_a_six_gives_no_extra_roll() -> None:
    game = make_game(players=2)
    place(game, 0, 94)
    assert game.play(6) == [Rolled(0, 6, 94), Moved(0, 94, 100), Won(0, 1),
                            GameOver((Standing(1, 0, 100), Standing(2, 1, 0)))]
    assert game.over


def test_game_ends_at_first_winner_and_ranks_rest_with_shared_places() -> None:
    game = make_game(players=4)
    game.positions[:] = [99, 40, 55, 40]
    events = game.play(1)
    assert events[-1] == GameOver((Standing(1, 0, 100), Standing(2, 2, 55),
                                   Standing(3, 1, 40), Standing(3, 3, 40)))


def test_play_to_the_end_decides_every_place() -> None:
    game = make_game(rules=Rules(play_to_end=True), players=3)
    game.positions[:] = [99, 99, 10]
    assert game.play(1)[-1] == TurnStarted(1)
    assert not game.over
    events = game.play(1)
    assert events[-1] == GameOver((Standing(1, 0, 100), Standing(2, 1, 100), Standing(3, 2, 10)))


def test_play_to_the_end_skips_finished_players() -> None:
    game = make_game(rules=Rules(play_to_end=True), players=3)
    game.positions[:] = [99, 5, 10]
    game.play(1)
    game.play(1)  # seat 1
    game.play(1)  # seat 2
    assert game.current == 1


def test_single_player_game_ends_when_they_finish() -> None:
    game = make_game(rules=Rules(play_to_end=True))
    place(game, 0, 99)
    assert game.play(1)[-1] == GameOver((Standing(1, 0, 100),))


def test_no_roll_after_the_game_is_over() -> None:
    game = make_game()
    place(game, 0, 99)
    game.play(1)
    with pytest.raises(GameStateError):
        game.play(1)


@pytest.mark.parametrize("bad", [0, 7, -1, 3.5, "4", True])
def test_a_die_shows_one_to_six(bad: object) -> None:
    with pytest.raises(GameStateError):
        make_game().play(bad)  # type: ignore[arg-type]


def test_turn_order_cycles_and_opening_names_first_seat() -> None:
    game = make_game(players=3)
    assert game.opening() == [TurnStarted(0)]
    assert [game.play(1)[-1] for _ in range(4)] == [TurnStarted(1), TurnStarted(2),
                                                    TurnStarted(0), TurnStarted(1)]


def test_landing_on_another_player_does_nothing_to_them() -> None:
    game = make_game(players=2)
    game.play(4)
    game.play(4)
    assert game.positions == [4, 4]


def test_seats_named_in_order() -> None:
    game = Game(make_board(), Rules(), [Seat("Asha"), Seat("Bot", computer=True)])
    assert [s.name for s in game.seats] == ["Asha", "Bot"]


@pytest.mark.parametrize("seed", range(6))
def test_playing_to_the_end_the_turn_goes_round_those_still_playing_in_order(seed: int) -> None:
    """After each finish the others keep their order, and a sixes streak is the roller's own."""
    from snl_edu.inputs.dice import RandomDice

    game = Game(load_board("classic"), Rules(play_to_end=True), [Seat(n) for n in "ABCD"])
    dice = RandomDice(seed)
    turn = game.opening()[0]
    assert isinstance(turn, TurnStarted)
    current, sixes = turn.seat, 0
    while not game.over:
        roll = dice.roll()
        events = game.play(roll)
        sixes = sixes + 1 if roll == 6 else 0
        if any(isinstance(e, TurnLost) for e in events):
            assert sixes == 3
        started = [e.seat for e in events if isinstance(e, TurnStarted)]
        if started:
            playing = [s for s in range(4) if s not in game.finished]
            assert started == [min((s for s in playing if s > current), default=playing[0])]
            current, sixes = started[0], 0
    assert game.ranking is not None and len(game.finished) == 3


@pytest.mark.parametrize("roll,said", [(7, "a die shows 1 to 6, not 7"),
                                       (0, "a die shows 1 to 6, not 0"),
                                       (2.0, "a die shows 1 to 6, not 2.0")])
def test_a_roll_no_die_can_show_is_refused_and_named(roll: int, said: str) -> None:
    from snl_edu.error_text import describe
    from snl_edu.language.localizer import Localizer

    game = Game(load_board("classic"), Rules(), [Seat("A"), Seat("B")])
    with pytest.raises(GameStateError) as refused:
        game.play(roll)
    assert f": {said}." in describe(refused.value, Localizer.create("en"))
    if roll == 7:  # a number, so a Nepali reader sees it in Devanagari digits
        assert "१ देखि ६ सम्म आउँछ, ७ होइन।" in describe(refused.value, Localizer.create("ne"))
    assert game.rolls == [] and game.positions == [0, 0]


def test_a_finished_game_refuses_more_rolls_and_says_why() -> None:
    from snl_edu.error_text import describe
    from snl_edu.language.localizer import Localizer

    game = Game(load_board("classic"), Rules(finish=Finish.OVERSHOOT), [Seat("A"), Seat("B")])
    game.positions[0] = 99
    game.play(1)
    with pytest.raises(GameStateError) as refused:
        game.play(1)
    assert ": the game is over." in describe(refused.value, Localizer.create("en"))
    assert game.opening() == []  # and announces no next turn


@pytest.mark.parametrize("names,message", [
    ([], "A game seats 1 to 8 players, not 0."),
    (list("ABCDEFGHI"), "A game seats 1 to 8 players, not 9."),
    (["Asha", " "], "A player's name cannot be empty."),
    (["Asha", "Bikash", "ASHA"],
     "Two players are called ASHA: each player needs a name of their own."),
])
def test_seats_that_make_no_game_are_refused_and_named(names: list[str], message: str) -> None:
    from snl_edu.engine import SeatError
    from snl_edu.error_text import describe
    from snl_edu.language.localizer import Localizer

    with pytest.raises(SeatError) as refused:
        Game(load_board("classic"), Rules(), [Seat(name) for name in names])
    assert describe(refused.value, Localizer.create("en")) == message
    assert len(Game(load_board("classic"), Rules(), [Seat(n) for n in "ABCDEFGH"]).seats) == 8
