"""`snl stats`: exact game-length odds for a board and rule set (thin wiring)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import click

from snl_edu.boards import DEFAULT_BOARD, load_board
from snl_edu.cli.common import IntRange, remember_localizer, rule_options, rules_from_options
from snl_edu.cli.group import language_options
from snl_edu.cli.progress_lines import JobProgress, progress_screen_reader
from snl_edu.engine import MAX_SEATS, MIN_SEATS
from snl_edu.error_text import os_words
from snl_edu.language.localizer import Localizer, localizer_for

if TYPE_CHECKING:  # the analysis imports numpy: only when the command runs
    from snl_edu.analysis import Analysis

DEFAULT_PLAYERS = 2
DEFAULT_OVER = (50, 100)
# Enough for four significant figures; more only costs minutes (the statistics stream,
# so memory stays flat either way).
MAX_SIMULATED = 1_000_000


@click.command()
@click.argument("board_name", metavar="[NAME|PATH]", default=DEFAULT_BOARD)
@rule_options
@click.option("--players", type=IntRange(MIN_SEATS, MAX_SEATS), default=DEFAULT_PLAYERS,
              show_default=True, help="Players taking turns, for each seat's chance of winning.")
@click.option("--over", "over", type=IntRange(min=0), multiple=True, metavar="TURNS",
              help="Also give the chance a game lasts more than this many turns "
                   "(repeatable; default 50 and 100).")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.option("--simulate", "games", type=IntRange(1, MAX_SIMULATED), default=None,
              metavar="GAMES",
              help="Cross-check by playing this many games with the game engine.")
@click.option("--seed", type=int, default=None, help="Seed the simulated pasa.")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, metavar="FILE.png|FILE.svg",
              help="Draw the distribution with matplotlib (pip install 'snl_edu[plot]').")
@click.option("--chart/--no-chart", default=True, show_default=True,
              help="Draw the distribution as a text chart.")
@progress_screen_reader
@language_options
def stats(board_name: str, players: int, over: tuple[int, ...], as_json: bool,
          games: int | None, seed: int | None, plot_path: Path | None, chart: bool,
          screen_reader: bool, lang: str | None, digits: str | None,
          **options: bool | str) -> None:
    # Its help is its line in snl_edu.cli.group.COMMANDS.
    from snl_edu.analysis import UnfinishableError, analyse
    from snl_edu.analysis.simulate import simulate
    from snl_edu.views.stats_plot import PLOT_SUFFIXES
    from snl_edu.views.stats_text import chart_lines, simulation_lines, stats_data, stats_lines

    loc = remember_localizer(localizer_for(lang, digits))
    if plot_path is not None and plot_path.suffix.lower() not in PLOT_SUFFIXES:
        raise click.BadParameter(loc.gettext("The plot file must end in .png or .svg."),
                                 param_hint="--plot")
    rules = rules_from_options(**options)
    board = load_board(board_name, rules.finish)
    limits = over or DEFAULT_OVER
    try:
        result = analyse(board, rules, players)
    except UnfinishableError as error:
        raise click.ClickException(loc.gettext(
            "On this board with these rules a player on square {square} can never reach the "
            "end, so a game may never finish.").format(square=loc.number(error.square))) from None
    played = None
    if games is not None:
        total = games * (2 if players > 1 else 1)
        with JobProgress(loc.gettext("Playing games"), total, loc, screen_reader) as bar:
            played = simulate(board, rules, games, players, seed, progress=bar.update)
    if plot_path is not None:
        _plot(result, plot_path, loc)
    if as_json:
        click.echo(json.dumps(stats_data(result, limits, played), indent=2))
        return
    for line in stats_lines(result, loc, limits):
        click.echo(line)
    if played is not None:
        click.echo()
        for line in simulation_lines(result, played, loc):
            click.echo(line)
    if chart and plot_path is None:
        click.echo()
        for line in chart_lines(result.turns, loc):
            click.echo(line)


def _plot(result: Analysis, path: Path, loc: Localizer) -> None:
    from snl_edu.views.stats_plot import PlotUnavailable, plot_distribution

    try:
        plot_distribution(result, path, loc)
    except PlotUnavailable:
        raise click.ClickException(loc.gettext(
            "Drawing a plot needs matplotlib: pip install 'snl_edu[plot]'. Without --plot, "
            "the distribution is drawn as text.")) from None
    except OSError as error:
        raise click.ClickException(loc.gettext("The plot cannot be written to {path}: {reason}.")
                                   .format(path=str(path), reason=os_words(error, loc))
                                   ) from None

