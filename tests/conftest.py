"""Shared fixtures: boards and games built from crafted pieces."""

from __future__ import annotations

import os
import signal
import tempfile

import pytest

from snl_edu.engine import Board, Game, Jump, JumpKind, Rules, Seat


def _use_memory_filesystem_for_temporary_files() -> None:
    """Temporary folders (tmp_path, data folders, subprocesses' TMPDIR) live on a memory
    filesystem when the machine has one: most of the suite's wait was SQLite flushing every
    autosave to disk. A test that is about the disk itself (a full disk, say) makes its own
    file-backed filesystem and does not depend on this."""
    memory = "/dev/shm"
    if os.environ.get("SNL_TESTS_ON_DISK") or not (os.path.isdir(memory)
                                                   and os.access(memory, os.W_OK)):
        return
    os.environ["TMPDIR"] = memory
    tempfile.tempdir = memory


_use_memory_filesystem_for_temporary_files()


def _ctrl_c_as_a_terminal_sends_it() -> None:
    """A suite started in the background of a non-interactive shell inherits an ignored
    SIGINT, and so would every game it starts: the Ctrl-C tests would test nothing. Handled
    here, the signal is back to its default in every program the tests run."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


_ctrl_c_as_a_terminal_sends_it()


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
