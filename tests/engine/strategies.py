"""Hypothesis strategies: valid random boards and rule sets."""

from __future__ import annotations

from hypothesis import strategies as st

from snl_edu.engine import Board, Jump, JumpKind
from snl_edu.engine.rules import every_rule_set


@st.composite
def boards(draw: st.DrawFn) -> Board:
    width = draw(st.integers(2, 12))
    height = draw(st.integers(2, 12))
    last = width * height
    if last < 7:
        height = 7 // width + 1
        last = width * height
    starts: set[int] = set()
    ends: set[int] = set()
    jumps = []
    for _ in range(draw(st.integers(0, min(12, last // 4)))):
        start = draw(st.integers(1, last - 1))
        end = draw(st.integers(1, last))
        if start == end or start in starts or start in ends or end in starts:
            continue
        kind = JumpKind.LADDER if end > start else JumpKind.SNAKE
        jumps.append(Jump(kind, start, end))
        starts.add(start)
        ends.add(end)
    return Board.build("random", width, height, jumps)


rule_sets = st.sampled_from(every_rule_set())
