"""Exact analysis time in process: shipped boards and generated 400- and 2,500-square boards.

    python benchmarks/bench_stats.py [--repeat N] [--players N] [--games N]

Each sample is one whole ``analyse`` (chain, matrices, distributions, seats) under the
default rules (six-again and three-sixes, the most states) and under six-again
without the three-sixes rule (the longest turns). Goals: 50 ms or less at 400
squares, under a second at 2,500. The reference is a fixed piece of pure-Python work
run alternately with each sample, so the ratio shows how busy the machine was.

Also the cross-check ``snl stats --simulate`` runs, against bench_engine's bare loop
playing the same one-player games with the same dice (checked roll for roll): the goal
is at least half the bare loop's games per second, a time ratio of 2 or less.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from types import MappingProxyType

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engine import bare_games
from measure import Result, alternate, fixed_python_work, report, seconds

from snl_edu.analysis import analyse
from snl_edu.analysis.simulate import simulate
from snl_edu.boards import load_board, shipped_names
from snl_edu.engine import Board, Jump, JumpKind, Rules

RULE_SETS = {"default rules": Rules(), "no three-sixes rule": Rules(three_sixes=False)}
GOALS = {400: "<= 50 ms", 2500: "< 1000 ms"}


def generated_board(width: int, height: int, seed: int = 7) -> Board:
    """A board with a jump on about one square in ten, past the 20 x 20 limit of board files."""
    rng = random.Random(seed)
    last = width * height
    jumps: list[Jump] = []
    used: set[int] = set()
    for start in rng.sample(range(2, last - 1), last // 10):
        if start in used:
            continue
        if rng.random() < 0.5:
            end = rng.randint(start + 1, min(last - 1, start + last // 5))
            kind = JumpKind.LADDER
        else:
            end = rng.randint(max(1, start - last // 5), start - 1)
            kind = JumpKind.SNAKE
        if end in used or end == start:
            continue
        jumps.append(Jump(kind, start, end))
        used.update((start, end))
    ordered = tuple(sorted(jumps, key=lambda j: j.start))
    return Board(f"generated {width}x{height}", width, height, ordered, MappingProxyType({}),
                 MappingProxyType({j.start: j for j in ordered}))


def simulated_games(games: int, rounds: int) -> Result:
    """``simulate`` of one-player games on the classic board, in µs a game."""
    board, rules = load_board("classic"), Rules()
    rolls = simulate(board, rules, games, seed=1).rolls
    same = bare_games(board, rules, games, seed=1)
    if round(rolls.mean * rolls.count) != same:
        raise AssertionError(f"the bare loop played {same} rolls, the simulation "
                             f"{rolls.mean * rolls.count}")
    ours, bare = alternate(
        lambda: seconds(lambda: simulate(board, rules, games, seed=1)) / games * 1e6,
        lambda: seconds(lambda: bare_games(board, rules, games, seed=1)) / games * 1e6, rounds)
    return Result(f"simulate {games} games, classic, default rules", "µs/game", ours,
                  "bare loop, same games and dice", bare, goal="ratio <= 2.0")


def run(tiny: bool = False, repeat: int = 9, players: int = 2, games: int = 2000
        ) -> list[Result]:
    boards = [load_board(name) for name in shipped_names()]
    boards += [generated_board(4, 4)] if tiny else [generated_board(20, 20),
                                                     generated_board(50, 50)]
    results = []
    for board in boards:
        rounds = 1 if tiny else max(3, repeat // 3) if board.last > 1000 else repeat
        for label, rules in RULE_SETS.items():
            states = analyse(board, rules, players).states
            ours, reference = alternate(
                lambda board=board, rules=rules: seconds(lambda: analyse(board, rules, players))
                * 1000,
                lambda: fixed_python_work() * 1000, rounds)
            results.append(Result(f"analyse {board.name} ({board.last} squares, {states} "
                                  f"states), {label}", "ms", ours, "fixed Python work",
                                  reference, goal=GOALS.get(board.last, "")))
    results.append(simulated_games(20 if tiny else games, 1 if tiny else repeat))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=2000, help="simulated games per sample")
    options = parser.parse_args()
    report(__doc__.splitlines()[0], lambda: run(repeat=options.repeat, players=options.players,
                                                games=options.games))


if __name__ == "__main__":
    main()
