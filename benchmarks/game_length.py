"""Game length by simulation with the real engine, against the exact expectation.

    python benchmarks/game_length.py [--batches N] [--games N]

For each shipped board, under the default rules and with six-again off: one player
plays batches of games with ``Game.play`` and ``RandomDice``; each batch gives a mean
number of rolls. Reported: the median and p90 of the batch means, and their ratio to
the exact expected rolls (``snl_edu.analysis``) computed in the same run, which should
be 1.00 within the batches' spread. (Engine speed is bench_engine.py's.)
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from measure import Result, report

from snl_edu.analysis import analyse
from snl_edu.boards import load_board, shipped_names
from snl_edu.engine import Board, Game, Rules, Seat
from snl_edu.inputs.dice import RandomDice

RULE_SETS = {"default rules": Rules(), "six-again off": Rules(six_again=False)}


def mean_rolls(board: Board, rules: Rules, games: int, dice: RandomDice) -> float:
    seats = [Seat("solo", computer=True)]
    total = 0
    for _ in range(games):
        game = Game(board, rules, seats)
        while not game.over:
            game.play(dice.roll())
        total += len(game.rolls)
    return total / games


def run(tiny: bool = False, batches: int = 20, games: int = 1000) -> list[Result]:
    if tiny:
        batches, games = 2, 5
    results = []
    for name in shipped_names():
        board = load_board(name)
        for label, rules in RULE_SETS.items():
            dice = RandomDice(1)
            means = [mean_rolls(board, rules, games, dice) for _ in range(batches)]
            exact = analyse(board, rules).expected_rolls
            spread = statistics.stdev(means) / len(means) ** 0.5 if len(means) > 1 else 0.0
            results.append(Result(f"{name}, {label}: mean of {games} games", "rolls", means,
                                  "exact expected rolls", [exact],
                                  goal=f"ratio 1 within {spread / exact:.3f} (1 s.e.)"))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batches", type=int, default=20)
    parser.add_argument("--games", type=int, default=1000, help="games per batch")
    options = parser.parse_args()
    report(__doc__.splitlines()[0], lambda: run(batches=options.batches, games=options.games))


if __name__ == "__main__":
    main()
