"""In stereo, each square she steps on is heard where it lies along its row: the board's
rows run left to right and back in turn, so the number line is heard in space too. Played
through the real device path, on miniaudio's null backend."""

from __future__ import annotations

import math
from array import array

import pytest

from snl_edu.boards import load_board
from snl_edu.engine import Board
from snl_edu.language.localizer import Localizer
from snl_edu.outputs.aloud.player import Player
from snl_edu.outputs.aloud.sound_outputs import EarconOutput
from snl_edu.play.counting import Go, GoKind, Walk
from tests.outputs.aloud.null_device import WatchedSink


def rms(values: array[int]) -> float:
    return math.sqrt(sum(v * v for v in values) / len(values))


def heard(board: Board, start: int, roll: int) -> list[float]:
    """Her go from ``start``, one press a square, through a stereo device: for each square
    stepped on, the share of its sound in the right ear (0 left, 1 right)."""
    sink = WatchedSink(channels=2)
    output = EarconOutput(Player(sink))
    walk = Walk(0, roll, start, tuple(range(start + 1, start + roll + 1)))
    go = Go(walk, GoKind.STEPS, Localizer.create("en"), "Asha", board.across)
    try:
        for _ in range(roll):
            for message in go.step():
                output.show(message)
    finally:
        sink.close()
    shares = []
    for sound in sink.sounds:
        frames = array("h")
        frames.frombytes(bytes(sound.data))
        left, right = rms(frames[0::2]), rms(frames[1::2])
        shares.append(right / (left + right))
    return shares


def test_a_row_is_heard_left_to_right_and_the_next_right_to_left() -> None:
    board = load_board("saanp-bharyang")
    shares = heard(board, 7, 6)  # 8, 9, 10 on the bottom row, then 11, 12, 13 above it
    assert len(shares) == 6
    assert shares[0] < shares[1] < shares[2]  # 8 to 10: towards the right
    assert shares[2] > 0.95 and shares[3] > 0.95  # 10 and 11: both at the right edge
    assert shares[3] > shares[4] > shares[5]  # 11 to 13: back towards the left


def test_the_straight_board_is_heard_from_the_left_ear_to_the_right() -> None:
    shares = heard(load_board("straight-20"), 0, 6) + heard(load_board("straight-20"), 14, 6)
    assert shares == sorted(shares)
    assert shares[0] < 0.05 and shares[-1] > 0.95  # 1 at the left, 20 at the right
    assert shares[0] == pytest.approx(0.0, abs=0.01)


def test_speech_and_other_earcons_stay_the_same_in_both_ears() -> None:
    from snl_edu.outputs.aloud import cues

    sink = WatchedSink(channels=2)
    try:
        Player(sink).play(cues.load("ladder"))
    finally:
        sink.close()
    frames = array("h")
    frames.frombytes(bytes(sink.sounds[0].data))
    assert frames[0::2] == frames[1::2] and rms(frames[0::2]) > 0
    assert len(frames) == 2 * cues.load("ladder").frames
