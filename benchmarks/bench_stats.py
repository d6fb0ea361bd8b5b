"""Time the exact analysis of each shipped board, in process (run by hand).

    python benchmarks/bench_stats.py [--repeat N]

Goal (issue 7): a 100-square board under six-again rules in 50 ms or less.
Prints the headline figures too, for the project's notes.
"""

from __future__ import annotations

import argparse
import time

from snl_edu.analysis import analyse
from snl_edu.boards import load_board, shipped_names
from snl_edu.engine import Finish, Rules

RULE_SETS = {
    "default (exact, six again, three sixes)": Rules(),
    "no six again": Rules(six_again=False),
    "six again, no three-sixes rule": Rules(three_sixes=False),
    "bounce": Rules(finish=Finish.BOUNCE),
    "overshoot": Rules(finish=Finish.OVERSHOOT),
    "six to start": Rules(six_to_start=True),
}
GOAL_MS = 50.0


def best_ms(board_name: str, rules: Rules, players: int, repeat: int) -> float:
    board = load_board(board_name)
    analyse(board, rules, players)  # warm up: imports, numpy's first calls
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        analyse(board, rules, players)
        times.append(time.perf_counter() - start)
    return 1000 * min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    worst = 0.0
    for name in shipped_names():
        board = load_board(name)
        print(f"{name}")
        for label, rules in RULE_SETS.items():
            ms = best_ms(name, rules, args.players, args.repeat)
            if rules.six_again:
                worst = max(worst, ms)
            result = analyse(board, rules, args.players)
            seats = " ".join(f"{100 * c:.2f}%" for c in result.seat_chances)
            print(f"  {label:40} {ms:6.1f} ms  rolls {result.expected_rolls:6.2f}  "
                  f"turns {result.expected_turns:6.2f}  median {result.turns.median:3d}  "
                  f"mode {result.turns.mode:3d}  shortest {result.shortest_turns}t/"
                  f"{result.shortest_rolls}r  seats {seats}  rounds {result.expected_rounds:.2f}"
                  f"  states {result.states}")
    verdict = "meets" if worst <= GOAL_MS else "misses"
    print(f"slowest six-again analysis: {worst:.1f} ms ({verdict} the {GOAL_MS:.0f} ms goal)")


if __name__ == "__main__":
    main()
