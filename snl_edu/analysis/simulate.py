"""Monte Carlo with the real engine, to cross-check the exact analysis.

Games are played by ``snl_edu.engine.Game`` with ``snl_edu.inputs.dice.RandomDice``, so any
difference between the chain and the engine's rules shows up here.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from snl_edu.engine import Board, Game, Rules, Seat
from snl_edu.engine.events import TurnStarted, Won
from snl_edu.inputs.dice import RandomDice

AGREEMENT_SE = 4.0
"""Exact and simulated figures agree when they differ by at most this many standard errors."""

Progress = Callable[[int], None]
PROGRESS_EVERY = 500
"""Games between two progress reports at most (a redrawn bar costs more than a game), and
at least a hundred reports a run, so that every quarter told as a plain line is told."""


@dataclass(frozen=True)
class Sample:
    """The mean of a simulated figure and its standard error."""

    count: int
    mean: float
    se: float

    def agrees(self, exact: float, within: float = AGREEMENT_SE) -> bool:
        return abs(self.mean - exact) <= within * self.se or math.isclose(self.mean, exact)

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """The 95 % confidence interval by default."""
        return self.mean - z * self.se, self.mean + z * self.se


class Running:
    """Mean and spread kept as values arrive (Welford), so a long simulation streams in
    constant memory instead of keeping every game."""

    def __init__(self) -> None:
        self.count = 0
        self.mean = 0.0
        self._squares = 0.0

    def add(self, value: float) -> None:
        self.count += 1
        delta = value - self.mean
        self.mean += delta / self.count
        self._squares += delta * (value - self.mean)

    def sample(self) -> Sample:
        spread = self._squares / max(self.count - 1, 1)
        return Sample(self.count, self.mean, math.sqrt(spread / max(self.count, 1)))


@dataclass(frozen=True)
class Simulation:
    rolls: Sample  # one player alone: rolls to finish
    turns: Sample  # one player alone: turns to finish
    seat_wins: tuple[Sample, ...]  # each seat's share of wins (empty for one player)
    rounds: Sample | None  # rounds per game with several players


_ALONE = (Seat("solo"),)


def play_alone(board: Board, rules: Rules, dice: RandomDice) -> tuple[int, int]:
    """One player's game to the end: (rolls, turns).

    A roll that passes the turn ends its events with the next ``TurnStarted`` (the engine
    adds it last), so only the last event is looked at: the loop stays near the engine's
    own speed."""
    game = Game(board, rules, _ALONE)
    play, roll, turn_started = game.play, dice.roll, TurnStarted
    turns = 1
    while not game.over:
        turns += type(play(roll())[-1]) is turn_started
    return len(game.rolls), turns


def play_together(board: Board, rules: Rules, players: int, dice: RandomDice
                  ) -> tuple[int, int]:
    """A game of several players until it ends: (first winner's seat, rounds played).

    The rounds are the turns taken by the seat whose finish ended the game: the first
    winner, or with play-to-end the last one to finish.
    """
    game = Game(board, rules, [Seat(f"seat {n}") for n in range(1, players + 1)])
    taken = [0] * players
    taken[0] = 1
    winner = last_won = -1
    while not game.over:
        for event in game.play(dice.roll()):
            if isinstance(event, TurnStarted):
                taken[event.seat] += 1
            elif isinstance(event, Won):
                last_won = event.seat
                winner = event.seat if winner < 0 else winner
    return winner, taken[last_won]


def simulate(board: Board, rules: Rules, games: int, players: int = 1,
             seed: int | None = None, progress: Progress | None = None) -> Simulation:
    """``games`` lone games (and as many games of ``players`` seats when more than one)."""
    dice = RandomDice(seed)
    rolls, turns = Running(), Running()
    for game in range(1, games + 1):
        played_rolls, played_turns = play_alone(board, rules, dice)
        rolls.add(played_rolls)
        turns.add(played_turns)
        _report(progress, game, games)
    seat_wins: tuple[Sample, ...] = ()
    rounds: Sample | None = None
    if players > 1:
        wins = [Running() for _ in range(players)]
        lengths = Running()
        for game in range(1, games + 1):
            winner, played_rounds = play_together(board, rules, players, dice)
            for seat, running in enumerate(wins):
                running.add(1.0 if seat == winner else 0.0)
            lengths.add(played_rounds)
            _report(progress, game, games)
        seat_wins = tuple(w.sample() for w in wins)
        rounds = lengths.sample()
    return Simulation(rolls.sample(), turns.sample(), seat_wins, rounds)


def _report(progress: Progress | None, game: int, games: int) -> None:
    """Games played since the last report, every so many games (``PROGRESS_EVERY``) and
    at the end."""
    every = max(1, min(PROGRESS_EVERY, games // 100))
    if progress is not None and (game % every == 0 or game == games):
        progress(game - (game - 1) // every * every)
