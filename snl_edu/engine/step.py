"""What one roll of the die does to one token: the only place the rules of a move live.

``step`` is pure. ``Game.play`` applies it for the seat whose turn it is, and the exact
analysis (``snl_edu.analysis.chain``) builds its Markov chain by calling it, so the
game and the odds cannot disagree. Events are made only when someone asks
(``Move.events``): the chain needs none, and a game memoises them (``Moves``).
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from snl_edu.engine.board import Board, Jump, JumpKind
from snl_edu.engine.events import (
    Bounced,
    Climbed,
    Entered,
    Event,
    ExtraRoll,
    Moved,
    NeedSix,
    Overshot,
    Rolled,
    Slid,
    TurnLost,
)
from snl_edu.engine.rules import Finish, Rules
from snl_edu.vocabulary import DIE_FACES

MoveKey = tuple[int, int, int, int]
"""(seat, square, sixes in a row this turn, roll): all a move depends on."""
Played = tuple[int, int, bool, bool, tuple[Event, ...]]
"""A move as a game applies it: (square, sixes, turn ends, won, events); flat, because
a simulation unpacks one every roll."""
THIRD_SIX = 3
"""With the three-sixes rule, this six in a row loses the turn."""


class Walk(Enum):
    """How the token went (or did not go) before any ladder or snake."""

    TURN_LOST = "turn lost"  # the third six in a row: not moved
    NEED_SIX = "need six"  # six to start: still waiting off the board
    OVERSHOT = "overshot"  # exact finish: the roll would pass the last square
    BOUNCED = "bounced"  # bounce finish: to the end and back
    WALKED = "walked"  # forward by the roll (onto the board when coming from 0)


class Move(NamedTuple):
    """The rules' whole answer to one roll from ``(start, sixes)``.

    A named tuple: the chain makes one for each face from each state, and a frozen
    dataclass took several times as long to build.
    """

    start: int  # where the token stood (0 = off the board)
    roll: int
    walk: Walk
    reached: int  # where the walk ended, before any jump
    jump: Jump | None  # the ladder or snake taken there
    square: int  # where the token stands after the roll
    sixes: int  # sixes in a row this turn carries into its next roll
    extra_roll: bool  # a six earned another roll
    turn_ends: bool  # the turn passes (False: an extra roll, or the token has won)
    won: bool  # the token reached the last square

    def events(self, seat: int, last: int) -> tuple[Event, ...]:
        """The events of this move for ``seat`` on a board whose last square is ``last``."""
        events: list[Event] = [Rolled(seat, self.roll, self.start)]
        walk = self.walk
        if walk is Walk.TURN_LOST:
            events.append(TurnLost(seat, self.start))
        elif walk is Walk.NEED_SIX:
            events.append(NeedSix(seat, self.roll))
        elif walk is Walk.OVERSHOT:
            events.append(Overshot(seat, self.start, self.roll, last - self.start))
        elif walk is Walk.BOUNCED:
            events.append(Bounced(seat, self.start, self.reached, self.start + self.roll - last))
        elif self.start == 0:
            events.append(Entered(seat, self.reached))
        else:
            events.append(Moved(seat, self.start, self.reached))
        if self.jump is not None:
            kind = Climbed if self.jump.kind is JumpKind.LADDER else Slid
            events.append(kind(seat, self.jump.start, self.jump.end))
        if self.extra_roll:
            events.append(ExtraRoll(seat))
        return tuple(events)


def sixes_remembered(rules: Rules) -> int:
    """How many sixes in a row a turn must remember: the state stays finite."""
    if not rules.six_again:
        return 0
    # Without the three-sixes rule only "this turn goes on" matters, not for how long.
    return THIRD_SIX - 1 if rules.three_sixes else 1


def counts_as_six(rules: Rules, roll: int) -> bool:
    """Whether ``roll`` is a six that earns another roll and counts toward three in a row.

    Only such a roll depends on the sixes already rolled this turn: what any other roll
    does depends on the square alone (the exact analysis shares it between states).
    """
    return roll == DIE_FACES and rules.six_again


def step(board: Board, rules: Rules, start: int, sixes: int, roll: int) -> Move:
    """One roll of ``roll`` for a token on ``start`` whose turn has rolled ``sixes`` sixes."""
    six = counts_as_six(rules, roll)
    if six:
        sixes += 1
        if rules.three_sixes and sixes == THIRD_SIX:
            return Move(start, roll, Walk.TURN_LOST, start, None, start, 0, False, True, False)
    if start == 0 and rules.six_to_start and roll != DIE_FACES:
        return Move(start, roll, Walk.NEED_SIX, start, None, start, 0, False, True, False)
    last = board.last
    reached = start + roll
    walk = Walk.WALKED
    if reached > last:
        if rules.finish is Finish.EXACT:
            walk, reached = Walk.OVERSHOT, start
        elif rules.finish is Finish.BOUNCE:
            walk, reached = Walk.BOUNCED, 2 * last - reached
        else:
            reached = last
    jump = None if walk is Walk.OVERSHOT else board.jump_at(reached)
    square = reached if jump is None else jump.end
    if square == last:
        return Move(start, roll, walk, reached, jump, square, 0, False, False, True)
    if six:
        return Move(start, roll, walk, reached, jump, square,
                    min(sixes, sixes_remembered(rules)), True, False, False)
    return Move(start, roll, walk, reached, jump, square, 0, False, True, False)


class Moves:
    """``step`` for one board and rule set, each answer and its events worked out once.

    A game meets the same few hundred (square, sixes, roll) situations again and
    again; looking the answer up keeps a simulated game near a bare loop's speed.
    """

    __slots__ = ("board", "known", "rules")

    def __init__(self, board: Board, rules: Rules) -> None:
        self.board = board
        self.rules = rules
        self.known: dict[MoveKey, Played] = {}
        """Moves worked out so far; a game looks here first, then calls ``play``."""

    def play(self, key: MoveKey) -> Played:
        """What a roll does for a seat where it stands, worked out and kept."""
        found = self.known.get(key)
        if found is None:
            seat, start, sixes, roll = key
            move = step(self.board, self.rules, start, sixes, roll)
            found = self.known[key] = (move.square, move.sixes, move.turn_ends, move.won,
                                             move.events(seat, self.board.last))
        return found


_RECENT_LIMIT = 16
_recent: dict[tuple[int, Rules], Moves] = {}


def moves_for(board: Board, rules: Rules) -> Moves:
    """The memo for a board and rules, shared by the games played on them one after another."""
    key = (id(board), rules)
    moves = _recent.get(key)
    if moves is None or moves.board is not board:
        if len(_recent) >= _RECENT_LIMIT:
            del _recent[next(iter(_recent))]
        moves = _recent[key] = Moves(board, rules)
    return moves
