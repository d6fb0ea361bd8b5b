"""The turns distribution drawn with matplotlib (the optional ``plot`` extra).

Uses a bare ``Figure`` (no pyplot), so nothing global changes and no display is needed.
"""

from __future__ import annotations

from pathlib import Path

from snl_edu.analysis import Analysis
from snl_edu.language.localizer import Localizer

PLOT_SUFFIXES = (".png", ".svg")
_TOP_PERCENTILE = 99.9


class PlotUnavailable(Exception):
    """matplotlib is not installed."""


def plot_distribution(result: Analysis, path: Path, loc: Localizer) -> None:
    """A histogram of turns per game with the cumulative share on a second axis."""
    try:
        from matplotlib.figure import Figure
    except ImportError as error:
        raise PlotUnavailable(str(error)) from error
    _ = loc.gettext
    turns = result.turns
    top = turns.percentile(_TOP_PERCENTILE)
    lengths = list(range(1, top + 1))
    chances = [100 * turns.chance(n) for n in lengths]
    running = 0.0
    cumulative = []
    for share in chances:
        running += share
        cumulative.append(running)
    figure = Figure(figsize=(8, 4.5), layout="constrained")
    axes = figure.add_subplot()
    axes.bar(lengths, chances, width=1.0, color="#4c78a8", label=_("share of games (%)"))
    axes.set_xlabel(_("turns a game takes"))
    axes.set_ylabel(_("share of games (%)"))
    axes.axvline(turns.median, color="#333333", linestyle=":", linewidth=1)
    cumulative_axes = axes.twinx()
    cumulative_axes.plot(lengths, cumulative, color="#e45756", linewidth=2,
                         label=_("games over by then (%)"))
    cumulative_axes.set_ylim(0, 100)
    cumulative_axes.set_ylabel(_("games over by then (%)"))
    axes.set_title(_("{title}: {turns} turns on average, half of games within {median}").format(
        title=result.board.title(loc.language), turns=f"{result.expected_turns:.1f}",
        median=turns.median))
    handles = axes.get_legend_handles_labels()
    more = cumulative_axes.get_legend_handles_labels()
    axes.legend(handles[0] + more[0], handles[1] + more[1], loc="center right")
    figure.savefig(path, format=path.suffix.lstrip(".").lower())
