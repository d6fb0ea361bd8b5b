"""Options shared by several commands, and the one place errors become messages."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click

from snl_edu.cli.group import error_localizer
from snl_edu.engine import Finish, Rules
from snl_edu.i18n import Digits, Localizer, resolve_language

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")


def localizer_for(lang: str | None, digits: str | None) -> Localizer:
    return Localizer.create(resolve_language(lang), Digits(digits) if digits else None)


def run_app(ctx: click.Context, action: Callable[[], T]) -> T:
    """Run the application layer; options that do not fit together are a usage error
    of this command (exit code 2, with its usage line), like Click's own."""
    from snl_edu.app.errors import OptionError

    try:
        return action()
    except OptionError as error:
        from snl_edu.error_text import describe

        text = describe(error, error_localizer(ctx))
        if error.option is not None:
            raise click.BadParameter(text, ctx, param_hint=error.option) from None
        raise click.UsageError(text, ctx) from None


def remember_localizer(loc: Localizer) -> Localizer:
    """Keep the chosen language so errors raised later are phrased in it."""
    ctx = click.get_current_context(silent=True)
    if ctx is not None:
        ctx.find_root().meta["snl.localizer"] = loc
    return loc


def rule_options(function: F) -> F:
    defaults = Rules()
    options = [
        click.option("--finish", type=click.Choice([f.value for f in Finish]),
                     default=defaults.finish.value, show_default=True,
                     help="exact: overshoot stays put; overshoot: reaching or passing the end "
                          "wins; bounce: walk to the end and back."),
        click.option("--six-again/--no-six-again", default=defaults.six_again, show_default=True,
                     help="A 6 (chhakka) earns another roll."),
        click.option("--three-sixes/--no-three-sixes", default=defaults.three_sixes,
                     show_default=True, help="The third 6 in a row is not moved and the turn "
                                             "passes."),
        click.option("--six-to-start/--no-six-to-start", default=defaults.six_to_start,
                     show_default=True, help="A token enters only on a 6."),
        click.option("--play-to-end/--no-play-to-end", default=defaults.play_to_end,
                     show_default=True, help="Play on until every place is decided."),
    ]
    for option in reversed(options):
        function = option(function)
    return function


def rules_from_options(finish: str, six_again: bool, three_sixes: bool, six_to_start: bool,
                       play_to_end: bool) -> Rules:
    return Rules(Finish(finish), six_again, three_sixes, six_to_start, play_to_end)


def colour_wanted() -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set (no-color.org)."""
    return "NO_COLOR" not in os.environ and sys.stdout.isatty()
