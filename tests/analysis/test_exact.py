"""The exact analysis against independent calculations: by hand, in closed form, and by
enumerating every roll sequence through the real engine."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from snl_edu.analysis import analyse
from snl_edu.analysis.chain import UnfinishableError
from snl_edu.boards import load_board, shipped_names
from snl_edu.engine import Finish, Game, Rules, Seat
from snl_edu.engine.events import TurnStarted
from snl_edu.engine.rules import every_rule_set
from tests.conftest import make_board
from tests.helpers import rule_id

# Every rule set that plays differently for one player alone: playing to the end only
# matters with company, and the three-sixes rule only with six-again.
ALL_RULES = [rules for rules in every_rule_set()
             if not rules.play_to_end and (rules.six_again or not rules.three_sixes)]


def tiny(**jumps: dict[int, int]):  # type: ignore[no-untyped-def]
    """A 4 x 2 board: squares 1 to 8."""
    return make_board(width=4, height=2, **jumps)


# -- by hand ----------------------------------------------------------------------------

def test_exact_finish_on_eight_squares_by_hand() -> None:
    # Within six of the end only one face wins, so 6 rolls are expected from squares 2..7;
    # from 1 (needing 7) the next roll reaches 2..7: 1 + 6 = 7; from 0: 1 + (7 + 5 * 6) / 6.
    result = analyse(tiny(), Rules(Finish.EXACT, six_again=False))
    assert result.expected_rolls == pytest.approx(43 / 6, rel=1e-12)
    assert result.expected_turns == pytest.approx(43 / 6, rel=1e-12)


def test_overshoot_on_eight_squares_by_hand() -> None:
    # e(s) = (7/6)^(7-s) for s = 1..7 (each step adds one sixth of the sum before it),
    # so e(0) = 1 + (1/6)(q + ... + q^6) = q^7 - q + 1 with q = 7/6.
    q = 7 / 6
    result = analyse(tiny(), Rules(Finish.OVERSHOOT, six_again=False))
    assert result.expected_rolls == pytest.approx(q ** 7 - q + 1, rel=1e-12)


def test_a_ladder_to_the_end_wins_on_a_one() -> None:
    # Ladder 1 -> 8: the first roll wins with a 1 (1/6) and no path is shorter.
    result = analyse(tiny(ladders={1: 8}), Rules(Finish.EXACT, six_again=False))
    assert result.shortest_rolls == 1 and result.shortest_turns == 1
    assert result.rolls.chance(1) == pytest.approx(1 / 6)


def test_six_to_start_adds_a_wait_for_the_first_six() -> None:
    # Off the board, the wait for a 6 is geometric with mean 6 rolls; the 6 lands on 6.
    # On the tiny exact board, from 6 another 6 rolls are expected: 6 + 6 = 12.
    result = analyse(tiny(), Rules(Finish.EXACT, six_again=False, six_to_start=True))
    assert result.expected_rolls == pytest.approx(12.0, rel=1e-12)


# -- closed form on a board without jumps ------------------------------------------------

def test_jumpless_exact_finish_decays_geometrically_at_five_sixths() -> None:
    # Near the end every roll wins with chance 1/6 and the slowest square (one before
    # the end) stays put with chance 5/6: the tail of the distribution shrinks by 5/6.
    result = analyse(make_board(), Rules(Finish.EXACT, six_again=False))
    late = result.rolls.chances
    assert len(late) > 120
    assert late[-1] / late[-2] == pytest.approx(5 / 6, rel=1e-6)


def fraction_expected_rolls(last: int, finish: Finish) -> Fraction:
    """Expected rolls on a jumpless board, six-again off, by exact backward recursion."""
    expected = {last: Fraction(0)}
    for square in range(last - 1, -1, -1):
        moves = [square + r for r in range(1, 7)]
        if finish is Finish.OVERSHOOT:
            expected[square] = 1 + sum(expected[min(m, last)] for m in moves) / 6
        else:  # exact: a roll past the end stays put, so e = 1 + (stay e + sum)/6
            reach = [m for m in moves if m <= last]
            stay = 6 - len(reach)
            expected[square] = (1 + Fraction(sum(expected[m] for m in reach), 6)) \
                / (1 - Fraction(stay, 6))
    return expected[0]


@pytest.mark.parametrize("finish", [Finish.EXACT, Finish.OVERSHOOT])
def test_jumpless_hundred_squares_matches_exact_fractions(finish: Finish) -> None:
    result = analyse(make_board(), Rules(finish, six_again=False))
    assert result.expected_rolls == pytest.approx(float(fraction_expected_rolls(100, finish)),
                                                  rel=1e-10)
    assert result.rolls.mean == pytest.approx(result.expected_rolls, rel=1e-9)


# -- every roll sequence through the real engine -----------------------------------------

def engine_first_chances(board, rules: Rules, depth: int  # type: ignore[no-untyped-def]
                         ) -> tuple[list[Fraction], list[Fraction]]:
    """Exact chances that the engine's game ends on roll n and in turn n, n <= depth."""
    by_roll = [Fraction(0)] * (depth + 1)
    by_turn = [Fraction(0)] * (depth + 1)

    def walk(rolls: list[int]) -> None:
        for face in range(1, 7):
            sequence = rolls + [face]
            game = Game(board, rules, [Seat("solo")])
            turns = 1
            for roll in sequence:
                turns += sum(isinstance(e, TurnStarted) for e in game.play(roll))
            if game.over:
                chance = Fraction(1, 6 ** len(sequence))
                by_roll[len(sequence)] += chance
                if turns <= depth:
                    by_turn[turns] += chance
            elif len(sequence) < depth:
                walk(sequence)

    walk([])
    return by_roll[1:], by_turn[1:]


@pytest.mark.parametrize("rules", ALL_RULES, ids=rule_id)
def test_first_rolls_match_enumerating_the_engine(rules: Rules) -> None:
    board = tiny(ladders={2: 6}, snakes={7: 3})
    depth = 4
    by_roll, by_turn = engine_first_chances(board, rules, depth)
    result = analyse(board, rules)
    for n in range(1, depth + 1):
        assert result.rolls.chance(n) == pytest.approx(float(by_roll[n - 1]), abs=1e-12)
    # A turn may hold more rolls than the depth explored; with six-again off each turn is
    # one roll, and with the three-sixes rule the first turn has three rolls at most.
    complete_turns = depth if not rules.six_again else 1 if rules.three_sixes else 0
    for n in range(1, complete_turns + 1):
        assert result.turns.chance(n) == pytest.approx(float(by_turn[n - 1]), abs=1e-12)
    found = [n for n, p in enumerate(by_roll, start=1) if p]
    assert result.shortest_rolls == (found[0] if found else result.shortest_rolls)
    assert found or result.shortest_rolls > depth


# -- consistency and direction -----------------------------------------------------------

@pytest.mark.parametrize("name", shipped_names())
@pytest.mark.parametrize("rules", ALL_RULES, ids=rule_id)
def test_distribution_agrees_with_the_linear_solve(name: str, rules: Rules) -> None:
    result = analyse(load_board(name), rules)
    assert result.turns.tail < result.epsilon and result.rolls.tail < result.epsilon
    assert result.rolls.mean == pytest.approx(result.expected_rolls, rel=1e-8)
    assert result.turns.mean == pytest.approx(result.expected_turns, rel=1e-8)
    assert result.turns.shortest == result.shortest_turns
    assert result.rolls.shortest == result.shortest_rolls
    assert result.expected_turns <= result.expected_rolls
    assert result.turns.percentile(10) <= result.turns.median <= result.turns.percentile(90)


def test_the_shipped_boards_match_the_figures_in_their_files() -> None:
    figures = {"saanp-bharyang": 40.63, "classic": 39.41, "moksha-patam": 37.57}
    for name, rolls in figures.items():
        assert round(analyse(load_board(name), Rules()).expected_rolls, 2) == rolls


@pytest.mark.parametrize("name", shipped_names())
def test_overshoot_is_shorter_than_exact_and_bounce_longer(name: str) -> None:
    board = load_board(name)
    for six_again in (True, False):
        exact, overshoot, bounce = (analyse(board, Rules(f, six_again)).expected_rolls
                                    for f in (Finish.EXACT, Finish.OVERSHOOT, Finish.BOUNCE))
        assert overshoot < exact
        # On a short board a bounce from the end lands within a roll of it, as waiting
        # there does: the two finish in the same expected rolls (straight-10: 7.588).
        assert exact < bounce if board.last >= 50 else exact <= bounce + 1e-9


@pytest.mark.parametrize("name", shipped_names())
def test_six_to_start_makes_games_longer(name: str) -> None:
    board = load_board(name)
    assert analyse(board, Rules(six_to_start=True)).expected_turns \
        > analyse(board, Rules()).expected_turns


def test_jumpless_overshoot_is_shorter_than_exact() -> None:
    exact = analyse(make_board(), Rules(Finish.EXACT))
    overshoot = analyse(make_board(), Rules(Finish.OVERSHOOT))
    assert overshoot.expected_rolls < exact.expected_rolls
    assert overshoot.turns.median <= exact.turns.median


def test_a_board_that_traps_the_player_is_refused() -> None:
    # Every square a 93 can reach is a snake's head back to 1: nobody ever finishes.
    trap = make_board(snakes={s: 1 for s in range(94, 100)})
    with pytest.raises(UnfinishableError):
        analyse(trap, Rules())


def test_percentiles_are_monotone_and_over_is_a_survival() -> None:
    turns = analyse(load_board("classic"), Rules()).turns
    values = [turns.percentile(p) for p in (5, 25, 50, 75, 95)]
    assert values == sorted(values)
    assert turns.over(0) == pytest.approx(1.0)
    assert turns.over(turns.median) <= 0.5 + 1e-12
    assert turns.over(turns.median - 1) > 0.5
    assert math.isclose(turns.cumulative(30) + turns.over(30), 1.0, rel_tol=1e-12)
    assert turns.chance(turns.mode) == max(turns.chances)


# Figures of the dense analysis this sparse one replaced (numpy, November 2026): the
# same to 1e-12. (board, rules, expected rolls, expected turns, 3 seats' chances, rounds)
DENSE_FIGURES = [
    ("classic", Rules(), 39.41421765415616, 33.104045888558545,
     (0.34461734533331717, 0.3331926092654191, 0.3221900454012583), 18.182668946449596),
    ("moksha-patam", Rules(), 37.57061794653658, 31.49206760048494,
     (0.34598429461850205, 0.3331478266752144, 0.32086787870627786), 19.31927933000667),
    ("saanp-bharyang", Rules(), 40.63064710213251, 34.0789028811597,
     (0.34512490964885356, 0.33317300343673445, 0.32170208691440627), 20.818718943786678),
    ("classic", Rules(Finish.BOUNCE, False, False, True), 49.19704870250328, 49.19704870250328,
     (0.34127221974082284, 0.33326322029402555, 0.32546455996514395), 27.92612156078362),
    ("saanp-bharyang", Rules(Finish.BOUNCE, False, False, True), 58.517931454935535,
     58.517931454935535, (0.34015864674472246, 0.3332816700505657, 0.3265596832047032),
     33.42265238195915),
]
# Without the three-sixes rule (long turns), figures of the sparse analysis that formed
# the whole turn matrix (November 2026; it agreed with the dense one to 1.5e-15), before
# turns were applied as factors and alike states merged.
LONG_TURN_FIGURES = [
    ("classic", Rules(three_sixes=False), 39.2251223082349, 32.7993617860468,
     (0.34470058076304333, 0.3331904083212192, 0.32210901091573174), 18.005885114177406),
    ("moksha-patam", Rules(Finish.OVERSHOOT, three_sixes=False), 31.732871348391065,
     26.70145901752136, (0.34817267017271636, 0.3330817660580248, 0.318745563769255),
     15.986689429786436),
    ("saanp-bharyang", Rules(Finish.BOUNCE, three_sixes=False, six_to_start=True),
     58.51793145493554, 48.87010266158771,
     (0.34122568167414, 0.33326384871090303, 0.3255104696149501), 27.520741424494137),
]


@pytest.mark.parametrize(("name", "rules", "rolls", "turns", "seats", "rounds"),
                         DENSE_FIGURES + LONG_TURN_FIGURES)
def test_the_figures_are_those_of_the_earlier_analyses(name: str, rules: Rules, rolls: float,
                                                     turns: float, seats: tuple[float, ...],
                                                     rounds: float) -> None:
    result = analyse(load_board(name), rules, players=3)
    assert result.expected_rolls == pytest.approx(rolls, rel=1e-12)
    assert result.expected_turns == pytest.approx(turns, rel=1e-12)
    assert result.seat_chances == pytest.approx(seats, abs=1e-12)
    assert result.expected_rounds == pytest.approx(rounds, rel=1e-12)


def test_the_geometric_tail_matches_stepping_to_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """Once every state shrinks at one rate the rest of a distribution is extrapolated;
    stepping the chain all the way gives the same chances."""
    from snl_edu.analysis import exact

    board = make_board(ladders={3: 51, 40: 222, 150: 390}, snakes={399: 2, 300: 11, 205: 60},
                       width=20, height=20)
    rules = Rules(Finish.BOUNCE)
    settled = analyse(board, rules)
    monkeypatch.setattr(exact, "_SETTLED", -1.0)  # never settled: step to the end
    stepped = analyse(board, rules)
    for ours, theirs in ((settled.rolls, stepped.rolls), (settled.turns, stepped.turns)):
        assert len(ours.chances) == len(theirs.chances) > 500
        assert max(abs(a - b) for a, b in zip(ours.chances, theirs.chances, strict=True)) < 1e-15
        assert ours.tail == pytest.approx(theirs.tail, rel=1e-9)
    assert settled.seat_chances == pytest.approx(stepped.seat_chances, abs=1e-14)
