"""Nothing opens a network connection during play, and data stays in the data folder."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from click.testing import CliRunner

from snl_edu.cli import main
from snl_edu.store import STORE_FILE


class NetworkUsed(AssertionError):
    pass


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> list[tuple[object, ...]]:
    attempts: list[tuple[object, ...]] = []

    def refuse(*args: object, **kwargs: object) -> socket.socket:
        attempts.append(args)
        raise NetworkUsed(f"a socket was opened: {args}")

    monkeypatch.setattr(socket, "socket", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    return attempts


@pytest.mark.parametrize("lang", ["en", "ne"])
def test_a_full_demo_game_opens_no_socket_and_writes_only_to_the_data_folder(
        no_network: list[tuple[object, ...]], tmp_path: Path, lang: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(tmp_path)
    data = tmp_path / "data"
    result = CliRunner().invoke(main, ["play", "--demo", "--seed", "3", "--lang", lang,
                                       "--data-dir", str(data)])
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    assert result.exit_code == 0
    assert no_network == []
    assert (data / STORE_FILE).exists()
    # Nothing else was written: not in the home folder, not in the working folder.
    assert list(home.iterdir()) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data", "home"]


def test_a_game_with_lessons_opens_no_socket(no_network: list[tuple[object, ...]],
                                             tmp_path: Path) -> None:
    script = "\n".join(["5", "", "3", "12", "x", ""] * 300)
    result = CliRunner().invoke(main, ["play", "--players", "Asha", "--computer", "1",
                                       "--lessons", "every", "--level", "2", "--seed", "5",
                                       "--data-dir", str(tmp_path / "data")], input=script)
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    assert result.exit_code == 0
    assert "Game over" in result.output
    assert no_network == []
