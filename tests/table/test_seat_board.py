"""Her board's move, square by square, as the page draws it (no browser needed)."""

from __future__ import annotations

from snl_edu.engine.events import Bounced, Climbed, Entered, Moved, Rolled
from snl_edu.table.seat_board import walked


def test_a_bounce_walks_up_to_the_last_square_and_back_to_where_it_ends() -> None:
    # From 98 a 5 on a 100-square board: 99, 100, then back to 99, 98, 97. The page walked
    # her token down from 96 to 3 instead (the bounce's count read as a square).
    assert walked([Rolled(0, 5, 98), Bounced(0, 98, 97, 3)]) == (0, [99, 100, 99, 98, 97])


def test_a_move_walks_each_square_then_jumps() -> None:
    assert walked([Rolled(1, 3, 0), Entered(1, 3), Climbed(1, 3, 11)]) == (1, [1, 2, 3, 11])
    assert walked([Rolled(0, 2, 4), Moved(0, 4, 6)]) == (0, [5, 6])
