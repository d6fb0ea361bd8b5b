"""Engine speed: microseconds per roll of simulated games, against a bare loop of the same rules.

    python benchmarks/bench_engine.py [--rounds N] [--games N]

Ours: one-player games played by ``Game.play`` (events and all) with ``RandomDice``.
Reference: the same rules written as one plain Python loop over local variables,
fed by the same dice, measured alternately in the same run. Both play the same
games, roll for roll (checked), so the ratio is the engine's whole overhead; the
goal is games at 0.4 or more of the bare loop's rate (a time ratio of 2.5 or less).
Also: narrating a move counted aloud (``--count``), against the same move uncounted.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from measure import Result, alternate, report, seconds

from snl_edu.boards import load_board
from snl_edu.engine import DIE_FACES, Board, Finish, Game, Rules, Seat
from snl_edu.engine.events import Moved
from snl_edu.inputs.dice import RandomDice
from snl_edu.language.localizer import localizer_for
from snl_edu.play.narration import Narrator

RULE_SETS = {"default rules": Rules(), "bounce, no three-sixes": Rules(Finish.BOUNCE, True, False),
             "six to start, no six-again": Rules(six_again=False, six_to_start=True)}


def engine_games(board: Board, rules: Rules, games: int, seed: int) -> int:
    """Rolls played in ``games`` one-player games by the engine."""
    dice = RandomDice(seed)
    seats = [Seat("solo", computer=True)]
    rolls = 0
    for _ in range(games):
        game = Game(board, rules, seats)
        while not game.over:
            game.play(dice.roll())
        rolls += len(game.rolls)
    return rolls


def bare_games(board: Board, rules: Rules, games: int, seed: int) -> int:
    """The same games as one plain loop: the floor a Python engine can approach."""
    randint = random.Random(seed).randint
    jumps = {j.start: j.end for j in board.jumps}
    last = board.last
    finish, six_again, three_sixes, six_to_start = (rules.finish, rules.six_again,
                                                   rules.three_sixes, rules.six_to_start)
    rolls = 0
    for _ in range(games):
        square = sixes = 0
        while True:
            roll = randint(1, DIE_FACES)
            rolls += 1
            six = roll == DIE_FACES and six_again
            sixes = sixes + 1 if six else 0
            if six and three_sixes and sixes == 3:
                sixes = 0
                continue
            if square == 0 and six_to_start and roll != DIE_FACES:
                continue
            target = square + roll
            if target > last:
                if finish is Finish.EXACT:
                    continue
                target = last if finish is Finish.OVERSHOOT else 2 * last - target
            square = jumps.get(target, target)
            if square == last:
                break
    return rolls


def narration_us(count: bool, moves: int) -> float:
    loc = localizer_for("en")
    board = load_board("classic")
    narrator = Narrator(loc, board, [Seat("Asha")], count=count)
    events = [Moved(0, start, start + 6) for start in range(10, 90, 7)]
    started = seconds(lambda: [narrator.narrate(events[n % len(events)]) for n in range(moves)])
    return started / moves * 1e6


def run(tiny: bool = False, rounds: int = 15, games: int = 1000) -> list[Result]:
    if tiny:
        rounds, games = 2, 5
    board = load_board("classic")
    results = []
    for label, rules in RULE_SETS.items():
        rolls = engine_games(board, rules, games, seed=1)
        same = bare_games(board, rules, games, seed=1)
        if rolls != same:
            raise AssertionError(f"{label}: the bare loop played {same} rolls, the engine {rolls}")

        def ours(rules: Rules = rules, rolls: int = rolls) -> float:
            return seconds(lambda: engine_games(board, rules, games, 1)) / rolls * 1e6

        def bare(rules: Rules = rules, rolls: int = rolls) -> float:
            return seconds(lambda: bare_games(board, rules, games, 1)) / rolls * 1e6

        mine, floor = alternate(ours, bare, rounds)
        results.append(Result(f"engine, classic, {label}", "µs/roll", mine,
                              "bare loop, same rules and dice", floor, goal="ratio <= 2.5"))
    moves = 20 if tiny else 2000
    counted, plain = alternate(lambda: narration_us(True, moves), lambda: narration_us(False, moves),
                               rounds)
    results.append(Result("narrate a move of 6, counted aloud", "µs/move", counted,
                          "the same move, not counted", plain))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--games", type=int, default=1000, help="games per round")
    options = parser.parse_args()
    report(__doc__.splitlines()[0], lambda: run(rounds=options.rounds, games=options.games))


if __name__ == "__main__":
    main()
