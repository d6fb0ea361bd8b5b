"""Soak: computer games on every shipped board and every rule-option combination.

Checks the rules' invariants after every event, narrates every event (English and
Nepali in turn) and round-trips every finished game through its saved form.
Run by hand:  python benchmarks/soak.py [GAMES] [--seed N]   (default 10,000 games)
tests/test_soak.py runs a few hundred games of it.

The rate it reports is of playing and narrating alone (the checks and the saved-form
round trips are timed out of it): microseconds per roll in each of ten slices of the
games, median and p90, against the engine alone replaying the same slice's rolls.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from measure import Result, report

from snl_edu.boards import load_board, shipped_names
from snl_edu.engine import Board, Finish, Game, JumpKind, Rules, Seat
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
    TurnLost,
    TurnStarted,
    Won,
)
from snl_edu.engine.rules import every_rule_set
from snl_edu.inputs.dice import RandomDice
from snl_edu.language.localizer import Localizer, localizer_for
from snl_edu.play.narration import Narrator

# A game whose rolls are this many is stuck in a loop: no fair game lasts that long.
MAX_ROLLS = 50_000


class InvariantBroken(AssertionError):
    pass


def check(condition: bool, what: str) -> None:
    if not condition:
        raise InvariantBroken(what)


@dataclass
class Totals:
    games: int = 0
    rolls: int = 0
    events: int = 0
    kinds: dict[str, int] = field(default_factory=dict)
    playing: float = 0.0  # seconds in Game.play and narration only
    played: list[tuple[Board, Rules, int, list[int]]] = field(default_factory=list)


def check_event(event: Event, game: Game, board: Board, rolled: Rolled) -> None:
    last = board.last
    match event:
        case Rolled(seat, value, square):
            check(1 <= value <= 6 and 0 <= square <= last, f"bad roll {event}")
        case Entered(seat, square):
            check(rolled.square == 0 and square == rolled.value, f"bad entry {event}")
        case Moved(seat, start, end):
            check(start == rolled.square and end == min(start + rolled.value, last),
                  f"bad move {event}")
        case Overshot(seat, square, value, needed):
            check(game.rules.finish is Finish.EXACT and square + value > last
                  and needed == last - square, f"bad overshoot {event}")
        case Bounced(seat, start, end, back):
            check(game.rules.finish is Finish.BOUNCE and end == last - back
                  and back == start + rolled.value - last and 1 <= end < last,
                  f"bad bounce {event}")
        case Climbed(seat, start, end) | Slid(seat, start, end):
            jump = board.jump_at(start)
            kind = JumpKind.LADDER if isinstance(event, Climbed) else JumpKind.SNAKE
            check(jump is not None and jump.kind is kind and jump.end == end,
                  f"jump that is not on the board {event}")
        case NeedSix(seat, value):
            check(game.rules.six_to_start and value != 6 and rolled.square == 0,
                  f"bad need-six {event}")
        case ExtraRoll(seat):
            check(rolled.value == 6 and game.rules.six_again, f"bad extra roll {event}")
        case TurnLost(seat, square):
            check(game.rules.three_sixes and rolled.value == 6, f"bad lost turn {event}")
        case TurnStarted(seat):
            check(seat not in game.finished, f"turn for a finished seat {event}")
        case Won(seat, place):
            check(game.positions[seat] == last and place == game.finished.index(seat) + 1,
                  f"bad win {event}")
        case GameOver(ranking):
            check(sorted(s.seat for s in ranking) == list(range(len(game.seats))),
                  "ranking does not list every seat once")
            places = [s.place for s in ranking]
            check(places == sorted(places) and places[0] == 1, "places out of order")
            check(game.positions[ranking[0].seat] == last, "the winner is not on the last square")


def check_state(game: Game, board: Board) -> None:
    for seat, square in enumerate(game.positions):
        check(0 <= square <= board.last, f"seat {seat} off the board: {square}")
        check(board.jump_at(square) is None, f"seat {seat} left standing on a jump start")
    check(0 <= game.current < len(game.seats), "no seat's turn")
    check(game.over or game.current not in game.finished, "a finished seat has the turn")


def play_one(board: Board, rules: Rules, seats: int, seed: int, narrator_loc: Localizer,
             totals: Totals) -> Game:
    game = Game(board, rules, [Seat(f"Computer {n}", computer=True)
                               for n in range(1, seats + 1)])
    narrator = Narrator(narrator_loc, board, game.seats)
    narrator.narrate_all(game.opening())
    dice = RandomDice(seed)
    clock = time.perf_counter
    while not game.over:
        check(len(game.rolls) < MAX_ROLLS, "the game never ends")
        seat = game.current
        roll = dice.roll()
        started = clock()
        events = game.play(roll)
        narrator.narrate_all(events)
        totals.playing += clock() - started
        first = events[0]
        check(isinstance(first, Rolled) and first.seat == seat, "a roll for the wrong seat")
        assert isinstance(first, Rolled)
        for event in events:
            check_event(event, game, board, first)
            kind = type(event).__name__
            totals.kinds[kind] = totals.kinds.get(kind, 0) + 1
        check_state(game, board)
        totals.events += len(events)
    totals.rolls += len(game.rolls)
    totals.played.append((board, rules, seats, list(game.rolls)))
    if not rules.play_to_end:
        check(len(game.finished) == 1, "more than one winner without play-to-end")
    check(Game.from_data(game.to_data()).to_data() == game.to_data(), "save round-trip differs")
    return game


def soak(games: int, seed: int = 0, slices: int = 1) -> list[Totals]:
    """Play ``games`` games in ``slices`` slices; the totals of each slice."""
    boards = [load_board(name) for name in shipped_names()]
    rule_sets = every_rule_set()
    localizers = [localizer_for("en"), localizer_for("ne")]
    chooser = random.Random(seed)
    configurations = itertools.cycle(itertools.product(boards, rule_sets))
    all_totals = []
    for part in range(slices):
        totals = Totals()
        for number in range(part * games // slices, (part + 1) * games // slices):
            board, rules = next(configurations)
            play_one(board, rules, seats=1 + number % 8, seed=chooser.randrange(2**32),
                     narrator_loc=localizers[number % 2], totals=totals)
            totals.games += 1
        all_totals.append(totals)
    return all_totals


def replay_seconds(totals: Totals) -> float:
    """The engine alone replaying a slice's games."""
    started = time.perf_counter()
    for board, rules, seats, rolls in totals.played:
        Game.replay(board, rules, [Seat(f"Computer {n}", computer=True)
                                   for n in range(1, seats + 1)], rolls)
    return time.perf_counter() - started


def run(tiny: bool = False, games: int = 10_000, seed: int = 0) -> list[Result]:
    games = 20 if tiny else games
    slices = soak(games, seed, slices=10 if games >= 10 else 1)
    rolls = [max(1, t.rolls) for t in slices]
    ours = [t.playing / n * 1e6 for t, n in zip(slices, rolls, strict=True)]
    engine = [replay_seconds(t) / n * 1e6 for t, n in zip(slices, rolls, strict=True)]
    return [Result(f"soak: play and narrate, {games} games in 10 slices", "µs/roll", ours,
                   "the engine alone replaying them", engine)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args(argv)
    start = time.perf_counter()
    report(__doc__.splitlines()[0], lambda: run(games=options.games, seed=options.seed))
    seconds = time.perf_counter() - start
    configurations = len(shipped_names()) * len(every_rule_set())
    print(f"{options.games} games ({configurations} board and rule combinations, 1-8 seats), "
          f"every event checked and narrated, in {seconds:.1f} s with the checks")
    return 0


if __name__ == "__main__":
    sys.exit(main())
