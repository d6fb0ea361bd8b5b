"""The rules engine: pure, typed, no I/O, no randomness (dice are injected)."""

from snl_edu.engine.board import Board, Jump, JumpKind
from snl_edu.engine.board_data import board_from_data
from snl_edu.engine.errors import BoardError, GameStateError, SeatError
from snl_edu.engine.game import MAX_SEATS, MIN_SEATS, Game, Seat
from snl_edu.engine.rules import Finish, Rules
from snl_edu.vocabulary import DIE_FACES

__all__ = [
    "DIE_FACES", "MAX_SEATS", "MIN_SEATS", "Board", "BoardError", "Finish", "Game",
    "GameStateError", "Jump", "JumpKind", "Rules", "Seat", "SeatError",
    "board_from_data",
]
