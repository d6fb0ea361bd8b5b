"""Teams: children who share a seat take its turns in order, worked out from the rolls alone."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from snl_edu.boards import load_board
from snl_edu.engine import Game, Rules, Seat
from snl_edu.language.localizer import Localizer
from snl_edu.play.listener import split_next_turn
from snl_edu.play.narration import Narrator, Verbosity
from snl_edu.play.teams import Rotation, TeamError, children, members, team_seat_name

SEATS = [Seat("Asha+Bikash"), Seat("Chandra"), Seat("Computer 1", computer=True)]


def new_game(seats: list[Seat] = SEATS) -> Game:
    return Game(load_board("classic"), Rules(), seats)


def test_a_team_is_a_seat_whose_name_joins_two_or_three_children() -> None:
    assert members(Seat("Asha+Bikash")) == ("Asha", "Bikash")
    assert members(Seat("Asha+Bikash+Chandra")) == ("Asha", "Bikash", "Chandra")
    for not_a_team in (Seat("Asha"), Seat("C++"), Seat("A+B+C+D"), Seat("A+B", computer=True)):
        assert members(not_a_team) == ()
    assert children(SEATS) == ["Asha", "Bikash", "Chandra"]


def test_a_team_as_written_becomes_its_seat_name_cleaned() -> None:
    assert team_seat_name(" Asha +  Bikash ") == "Asha+Bikash"
    assert team_seat_name("Asha\x1b[2J+Bikash") == "Asha␛[2J+Bikash"  # never an escape code
    for wrong in ("Asha", "A+B+C+D", "Asha+", "Asha+asha", "A" * 30 + "+" + "B" * 30):
        with pytest.raises(TeamError):
            team_seat_name(wrong)


def test_the_children_take_the_seats_turns_in_order() -> None:
    game, rotation = new_game(), Rotation(SEATS)
    due = []
    for roll in [1, 2, 3, 1, 2, 3, 1, 2, 3]:  # no sixes: one roll per turn
        if game.current == 0:
            due.append(rotation.due(game, 0))
        game.play(roll)
    assert due == ["Asha", "Bikash", "Asha"]
    assert rotation.due(game, 1) is None  # Chandra plays alone


def test_a_chhakkas_extra_roll_stays_with_the_child_who_rolled_it() -> None:
    game, rotation = new_game(), Rotation(SEATS)
    game.play(6)  # Asha's chhakka: the team rolls again
    assert game.current == 0 and rotation.due(game, 0) == "Asha"
    assert rotation.roller(game, 0) == "Asha"
    game.play(2)
    assert rotation.roller(game, 0) == "Asha"  # the lesson after this turn is Asha's
    assert rotation.due(game, 0) == "Bikash"  # the team's next turn is Bikash's
    game.play(3)
    game.play(4)
    assert rotation.due(game, 0) == "Bikash" and rotation.roller(game, 0) == "Asha"


def test_a_team_playing_alone_alternates_and_the_lesson_goes_to_who_just_rolled() -> None:
    seats = [Seat("Asha+Bikash+Chandra")]
    game, rotation = new_game(seats), Rotation(seats)
    seen = []
    for roll in (1, 2, 3, 4):
        game.play(roll)
        seen.append((rotation.roller(game, 0), rotation.due(game, 0)))
    assert seen == [("Asha", "Bikash"), ("Bikash", "Chandra"), ("Chandra", "Asha"),
                    ("Asha", "Bikash")]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 6), max_size=80))
def test_a_resumed_game_continues_with_the_same_child(rolls: list[int]) -> None:
    """Whose roll it is depends on the rolls only: a game rebuilt from its saved data (a
    resume, a restarted table, a client's copy) agrees with the one that played them."""
    game, rotation = new_game(), Rotation(SEATS)
    played = []
    for roll in rolls:
        if game.over:
            break
        game.play(roll)
        played.append((rotation.due(game, 0), rotation.roller(game, 0)))
    rebuilt = Game.from_data(game.to_data())
    fresh = Rotation(rebuilt.seats)
    assert (fresh.due(rebuilt, 0), fresh.roller(rebuilt, 0)) == (
        played[-1] if played else ("Asha", None))


@pytest.mark.parametrize(("language", "verbosity", "line"), [
    ("en", Verbosity.NORMAL, "Asha and Bikash's turn: it is Bikash's roll."),
    ("en", Verbosity.FULL, "Bikash, it is your roll for Asha and Bikash. Roll the pasa!"),
    ("ne", Verbosity.NORMAL, "Asha र Bikash को पालो: अब Bikash को पासा फाल्ने पालो।"),
    ("ne", Verbosity.FULL, "Bikash, Asha र Bikash को टोलीका लागि पासा फाल्ने तिम्रो पालो। पासा फाल!"),
])
def test_the_turn_names_the_child_whose_roll_it_is(language: str, verbosity: Verbosity,
                                                    line: str) -> None:
    game, rotation = new_game(), Rotation(SEATS)
    narrator = Narrator(Localizer.create(language), game.board, game.seats, verbosity,
                        whose_roll=lambda seat: rotation.due(game, seat))
    game.play(2)  # Asha
    game.play(3)  # Chandra
    events = game.play(4)  # the computer; the team's turn comes, Bikash's roll
    # The same turn sound as any seat's turn, so a player knows by ear whose go comes.
    assert [(m.text, m.earcon) for m in narrator.narrate_all(split_next_turn(events)[1])] == [
        (line, "turn")]


def test_a_chhakka_names_the_child_who_rolls_again() -> None:
    game, rotation = new_game(), Rotation(SEATS)
    narrator = Narrator(Localizer.create("en"), game.board, game.seats,
                        whose_roll=lambda seat: rotation.due(game, seat))
    texts = [m.text for m in narrator.narrate_all(game.play(6))]
    assert "Chhakka! Asha rolls again." in texts


@pytest.mark.parametrize(("language", "seat", "said"), [
    ("en", "Asha+Bikash", "Asha and Bikash"),
    ("en", "Asha+Bikash+Chandra", "Asha, Bikash, and Chandra"),
    ("ne", "आशा+विकास", "आशा र विकास"),
    ("ne", "आशा+विकास+चन्द्र", "आशा, विकास र चन्द्र"),
])
def test_every_sentence_names_a_team_with_and_never_plus(language: str, seat: str,
                                                         said: str) -> None:
    """eSpeak NG and screen readers read "+" as "plus" ("आशा जोड चिन्ह विकास"): a team is
    printed and spoken with the language's own "and", in every sentence about its seat."""
    seats = [Seat(seat), Seat("C++")]  # a child's own name keeps its "+"
    game = Game(load_board("classic"), Rules(), seats)
    narrator = Narrator(Localizer.create(language), game.board, seats, Verbosity.FULL)
    texts = [m.text for roll in (1, 6, 6, 6, 2, 3) if not game.over
             for m in narrator.narrate_all(game.play(roll))]
    texts += [m.text for m in narrator.where(game)]
    team = [text for text in texts if said in text]
    assert len(team) >= 5
    assert not any("+" in text for text in team)
    assert any("C++" in text for text in texts)


def test_a_team_takes_a_plural_verb_and_a_child_alone_a_singular_one() -> None:
    """English: "Asha and Bikash come onto the board", "Chandra comes onto the board"."""
    game = new_game([Seat("Asha+Bikash"), Seat("Chandra")])
    narrator = Narrator(Localizer.create("en"), game.board, game.seats, Verbosity.NORMAL)
    texts = [m.text for roll in (4, 4, 3, 3) for m in narrator.narrate_all(game.play(roll))]
    texts += [m.text for m in narrator.where(game)]
    assert "Asha and Bikash come onto the board at square 4." in texts
    assert "Chandra comes onto the board at square 4." in texts
    assert "Bharyang! Asha and Bikash climb the ladder from 4 to 14." in texts
    assert "Asha and Bikash move from 14 to 17." in texts
    assert "Asha and Bikash are on square 17." in texts and "Chandra is on square 17." in texts
    assert not any("Asha and Bikash comes" in text or "Asha and Bikash is" in text
                   for text in texts)
