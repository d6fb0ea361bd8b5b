"""Options shared by several commands, and the one place errors become messages."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

import click

from snl_edu.cli.group import error_localizer
from snl_edu.cli.localized import range_words
from snl_edu.engine import Rules
from snl_edu.engine.rules import OPTIONS_BY_NAME
from snl_edu.language.localizer import Localizer, localizer_for
from snl_edu.outputs.plain_text import screen_reader_wanted
from snl_edu.safe_text import clean_name

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")


def _error_words(ctx: click.Context | None) -> Localizer:
    """The language of a value's error (a type may be used with no context)."""
    return error_localizer(ctx) if ctx is not None else localizer_for("en")


class _InWords:
    """A number range whose error says the range in the user's language and digits ("9 is
    out of range: use 1 to 4."; Click's own says "1<=x<=4", which no translation can reword)."""

    min: Any  # the bounds of the click range this is mixed into (int or float)
    max: Any
    number: click.ParamType[Any, Any]

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        number = self.number.convert(value, param, ctx)  # not a number: Click's own words
        if (self.min is not None and number < self.min) or (
                self.max is not None and number > self.max):
            loc = _error_words(ctx)
            self.fail(loc.gettext("{value} is out of range: use {range}.").format(  # type: ignore[attr-defined]
                value=value, range=range_words(self.min, self.max, loc)), param, ctx)
        return super().convert(value, param, ctx)  # type: ignore[misc]


class IntRange(_InWords, click.IntRange):
    number = click.INT


class FloatRange(_InWords, click.FloatRange):
    number = click.FLOAT


class Seconds(FloatRange):
    """A number of seconds in a range; nan passes Click's range check and inf is no
    duration, so both are refused (found by attack: --pace nan, --auto-roll inf)."""

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        seconds = super().convert(value, param, ctx)
        if not math.isfinite(seconds):
            loc = _error_words(ctx)
            self.fail(loc.gettext("{value} is not a number of seconds.").format(value=value),
                      param, ctx)
        return seconds


class ChildName(click.ParamType[str, Any]):
    """A child's name, cleaned as the game cleans every name on entry
    (``safe_text.clean_name``): what a command shows and looks up is the name as saved, so
    the name as typed finds her. A blank name is refused."""

    name = "name"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> str:
        name = clean_name(value)
        if not name:
            hint = None if param is None else (
                param.opts[0] if isinstance(param, click.Option) else param.human_readable_name)
            raise click.BadParameter(_error_words(ctx).gettext(
                "A learner's name cannot be empty."), ctx, param_hint=hint)
        return name


CHILD_NAME = ChildName()


def run_app(ctx: click.Context, action: Callable[[], T]) -> T:
    """Run the application layer; options that do not fit together are a usage error
    of this command (exit code 2, with its usage line), like Click's own; a refusal is
    its one line (exit code 1)."""
    from snl_edu.app.errors import OptionError, Refusal

    try:
        return action()
    except Refusal as error:  # phrased where it was refused, in the user's language
        raise click.ClickException(error.text) from None
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
    """One Click option per field of ``Rules``, generated from its ``RuleOption``."""
    for field in reversed(fields(Rules)):
        option = OPTIONS_BY_NAME[field.name]
        default = option.default
        if isinstance(default, bool):
            decorator = click.option(f"--{option.flag}/--no-{option.flag}", default=default,
                                     show_default=True, help=option.help)
        else:
            decorator = click.option(f"--{option.flag}", option.name,
                                     type=click.Choice([option.to_data(v) for v in option.values]),
                                     default=option.to_data(default), show_default=True,
                                     help=option.help)
        function = decorator(function)
    return function


def rules_from_options(**values: Any) -> Rules:
    """The rules from the values of the options ``rule_options`` added (a command's other
    parameters are passed over)."""
    return Rules.from_data({name: value for name, value in values.items()
                            if name in OPTIONS_BY_NAME})


def screen_reader_option(help_text: str) -> Callable[[F], F]:
    """--screen-reader, with its command's own help. SNL_SCREEN_READER=1, set once, turns
    it on for every command as if given: a blind child's family sets it and forgets it."""
    return click.option("--screen-reader", is_flag=True, help=help_text,
                        callback=screen_reader_wanted_callback)


def screen_reader_wanted_callback(_context: click.Context, _parameter: click.Parameter,
                                  flag: bool) -> bool:
    return screen_reader_wanted(flag)
