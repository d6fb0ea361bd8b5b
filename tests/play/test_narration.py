"""Every event narrated in both languages at every verbosity, with real values."""

from __future__ import annotations

import itertools
import re

import pytest

from snl_edu.boards import load_board
from snl_edu.engine import Game, Rules, Seat
from snl_edu.engine.events import (
    Bounced,
    Climbed,
    Entered,
    Event,
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
from snl_edu.language.localizer import Digits, Localizer
from snl_edu.outputs.aloud import cues
from snl_edu.play import narration
from snl_edu.play.narration import Narrator, Verbosity, computer_name, shown_name

SEATS = [Seat("Asha"), Seat("Bikash", computer=True)]
EVENTS: list[Event] = [
    TurnStarted(0), Rolled(0, 4, 20), NeedSix(0, 3), Entered(0, 5), Moved(0, 20, 24),
    Climbed(0, 27, 64), Slid(0, 97, 61), Overshot(0, 97, 4, 3), Bounced(0, 98, 97, 3),
    ExtraRoll(0), TurnLost(0, 12), Won(0, 1), Won(1, 2),
    GameOver((Standing(1, 0, 100), Standing(2, 1, 55), Standing(3, 1, 0))),
]
ENGLISH_EXPECTED = {
    "normal": ["Asha's turn.", "Asha rolled a 4 on the pasa.", "Asha rolled 3 and needs a 6 to start.",
               "Asha comes onto the board at square 5.", "Asha moves from 20 to 24.",
               "Bharyang! Asha climbs the ladder from 27 to 64.",
               "Saanp! Asha slides down the snake from 97 to 61.",
               "Too far! Asha stays on 97 and needs exactly 3 to finish.",
               "Asha reaches 100 and bounces back 3 squares to 97.",
               "Chhakka! Asha rolls again.",
               "Three chhakkas in a row! Asha stays on 12 and the turn passes.",
               "Asha reaches 100 and wins!", "Bikash reaches 100 and takes place 2.",
               "Game over. The places:", "Place 1: Asha, finished.",
               "Place 2: Bikash, on square 55.", "Place 3: Bikash, not yet on the board."],
}


def narrate(language: str, verbosity: Verbosity, count: bool = False) -> list[list[str]]:
    narrator = Narrator(Localizer.create(language), load_board("saanp-bharyang"), SEATS,
                        verbosity, count)
    return [[m.text for m in narrator.narrate(e)] for e in EVENTS]


def test_english_normal_sentences() -> None:
    flat = [t for texts in narrate("en", Verbosity.NORMAL) for t in texts]
    assert flat == ENGLISH_EXPECTED["normal"]


@pytest.mark.parametrize("language", ["en", "ne"])
@pytest.mark.parametrize("verbosity", list(Verbosity))
def test_every_event_has_a_sentence(language: str, verbosity: Verbosity) -> None:
    for event, texts in zip(EVENTS, narrate(language, verbosity), strict=True):
        assert texts, event
        for text in texts:
            assert "{" not in text and "}" not in text
            if language == "ne":
                assert not re.search("[A-Za-z]", text.replace("Asha", "").replace("Bikash", "")), text
                assert not re.search("[0-9]", text), text


def test_brief_is_shorter_than_normal_and_full_is_longest() -> None:
    for language in ("en", "ne"):
        sizes = {v: sum(len(t) for texts in narrate(language, v) for t in texts)
                 for v in Verbosity}
        assert sizes[Verbosity.BRIEF] < sizes[Verbosity.NORMAL] < sizes[Verbosity.FULL]


def test_full_counts_and_encourages() -> None:
    full = narrate("en", Verbosity.FULL)
    moved = full[EVENTS.index(Moved(0, 20, 24))]
    assert moved[0] == "Counting: twenty-one, twenty-two, twenty-three, twenty-four."
    climbed = full[EVENTS.index(Climbed(0, 27, 64))]
    assert "Up you go, well done!" in climbed
    assert full[0] == ["Asha, it is your turn. Roll the pasa!"]
    assert full[EVENTS.index(Won(0, 1))] == ["Asha reaches 100 and wins!",
                                             "Hooray! Well played, Asha!"]
    assert full[EVENTS.index(Won(1, 2))] == ["Bikash reaches 100 and takes place 2."]


def test_a_move_is_counted_only_when_asked_and_steps_are_heard_once() -> None:
    board, english = load_board("saanp-bharyang"), Localizer.create("en")
    counted = Narrator(english, board, SEATS, Verbosity.NORMAL, count=True)
    plain = Narrator(english, board, SEATS)
    for event, count, sentence in [
        (Entered(0, 5), "Counting: one, two, three, four, five.",
         "Asha comes onto the board at square 5."),
        (Moved(0, 20, 24), "Counting: twenty-one, twenty-two, twenty-three, twenty-four.",
         "Asha moves from 20 to 24."),
    ]:
        # Counting aloud, the step sound goes with the count; otherwise with the move.
        assert [(m.text, m.earcon) for m in counted.narrate(event)] == [(count, "step"),
                                                                       (sentence, None)]
        assert [(m.text, m.earcon) for m in plain.narrate(event)] == [(sentence, "step")]


def test_count_along_in_nepali_words_from_the_current_square() -> None:
    texts = narrate("ne", Verbosity.NORMAL, count=True)
    assert texts[EVENTS.index(Moved(0, 20, 24))][0] == "गनौँ: एक्काइस, बाइस, तेइस, चौबीस।"
    bounce = texts[EVENTS.index(Bounced(0, 98, 97, 3))][0]
    assert bounce.count(",") == 4  # 99, 100, 99, 98, 97
    entered = texts[EVENTS.index(Entered(0, 5))][0]
    assert entered.startswith("गनौँ: एक, दुई")


def test_named_jumps_on_moksha_patam_in_both_languages() -> None:
    board = load_board("moksha-patam")
    en = Narrator(Localizer.create("en"), board, SEATS).narrate(Climbed(0, 4, 25))[0].text
    ne = Narrator(Localizer.create("ne"), board, SEATS).narrate(Slid(0, 16, 6))[0].text
    assert en == "Bharyang of Kindness! Asha climbs from 4 to 25."
    assert ne.startswith("रिसको साँप!") and "१६" in ne and "६" in ne


def test_latin_digits_in_nepali_on_request() -> None:
    narrator = Narrator(Localizer.create("ne", Digits.LATIN), load_board("classic"), SEATS)
    assert "38" in narrator.narrate(Climbed(0, 1, 38))[0].text


# Which sound a player hears first for each event (a climb must never sound like a slide).
EARCON_OF_EVENT = ["turn", "dice", None, "step", "step", "ladder", "snake", "overshoot",
                   "bounce", "six", "six", "win", "win", None]


@pytest.mark.parametrize("verbosity", list(Verbosity))
def test_each_event_has_its_own_earcon(verbosity: Verbosity) -> None:
    narrator = Narrator(Localizer.create("en"), load_board("classic"), SEATS, verbosity)
    # Steps also tick under counting aloud (full), so they are checked apart.
    heard = {repr(e): {m.earcon for m in narrator.narrate(e)} - {None} for e in EVENTS}
    assert {event: sounds - {"step"} for event, sounds in heard.items()} == {
        repr(e): {name} - {None, "step"} for e, name in zip(EVENTS, EARCON_OF_EVENT, strict=True)}
    assert "step" in heard[repr(Moved(0, 20, 24))]


def test_climbing_sounds_rising_and_sliding_falling() -> None:
    def pitch_rises(name: str) -> bool:
        samples = list(cues.load(name).samples())
        quarter = len(samples) // 4

        def crossings(values: list[int]) -> int:
            return sum(1 for x, y in itertools.pairwise(values) if (x < 0) != (y < 0))

        return crossings(samples[-quarter:]) > crossings(samples[:quarter])

    narrator = Narrator(Localizer.create("en"), load_board("classic"), SEATS)
    climb = narrator.narrate(Climbed(0, 1, 38))[0].earcon
    slide = narrator.narrate(Slid(0, 16, 6))[0].earcon
    assert climb is not None and slide is not None
    assert pitch_rises(climb) and not pitch_rises(slide)


def three_on_the_classic_board() -> Game:
    game = Game(load_board("classic"), Rules(), [Seat("Asha"), Seat("Bikash"), Seat("Chandra")])
    for roll in (3, 3, 5):
        game.play(roll)
    return game  # Asha and Bikash on 3, Chandra on 5


@pytest.mark.parametrize("square,heard", [
    (3, ["A ladder on 4, a roll of 1 away, climbs to 14.",
         "A ladder on 9, a roll of 6 away, climbs to 31."]),
    (5, ["A ladder on 9, a roll of 4 away, climbs to 31."]),
    (29, ["No snakes or ladders in the next six squares."]),
    (93, ["A snake on 95, a roll of 2 away, slides to 75.",
          "A snake on 98, a roll of 5 away, slides to 78."]),
    (94, ["A snake on 95, a roll of 1 away, slides to 75.",
          "A snake on 98, a roll of 4 away, slides to 78.", "The last square is 6 away."]),
    (99, ["No snakes or ladders in the next six squares.", "The last square is 1 away."]),
])
def test_what_lies_ahead_is_every_jump_within_a_roll_and_the_end(square: int,
                                                                 heard: list[str]) -> None:
    game = three_on_the_classic_board()
    game.positions[2] = square
    narrator = Narrator(Localizer.create("en"), game.board, game.seats)
    assert [m.text for m in narrator.ahead(game, 2)] == heard


def test_what_lies_ahead_in_nepali() -> None:
    game = three_on_the_classic_board()
    narrator = Narrator(Localizer.create("ne"), game.board, game.seats)
    assert [m.text for m in narrator.ahead(game, 0)] == [
        "कोठा ४ मा भऱ्याङ छ, १ आए पुगिन्छ, त्यसले १४ मा चढाउँछ।",
        "कोठा ९ मा भऱ्याङ छ, ६ आए पुगिन्छ, त्यसले ३१ मा चढाउँछ।"]


@pytest.mark.parametrize("language,square,heard", [
    ("en", 3, "Square 3. Asha and Bikash are here."),
    ("en", 5, "Square 5. Chandra is here."),
    ("en", 4, "Square 4. A ladder climbs from here to 14."),
    ("en", 16, "Square 16. A snake slides from here to 6."),
    ("en", 100, "Square 100. The last square."),
    ("en", 2, "Square 2."),
    ("ne", 3, "कोठा ३। Asha र Bikash यहाँ छन्।"),
    ("ne", 5, "कोठा ५। Chandra यहाँ छ।"),
    ("ne", 16, "कोठा १६। यहाँबाट साँपले ६ सम्म झार्छ।"),
])
def test_exploring_a_square_says_who_is_there_and_where_it_leads(language: str, square: int,
                                                                 heard: str) -> None:
    game = three_on_the_classic_board()
    narrator = Narrator(Localizer.create(language), game.board, game.seats)
    assert [m.text for m in narrator.square(game, square)] == [heard]


def test_brief_sentences() -> None:
    flat = [t for texts in narrate("en", Verbosity.BRIEF) for t in texts]
    assert flat == [
        "Asha's turn.", "Asha rolled 4.", "Asha rolled 3 and needs a 6 to start.",
        "Onto square 5.", "To square 24.", "Bharyang, up to 64.", "Saanp, down to 61.",
        "Too far: stays on 97, needs 3.", "Bounced back to 97.", "Chhakka! Roll again.",
        "Third chhakka: the turn passes.", "Asha reaches 100 and wins!",
        "Bikash reaches 100 and takes place 2.", "Game over. The places:",
        "Place 1: Asha, finished.", "Place 2: Bikash, on square 55.",
        "Place 3: Bikash, not yet on the board."]


def test_where_everyone_is() -> None:
    game = three_on_the_classic_board()
    game.positions[1:] = [0, 100]
    narrator = Narrator(Localizer.create("en"), game.board, game.seats)
    assert [m.text for m in narrator.where(game)] == [
        "Asha is on square 3.", "Bikash is not yet on the board.", "Chandra has finished."]


def test_exploring_names_the_virtue_or_vice_of_a_named_jump() -> None:
    game = three_on_the_classic_board()
    narrator = Narrator(Localizer.create("en"), load_board("moksha-patam"), game.seats)
    assert [narrator.square(game, s)[0].text for s in (4, 16)] == [
        "Square 4. The ladder of Kindness climbs from here to 25.",
        "Square 16. The snake of Anger slides from here to 6."]


def test_computer_players_are_numbered_in_the_game_s_language() -> None:
    assert computer_name(Localizer.create("en"), 2) == "Computer 2"
    assert computer_name(Localizer.create("ne"), 2) == "कम्प्युटर २"


def test_names_a_game_gave_are_said_in_the_readers_language_and_a_childs_name_as_given() -> None:
    """A game played in English stores its computer players as "Computer 1"; resumed or
    listed in Nepali they are कम्प्युटर १, in whatever digits the game that named them used."""
    nepali, english = Localizer.create("ne"), Localizer.create("en")
    assert shown_name("Computer 1", nepali) == "कम्प्युटर १"
    assert shown_name("कम्प्युटर 12", english) == "Computer 12"
    assert shown_name("Player 1", nepali) == "खेलाडी १"
    for name in ("Computers 1", "Computer", "Asha", "आशा", "Computer 1 2"):
        assert shown_name(name, nepali) == name
    seats = [Seat("Computer 2", computer=True), Seat("Asha+Bikash")]
    narrator = Narrator(nepali, load_board("classic"), seats)
    assert [narrator.name(0), narrator.name(1)] == ["कम्प्युटर २", "Asha र Bikash"]


def test_an_english_game_knows_its_names_without_reading_another_catalog(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Reading the Nepali catalog took a tenth of a second of CPU, half an English game's
    # start, and every English game read it to say "Computer 1".
    from snl_edu.language import localizer

    localizer.translations.cache_clear()
    narration._given_names.cache_clear()
    english = Localizer.create("en")
    assert [shown_name(name, english) for name in ("Computer 1", "Player 2", "Asha")] == \
        ["Computer 1", "Player 2", "Asha"]
    assert localizer.translations.cache_info().currsize == 1  # English's own: no file read
    assert shown_name("कम्प्युटर 12", english) == "Computer 12"  # a Nepali game's name


def test_praise_and_comfort_are_for_children_not_computer_players() -> None:
    narrator = Narrator(Localizer.create("en"), load_board("saanp-bharyang"), SEATS,
                        Verbosity.FULL)
    child, computer = Climbed(0, 27, 64), Climbed(1, 27, 64)
    assert "Up you go, well done!" in [m.text for m in narrator.narrate(child)]
    assert [m.text for m in narrator.narrate(computer)] == [
        "Bharyang! Bikash climbs the ladder from 27 to 64."]
    assert [m.text for m in narrator.narrate(Slid(1, 97, 61))] == [
        "Saanp! Bikash slides down the snake from 97 to 61."]
    assert [m.text for m in narrator.narrate(Won(1, 1))] == ["Bikash reaches 100 and wins!"]


@pytest.mark.parametrize("language", ["en", "ne"])
def test_at_level_one_a_roll_is_tapped_and_a_move_counted_on_from_the_childs_square(
        language: str) -> None:
    loc = Localizer.create(language)
    narrator = Narrator(loc, load_board("saanp-bharyang"), SEATS,
                        counting_on=lambda seat: seat == 0)
    rolled = narrator.narrate(Rolled(0, 4, 20))
    assert [m.earcon for m in rolled] == ["taps-4"]  # four taps, then "Asha rolled a 4"
    assert [m.earcon for m in narrator.narrate(Rolled(1, 4, 20))] == ["dice"]
    moved = narrator.narrate(Moved(0, 20, 24))
    words = ", ".join(loc.words(n) for n in (21, 22, 23, 24))
    expected = {"en": f"Counting on from twenty: {words}.",
                "ne": f"{loc.words(20)}देखि अगाडि गनौँ: {words}।"}[language]
    assert (moved[0].text, moved[0].earcon) == (expected, "step")
    assert moved[1].earcon is None  # the step sound goes with the count, heard once
    assert len(narrator.narrate(Moved(1, 20, 24))) == 1  # the computer's: just the move


@pytest.mark.parametrize(("events", "english", "nepali"), [
    ([Rolled(1, 4, 14), Moved(1, 14, 18)], "Bikash: 14 to 18.", "१४"),
    ([Rolled(1, 3, 0), Entered(1, 3), Climbed(1, 3, 11)], "Bikash: onto the board at 11.", "११"),
    ([Rolled(1, 3, 24), Moved(1, 24, 27), Climbed(1, 27, 64)],
     "Bikash: 24 to 64, up a ladder.", "६४"),
    ([Rolled(1, 2, 95), Moved(1, 95, 97), Slid(1, 97, 61)], "Bikash: 95 to 61, down a snake.",
     "६१"),
    ([Rolled(1, 5, 98), Bounced(1, 98, 97, 3)], "Bikash: 98 to 97.", "९७"),  # (was "to 2")
    ([Rolled(1, 6, 97), Overshot(1, 97, 6, 3)], "Bikash stays at 97.", "९७"),
])
def test_a_move_in_one_line_is_the_narrators_own(events: list[Event], english: str,
                                                 nepali: str) -> None:
    # A child's page hears the others' moves in one line each: told by the narrator (one
    # place for a move's words), in the listener's language and digits.
    board = load_board("classic")
    seats = [Seat("Asha"), Seat("Bikash")]
    line = Narrator(Localizer.create("en"), board, seats).move_line(events)
    assert line is not None and line.text == english
    ne = Narrator(Localizer.create("ne"), board, seats).move_line(events)
    assert ne is not None and nepali in ne.text and not re.search("[0-9]", ne.text)
    assert Narrator(Localizer.create("en"), board, seats).move_line([TurnStarted(1)]) is None


SECOND_PERSON = ["Your turn.", "You rolled a 4 on the pasa.", "You rolled 3 and need a 6 to start.",
                 "You come onto the board at square 5.", "You move from 20 to 24.",
                 "Bharyang! You climb the ladder from 27 to 64.",
                 "Saanp! You slide down the snake from 97 to 61.",
                 "Too far! You stay on 97 and need exactly 3 to finish.",
                 "You reach 100 and bounce back 3 squares to 97.", "Chhakka! You roll again.",
                 "Three chhakkas in a row! You stay on 12 and the turn passes.",
                 "You reach 100 and win!"]


@pytest.mark.parametrize("language", ["en", "ne"])
def test_a_narrator_speaking_to_a_seat_tells_its_moves_in_the_second_person(
        language: str) -> None:
    # A child's own page reads her own moves to her as "you", not by her name (for a blind
    # child in a six-seat game her name in every line is noise); the others' stay as told.
    narrator = Narrator(Localizer.create(language), load_board("saanp-bharyang"), SEATS)
    narrator.you = 0
    told = [[m.text for m in narrator.narrate(e)] for e in EVENTS]
    hers = [t for e, texts in zip(EVENTS, told, strict=True) for t in texts
            if getattr(e, "seat", None) == 0]
    assert all("Asha" not in text for text in hers), hers
    if language == "en":
        assert hers == SECOND_PERSON
        assert told[-2] == ["Bikash reaches 100 and takes place 2."]
    else:
        assert all("तिम्रो" in text for text in hers), hers
    # Her roll and the plain move it makes, in one line.
    merged = narrator.narrate_all([Rolled(0, 4, 20), Moved(0, 20, 24)])
    assert [m.text for m in merged] == (["You rolled 4: 20 to 24."] if language == "en"
                                        else ["तिम्रो पासामा ४ आयो: २० बाट २४ मा।"])
    assert merged[0].earcon == "dice"
    entered = narrator.narrate_all([Rolled(0, 6, 0), Entered(0, 6)])
    assert language == "ne" or [m.text for m in entered] == ["You rolled 6: onto the board at 6."]
