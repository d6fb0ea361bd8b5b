"""An analysis as words, as plain data for ``--json``, and as a chart made of text."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from snl_edu.analysis import PERCENTILES, Analysis, Distribution
from snl_edu.analysis.simulate import AGREEMENT_SE, Sample, Simulation
from snl_edu.engine import Rules
from snl_edu.engine.rules import RULE_OPTIONS
from snl_edu.engine.step import THIRD_SIX
from snl_edu.language.localizer import Localizer

CHART_ROWS = 20
CHART_WIDTH = 40
CHART_TOP_PERCENTILE = 99


def decimal(loc: Localizer, value: float, places: int = 2) -> str:
    return loc.number(f"{value:.{places}f}")


def percent(loc: Localizer, chance: float) -> str:
    """A chance as a percentage ("51%", "15.6%"), with enough places that small chances are
    not zero, and no ".0" that a voice reads as "point zero".

    The sign is part of the value, not the msgid: "{percent}% of" looks like a
    printf conversion ("% o") to gettext tools, which then misjudge the entry.
    """
    places = 1 if chance >= 0.001 or chance == 0 else 3
    text = f"{100 * chance:.{places}f}".rstrip("0").rstrip(".")
    return loc.number(text + "%")


def rules_phrases(rules: Rules, loc: Localizer) -> list[str]:
    phrases = (option.phrases[getattr(rules, option.name)] for option in RULE_OPTIONS
               if option.applies(rules))
    return [loc.gettext(phrase).format(sixes=loc.words(THIRD_SIX))
            for phrase in phrases if phrase is not None]


def stats_lines(result: Analysis, loc: Localizer, over: Sequence[int]) -> list[str]:
    _ = loc.gettext
    turns = result.turns
    lines = [
        _("{title}, with these rules: {rules}.").format(
            title=result.board.title(loc.language), rules=loc.join(rules_phrases(result.rules, loc))),
        _("One player alone needs {rolls} rolls on average, in {turns} turns.").format(
            rolls=decimal(loc, result.expected_rolls), turns=decimal(loc, result.expected_turns)),
        _("Half of all games are over within {median} turns; the most likely length is "
          "{mode} turns.").format(median=loc.number(turns.median), mode=loc.number(turns.mode)),
        loc.ngettext("The shortest possible game takes {turns} turn ({rolls} rolls).",
                     "The shortest possible game takes {turns} turns ({rolls} rolls).",
                     result.shortest_turns).format(turns=loc.number(result.shortest_turns),
                                                   rolls=loc.number(result.shortest_rolls)),
    ]
    for share in PERCENTILES:
        lines.append(_("{percent} of games are over within {turns} turns.").format(
            percent=loc.number(share) + "%", turns=loc.number(turns.percentile(share))))
    for limit in over:
        lines.append(_("The chance that a game lasts more than {turns} turns: {percent}.")
                     .format(turns=loc.number(limit), percent=percent(loc, turns.over(limit))))
    if result.players > 1:
        lines.append(_("With {players} players taking turns in seat order:").format(
            players=loc.number(result.players)))
        for seat, chance in enumerate(result.seat_chances, start=1):
            lines.append(_("Seat {seat} wins {percent} of games.").format(
                seat=loc.number(seat), percent=percent(loc, chance)))
        lines.append(_("A game lasts {rounds} rounds on average.").format(
            rounds=decimal(loc, result.expected_rounds)))
    # In words ("one in one trillion"), not "1e-12": read aloud, that is letters and a dash.
    lines.append(_("These figures are exact, from a Markov chain of {states} states; the "
                   "distributions leave out a last chance smaller than one in {count}.").format(
        states=loc.number(result.states), count=loc.words(round(1 / result.epsilon))))
    return lines


def _sample_line(loc: Localizer, what: str, sample: Sample, exact: float) -> str:
    _ = loc.gettext
    low, high = sample.interval()
    values = {"what": what, "simulated": decimal(loc, sample.mean, 3),
              "low": decimal(loc, low, 3), "high": decimal(loc, high, 3),
              "exact": decimal(loc, exact, 3), "limit": loc.number(int(AGREEMENT_SE)),
              "confidence": loc.number(95) + "%"}
    if sample.agrees(exact):
        return _("{what}: simulated {simulated} ({confidence} interval {low} to {high}), exact {exact}: "
                 "they agree.").format(**values)
    return _("{what}: simulated {simulated} ({confidence} interval {low} to {high}), exact {exact}: "
             "they do not agree (more than {limit} standard errors apart).").format(**values)


def simulation_lines(result: Analysis, played: Simulation, loc: Localizer) -> list[str]:
    _ = loc.gettext
    lines = [_("Cross-check: {games} games played by the game engine with a random pasa.")
             .format(games=loc.number(played.rolls.count)),
             _sample_line(loc, _("Rolls for one player"), played.rolls, result.expected_rolls),
             _sample_line(loc, _("Turns for one player"), played.turns, result.expected_turns)]
    for seat, sample in enumerate(played.seat_wins, start=1):
        lines.append(_sample_line(loc, _("Share of wins for seat {seat}").format(
            seat=loc.number(seat)), sample, result.seat_chances[seat - 1]))
    if played.rounds is not None:
        lines.append(_sample_line(loc, _("Rounds per game"), played.rounds,
                                  result.expected_rounds))
    return lines


def chart_lines(turns: Distribution, loc: Localizer) -> list[str]:
    """A histogram of the turns a game takes, with the share finished by each row's end."""
    first = turns.shortest
    top = turns.percentile(CHART_TOP_PERCENTILE)
    width = max(1, math.ceil((top - first + 1) / CHART_ROWS))
    rows = []
    for low in range(first, top + 1, width):
        high = min(low + width - 1, top)
        share = math.fsum(turns.chance(n) for n in range(low, high + 1))
        rows.append((low, high, share, turns.cumulative(high)))
    biggest = max(share for _, _, share, _ in rows)
    labels = [loc.number(low) if low == high else f"{loc.number(low)}-{loc.number(high)}"
              for low, high, _, _ in rows]
    label_width = max(len(label) for label in labels)
    lines: list[str] = [loc.gettext("Turns a game takes (bar), share of games (%), and share over by "
                         "then (%):")]
    for label, (_low, _high, share, done) in zip(labels, rows, strict=True):
        bar = "#" * round(CHART_WIDTH * share / biggest)
        lines.append(f"{label:>{label_width}} | {bar:<{CHART_WIDTH}} "
                     f"{percent(loc, share):>6} {percent(loc, done):>6}")
    lines.append(loc.gettext("The last {percent} of games, which last longer, are not shown.")
                 .format(percent=loc.number(100 - CHART_TOP_PERCENTILE) + "%"))
    return lines


def _distribution_data(dist: Distribution, over: Sequence[int]) -> dict[str, Any]:
    return {
        "mean": dist.mean, "sd": dist.sd, "median": dist.median, "mode": dist.mode,
        "shortest": dist.shortest,
        "percentiles": {str(p): dist.percentile(p) for p in PERCENTILES},
        "over": {str(n): dist.over(n) for n in over},
        "chances": list(dist.chances), "tail": dist.tail,
    }


def stats_data(result: Analysis, over: Sequence[int], played: Simulation | None = None
               ) -> dict[str, Any]:
    """Plain data for ``--json``: the same figures as the text, and the full distributions."""
    data: dict[str, Any] = {
        "board": result.board.name,
        "rules": result.rules.to_data(),
        "players": result.players,
        "states": result.states,
        "expected_rolls": result.expected_rolls,
        "expected_turns": result.expected_turns,
        "shortest": {"rolls": result.shortest_rolls, "turns": result.shortest_turns},
        "turns": _distribution_data(result.turns, over),
        "rolls": _distribution_data(result.rolls, over),
        "seats": [{"seat": seat, "win_chance": chance}
                  for seat, chance in enumerate(result.seat_chances, start=1)],
        "expected_rounds": result.expected_rounds,
        "tail_epsilon": result.epsilon,
    }
    if played is not None:
        def sample(s: Sample, exact: float) -> dict[str, Any]:
            return {"games": s.count, "mean": s.mean, "se": s.se, "exact": exact,
                    "agrees": s.agrees(exact)}
        data["simulation"] = {
            "rolls": sample(played.rolls, result.expected_rolls),
            "turns": sample(played.turns, result.expected_turns),
            "seats": [sample(s, result.seat_chances[i]) for i, s in enumerate(played.seat_wins)],
            "rounds": None if played.rounds is None
            else sample(played.rounds, result.expected_rounds),
            "agreement_standard_errors": AGREEMENT_SE,
        }
    return data
