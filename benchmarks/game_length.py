"""Average single-player game length in rolls, by simulation with the real engine.

Run by hand: python benchmarks/game_length.py [GAMES]. Prints, for each shipped
board, the mean rolls (and its standard error) under the default rules and with
six-again off, and games per second.
"""

from __future__ import annotations

import statistics
import sys
import time

from snl_edu.boards import load_board, shipped_names
from snl_edu.dice import RandomDice
from snl_edu.engine import Game, Rules, Seat


def rolls_to_finish(board_name: str, rules: Rules, games: int, seed: int) -> list[int]:
    board = load_board(board_name)
    dice = RandomDice(seed)
    lengths = []
    for _ in range(games):
        game = Game(board, rules, [Seat("solo", computer=True)])
        while not game.over:
            game.play(dice.roll())
        lengths.append(len(game.rolls))
    return lengths


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    for name in shipped_names():
        for label, rules in (("default", Rules()), ("six-again off", Rules(six_again=False))):
            started = time.perf_counter()
            lengths = rolls_to_finish(name, rules, games, seed=1)
            elapsed = time.perf_counter() - started
            error = statistics.stdev(lengths) / len(lengths) ** 0.5
            print(f"{name:15} {label:14} mean {statistics.fmean(lengths):6.2f} rolls "
                  f"± {error:.2f} (1 s.e.), median {statistics.median(lengths):4.0f}, "
                  f"{games / elapsed:8.0f} games/s")


if __name__ == "__main__":
    main()
