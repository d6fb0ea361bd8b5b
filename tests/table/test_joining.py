"""How the host shows and says the way to join: a QR code beside the plain line, never
instead of it, and the join code spelled aloud in the host's language."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest
import segno

from snl_edu.language.localizer import Localizer
from snl_edu.table.codes import ALPHABET
from snl_edu.table.joining import join_command, letter_name, qr_lines, spelled_code

from .test_cli_table import read_until, snl, unique_table_name

HALF_BLOCKS = {" ": (1, 1), "\u2580": (0, 1), "\u2584": (1, 0), "\u2588": (0, 0)}


def modules(lines: list[str]) -> list[list[int]]:
    """The QR code's rows read back from the half-block lines (two rows per line)."""
    rows: list[list[int]] = []
    for line in lines:
        pairs = [HALF_BLOCKS[char] for char in line]
        rows += [[top for top, _ in pairs], [bottom for _, bottom in pairs]]
    return rows


def test_the_qr_code_printed_is_the_join_line() -> None:
    command = join_command("192.168.1.20:8765", "K7QMAHXY")
    assert command == "snl table join 192.168.1.20:8765 K7QM-AHXY"
    lines = qr_lines(command)
    assert len({len(line) for line in lines}) == 1 and not any("\x1b" in line for line in lines)
    expected = [[int(bool(module)) for module in row]  # dark modules print as spaces
                for row in segno.make(command, micro=False).matrix_iter(scale=1, border=None)]
    assert modules(lines)[:len(expected)] == expected


@pytest.mark.parametrize(("language", "sentence"), [
    ("en", "The join code, letter by letter: K, seven, Q, M; A, H, X, Y."),
    ("ne", "जोडिने कोड, एक-एक अक्षर गरेर: के, सात, क्यू, एम; ए, एच, एक्स, वाई।"),
])
def test_the_join_code_is_spelled_letter_by_letter_in_the_hosts_language(
        language: str, sentence: str) -> None:
    assert spelled_code("K7QMAHXY", Localizer.create(language)) == sentence


def test_every_letter_a_code_can_hold_has_a_nepali_name() -> None:
    nepali = Localizer.create("ne")
    for letter in ALPHABET:
        assert not re.search(r"[A-Za-z0-9]", letter_name(letter, nepali)), letter


def host_lines(tmp_path: Path, *options: str) -> list[str]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "SNL_DATA_DIR": str(tmp_path)}
    host = subprocess.Popen(
        snl("table", "host", "--players", "Asha", "--bind", "127.0.0.1", "--port", "0",
            "--lang", "en", "--name", unique_table_name(), *options),
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=env)
    try:
        return read_until(host, r"^Keys: ")
    finally:
        host.kill()
        host.communicate(timeout=30)


@pytest.mark.slow
def test_the_host_prints_the_join_line_the_browser_address_and_its_qr_code(
        tmp_path: Path) -> None:
    lines = host_lines(tmp_path, "--code", "K7QM-AHXY")
    join = next(i for i, line in enumerate(lines) if line.startswith("Children join with: "))
    command = lines[join].removeprefix("Children join with: ").removesuffix(" --name NAME")
    assert re.fullmatch(r"snl table join 127\.0\.0\.1:\d+ K7QM-AHXY", command)
    port = command.split(":")[1].split()[0]
    assert lines[join + 1] == "Or in any browser (phone, tablet, school computer), at:"
    # A phone's camera opens the seat page with the code (in the fragment: never sent on).
    assert lines[join + 2] == f"http://127.0.0.1:{port}/#K7QM-AHXY"
    assert lines[join + 3] == "Or scan this with a phone or tablet to open that page:"
    assert lines[join + 4:-1] == qr_lines(lines[join + 2])


def test_without_the_web_the_qr_code_is_the_join_line(tmp_path: Path) -> None:
    lines = host_lines(tmp_path, "--code", "K7QM-AHXY", "--no-web")
    join = next(i for i, line in enumerate(lines) if line.startswith("Children join with: "))
    command = lines[join].removeprefix("Children join with: ").removesuffix(" --name NAME")
    assert not any(line.startswith("http://") for line in lines)
    assert lines[join + 1] == "Or scan it (the same line) with a phone or tablet:"
    assert lines[join + 2:-1] == qr_lines(command)


@pytest.mark.slow
def test_a_screen_reader_gets_the_code_spelled_and_no_qr_code(tmp_path: Path) -> None:
    lines = host_lines(tmp_path, "--code", "K7QM-AHXY", "--screen-reader")
    assert "The join code, letter by letter: K, seven, Q, M; A, H, X, Y." in lines
    assert not any(set(line) & set(HALF_BLOCKS) - {" "} for line in lines)
