"""`snl stats`: exact odds on the command line, JSON, simulation, plots and bad input."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from snl_edu.cli import main


def stats(runner: CliRunner, *args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(main, ["stats", *args])


@pytest.mark.parametrize("lang", ["en", "ne"])
def test_help_works_in_both_languages(runner: CliRunner, lang: str) -> None:
    result = stats(runner, "--help", "--lang", lang)
    assert result.exit_code == 0, result.output
    assert "--simulate" in result.output and "--plot" in result.output


def test_default_board_in_words_and_chart(runner: CliRunner) -> None:
    result = stats(runner)
    assert result.exit_code == 0, result.output
    assert "One player alone needs 40.63 rolls on average" in result.output
    assert "Seat 1 wins" in result.output and "Seat 2 wins" in result.output
    assert "Seat 3" not in result.output
    assert "#" in result.output  # the text chart


def test_json_has_the_figures_for_machines(runner: CliRunner) -> None:
    result = stats(runner, "classic", "--json", "--players", "4", "--over", "30")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert round(data["expected_rolls"], 2) == 39.41
    assert len(data["seats"]) == 4
    assert sum(s["win_chance"] for s in data["seats"]) == pytest.approx(1.0)
    assert set(data["turns"]["over"]) == {"30"}
    assert data["turns"]["median"] == data["turns"]["percentiles"]["50"]
    assert sum(data["turns"]["chances"]) + data["turns"]["tail"] == pytest.approx(1.0)


def test_rule_options_change_the_answer(runner: CliRunner) -> None:
    def rolls(*options: str) -> float:
        result = stats(runner, "moksha-patam", "--json", *options)
        assert result.exit_code == 0, result.output
        return float(json.loads(result.output)["expected_rolls"])

    assert rolls("--finish", "overshoot") < rolls() < rolls("--finish", "bounce")
    assert rolls("--six-to-start") > rolls()
    assert round(rolls("--no-six-again"), 2) == 37.36


def test_simulation_reports_agreement(runner: CliRunner) -> None:
    result = stats(runner, "classic", "--simulate", "200", "--seed", "3", "--no-chart")
    assert result.exit_code == 0, result.output
    assert "200 games played by the game engine" in result.output
    assert result.output.count("they agree") >= 4
    assert "#" not in result.output


def test_simulation_in_json(runner: CliRunner) -> None:
    result = runner.invoke(main, ["stats", "--json", "--simulate", "50", "--seed", "1",
                                  "--players", "1"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["simulation"]["rolls"]["games"] == 50
    assert data["simulation"]["seats"] == [] and data["simulation"]["rounds"] is None


def test_nepali_digits(runner: CliRunner) -> None:
    result = stats(runner, "--lang", "ne", "--no-chart")
    assert result.exit_code == 0, result.output
    assert "४०.६३" in result.output


def test_a_board_file_that_traps_players_is_one_clear_message(runner: CliRunner,
                                                              tmp_path: Path) -> None:
    trap = tmp_path / "trap.toml"
    trap.write_text("name = 'trap'\n" + "".join(
        f"[[snakes]]\nfrom = {s}\nto = 1\n" for s in range(94, 100)), encoding="utf-8")
    result = stats(runner, str(trap))
    assert result.exit_code == 1
    assert "could never reach the last square" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("bad", [["nowhere"], ["--players", "9"], ["--plot", "x.pdf"],
                                 ["--simulate", "0"], ["--finish", "sideways"]])
def test_bad_input_is_a_message(runner: CliRunner, bad: list[str]) -> None:
    result = stats(runner, *bad)
    assert result.exit_code in (1, 2)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Error" in result.output


@pytest.mark.parametrize("suffix", [".svg", ".png"])
def test_plot_file(runner: CliRunner, tmp_path: Path, suffix: str) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / f"turns{suffix}"
    result = stats(runner, "classic", "--plot", str(target))
    assert result.exit_code == 0, result.output
    assert target.stat().st_size > 1000
    if suffix == ".svg":
        ET.parse(target)
    else:
        assert target.read_bytes().startswith(b"\x89PNG")
