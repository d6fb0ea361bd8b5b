"""How the host shows and says the way to join: a QR code beside the plain line, never
instead of it, and the join code spelled aloud in the host's language."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import ifaddr
import pytest
import segno

from snl_edu.language.localizer import Localizer
from snl_edu.table.codes import ALPHABET
from snl_edu.table.discovery import lan_addresses
from snl_edu.table.joining import (
    Reach,
    join_command,
    join_lines,
    letter_name,
    qr_lines,
    reach,
    spelled_code,
)

from .test_cli_table import read_until, snl, unique_table_name

HALF_BLOCKS = {" ": (1, 1), "\u2580": (0, 1), "\u2584": (1, 0), "\u2588": (0, 0)}


def modules(lines: list[str]) -> list[list[int]]:
    """The QR code's rows read back from the half-block lines (two rows per line)."""
    rows: list[list[int]] = []
    for line in lines:
        pairs = [HALF_BLOCKS[char] for char in line]
        rows += [[top for top, _ in pairs], [bottom for _, bottom in pairs]]
    return rows


def adapter(name: str, *ips: str | tuple[str, int, int]) -> ifaddr.Adapter:
    return ifaddr.Adapter(name, name, [ifaddr.IP(ip, 24, name) for ip in ips])


LOOPBACK = adapter("lo", "127.0.0.1", ("::1", 0, 0))
# A teacher's laptop on the school's Wi-Fi, with Docker installed and a stale link-local.
CLASSROOM = [LOOPBACK, adapter("docker0", "172.17.0.1"), adapter("eth0", "169.254.7.7"),
             adapter("wlan0", "192.168.1.20", ("fe80::1", 0, 3)), adapter("eth1", "10.0.0.5")]


def qr_data(lines: list[str]) -> list[list[int]]:
    """The modules of a printed QR code (dark: 1), cut to the symbol (no quiet zone)."""
    rows = [row for row in modules(lines) if 1 in row and 0 in row]  # not the half-line pad
    left = min(row.index(1) for row in rows)
    right = max(len(row) - row[::-1].index(1) for row in rows)
    return [row[left:right] for row in rows]


def encoded(text: str) -> list[list[int]]:
    return [[int(bool(module)) for module in row]
            for row in segno.make(text, micro=False).matrix_iter(scale=1, border=0)]


def test_the_address_shown_comes_from_the_interfaces_a_phone_can_reach() -> None:
    assert lan_addresses(CLASSROOM) == ["192.168.1.20", "10.0.0.5", "172.17.0.1"]
    assert reach("0.0.0.0", CLASSROOM) == Reach("192.168.1.20", ("10.0.0.5", "172.17.0.1"))
    assert reach("10.0.0.5", CLASSROOM) == Reach("10.0.0.5")


def test_the_page_address_and_its_qr_code_are_the_lan_address() -> None:
    lines = join_lines(Localizer.create("en"), "K7QMAHXY", 8765, reach("0.0.0.0", CLASSROOM),
                       web=True, screen_reader=False)
    assert lines[1] == "Children join with: snl table join 192.168.1.20:8765 K7QM-AHXY --name NAME"
    assert lines[3] == "http://192.168.1.20:8765/#K7QM-AHXY"
    end = lines.index("The board for a projector, at:")
    assert qr_data(lines[5:end]) == encoded("http://192.168.1.20:8765/#K7QM-AHXY")
    assert lines[end + 1:] == [
        "http://192.168.1.20:8765/projector#K7QM-AHXY",
        "If a phone cannot open that address, try one of this computer's others:",
        "http://10.0.0.5:8765/#K7QM-AHXY", "http://172.17.0.1:8765/#K7QM-AHXY"]
    assert not any("127.0.0.1" in line for line in lines)


@pytest.mark.parametrize(("language", "warning"), [
    ("en", ("This computer is on no network: children's phones cannot reach it. Join it to the "
           "school's Wi-Fi, then open the table again.")),
    ("ne", ("यो कम्प्युटर कुनै नेटवर्कमा छैन: बालबालिकाका फोनले यसलाई भेट्न सक्दैनन्। यसलाई "
           "विद्यालयको वाइफाइमा जोड्नुहोस्, अनि टेबल फेरि खोल्नुहोस्।")),
])
def test_a_computer_with_only_loopback_says_no_phone_can_reach_it(
        language: str, warning: str) -> None:
    only_loopback = reach("0.0.0.0", [LOOPBACK, adapter("eth0", "169.254.7.7")])
    assert only_loopback == Reach("127.0.0.1", (), only_loopback.unreachable)
    lines = join_lines(Localizer.create(language), "K7QMAHXY", 8765, only_loopback,
                       web=True, screen_reader=False)
    assert lines[-1] == warning


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
    projector = lines.index("The board for a projector, at:")
    assert lines[join + 4:projector] == qr_lines(lines[join + 2])
    assert lines[projector + 1] == f"http://127.0.0.1:{port}/projector#K7QM-AHXY"
    # Bound to loopback by the teacher's --bind: said plainly, last, before the keys.
    assert lines[-2] == ("The table listens on this computer only (127.0.0.1): children's "
                         "phones cannot reach it. Leave out --bind to open it to the network.")


@pytest.mark.slow
def test_a_host_on_every_interface_shows_this_computers_lan_address(tmp_path: Path) -> None:
    found = lan_addresses()  # the real interfaces of the computer the test runs on
    lines = host_lines(tmp_path, "--code", "K7QM-AHXY", "--bind", "0.0.0.0")
    page = next(line for line in lines if line.startswith("http://"))
    if not found:
        pytest.skip("this computer is on no network")
    assert re.fullmatch(rf"http://{re.escape(found[0])}:\d+/#K7QM-AHXY", page)
    assert not any("127.0.0.1" in line or "cannot reach" in line for line in lines)


def test_without_the_web_the_qr_code_is_the_join_line(tmp_path: Path) -> None:
    lines = host_lines(tmp_path, "--code", "K7QM-AHXY", "--no-web")
    join = next(i for i, line in enumerate(lines) if line.startswith("Children join with: "))
    command = lines[join].removeprefix("Children join with: ").removesuffix(" --name NAME")
    assert not any(line.startswith("http://") for line in lines)
    assert lines[join + 1] == "Or scan it (the same line) with a phone or tablet:"
    assert lines[join + 2:join + 2 + len(qr_lines(command))] == qr_lines(command)


@pytest.mark.slow
def test_a_screen_reader_gets_the_code_spelled_and_no_qr_code(tmp_path: Path) -> None:
    lines = host_lines(tmp_path, "--code", "K7QM-AHXY", "--screen-reader")
    assert "The join code, letter by letter: K, seven, Q, M; A, H, X, Y." in lines
    assert not any(set(line) & set(HALF_BLOCKS) - {" "} for line in lines)


def test_the_first_lesson_in_the_docs_shows_what_the_host_prints() -> None:
    docs = (Path(__file__).resolve().parents[2] / "docs" / "table.md").read_text()
    lesson = docs.split("## A first lesson with a class", 1)[1].split("\n## ", 1)[0]
    shown = lesson.split("```text\n", 1)[1].split("```", 1)[0].splitlines()
    laptop = [LOOPBACK, adapter("wlan0", "192.168.1.20")]
    printed = join_lines(Localizer.create("en"), "K7QMAHXY", 8765, reach("0.0.0.0", laptop),
                         web=True, screen_reader=False)
    qr = qr_lines("http://192.168.1.20:8765/#K7QM-AHXY")
    start = printed.index(qr[0])
    assert shown == [*printed[:start], "(the QR code)", *printed[start + len(qr):]]
    only_loopback = join_lines(Localizer.create("en"), "K7QMAHXY", 8765,
                               reach("0.0.0.0", [LOOPBACK]), web=True, screen_reader=False)
    quoted = re.search(r'the host says\n"([^"]+)"', lesson).group(1)  # type: ignore[union-attr]
    assert only_loopback[-1].startswith(quoted)
