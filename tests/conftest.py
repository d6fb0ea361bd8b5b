"""Shared fixtures: boards and games built from crafted pieces."""

from __future__ import annotations

import pytest

from snl_edu.engine import Board, Game, Jump, JumpKind, Rules, Seat


def make_board(ladders: dict[int, int] | None = None, snakes: dict[int, int] | None = None,
               width: int = 10, height: int = 10) -> Board:
    jumps = [Jump(JumpKind.LADDER, a, b) for a, b in (ladders or {}).items()]
    jumps += [Jump(JumpKind.SNAKE, a, b) for a, b in (snakes or {}).items()]
    return Board.build("test", width, height, jumps)


def make_game(board: Board | None = None, rules: Rules | None = None, players: int = 1) -> Game:
    seats = [Seat(f"P{i}") for i in range(1, players + 1)]
    return Game(board or make_board(), rules or Rules(), seats)


@pytest.fixture
def empty_board() -> Board:
    return make_board()


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path_factory: pytest.TempPathFactory,
                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test (and any subprocess it starts) saves games in its own temporary folder,
    never in the user's real data folder."""
    monkeypatch.setenv("SNL_DATA_DIR", str(tmp_path_factory.mktemp("snl-data")))


@pytest.fixture(autouse=True)
def silent_sound_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games in tests never open the sound card (SNL_AUDIO=off), so a developer machine
    with speakers does not talk through the suite; tests of the sound path unset it."""
    monkeypatch.setenv("SNL_AUDIO", "off")
