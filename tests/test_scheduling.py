"""How a parallel run is cut into work units (tests/longest_first.py)."""

from __future__ import annotations

from longest_first import SHORTEST_RUN, work_units


def group_of(nodeid: str) -> str | None:
    return "model" if nodeid.startswith("tests/voice/") else None


def test_a_group_is_cut_into_runs_of_its_tests_in_order_and_the_rest_stand_alone() -> None:
    voice = [f"tests/voice/test_a.py::test_{n}" for n in range(12)]
    others = [f"tests/test_b.py::test_{n}" for n in range(30)]
    seconds = {**dict.fromkeys(voice, 6.0), **dict.fromkeys(others, 1.0)}
    units = work_units([*voice, *others], group_of, seconds, workers=2)
    # 102 s on 2 workers: a run is at most a third of a worker's 51 s, so 17 s: two tests.
    runs = [units[nodeid] for nodeid in voice]
    assert runs == [f"model#{n // 2 + 1}" for n in range(12)]
    assert all(units[nodeid] == nodeid for nodeid in others)


def test_a_small_group_stays_whole_and_unknown_tests_are_counted_too() -> None:
    voice = [f"tests/voice/test_a.py::test_{n}" for n in range(4)]
    units = work_units(voice, group_of, {}, workers=8)
    assert set(units.values()) == {"model#1"}  # 4 s in all: under SHORTEST_RUN
    assert SHORTEST_RUN >= 4
