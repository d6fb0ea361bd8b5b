"""The `snl` group: commands load only when run, errors become one line, --lang is global.

Each command's one-line help lives in ``COMMANDS`` so `snl --help` can list the
commands without importing them (and the game, sound, voice and store with them).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, TypeVar

import click

from snl_edu.cli.localized import LocalizedGroup, help_localizer, localize_tree
from snl_edu.language import registry as languages
from snl_edu.language.localizer import Localizer, localizer_for
from snl_edu.language.registry import Digits
from snl_edu.vocabulary import N_, SnlError

F = TypeVar("F", bound=Callable[..., Any])

# name: (module:attribute, the command's help). Summaries are translated like any help.
COMMANDS: dict[str, tuple[str, str]] = {
    "board": ("snl_edu.cli.boards:board", N_("Show or check one board.")),
    "boards": ("snl_edu.cli.boards:boards", N_("List the boards that ship with the game.")),
    "checkup": ("snl_edu.cli.checkup:checkup",
                N_("A five-minute number check-up: number line, bigger number, counting on, "
                   "naming numbers.")),
    "games": ("snl_edu.cli.games:games",
              N_("List saved games; continue one with snl play --resume NUMBER.")),
    "history": ("snl_edu.cli.history:history",
                N_("Moksha Patam history cards: where snakes and ladders comes from.")),
    "lesson": ("snl_edu.cli.lesson:lesson",
               N_("Number practice outside a game; answers are kept for snl progress.")),
    "play": ("snl_edu.cli.play:play", N_("Play a game of snakes and ladders.")),
    "progress": ("snl_edu.cli.progress:progress",
                 N_("A learner's lesson progress: accuracy, numbers often missed, trend, "
                    "suggested level.")),
    "rules": ("snl_edu.cli.rules:rules", N_("The rules as they stand with the chosen options.")),
    "say": ("snl_edu.cli.say:say", N_("Speak a sentence (checks speech output).")),
    "stats": ("snl_edu.cli.stats:stats",
              N_("Exact odds for a board: how long a game lasts and each seat's chance to "
                 "win.")),
    "table": ("snl_edu.cli.table:table",
              N_("The classroom table: one game, children at their own computers.")),
    "voice": ("snl_edu.cli.voice:voice",
              N_("Voice commands: check the set-up, download speech models, try listening.")),
    "words": ("snl_edu.cli.words:words",
              N_("The game's words: saanp, bharyang, pasa, chhakka, Moksha Patam.")),
}

_CHOSEN = "snl.chosen."  # root meta key prefix: --lang/--digits given to the group


def _inherit(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """--lang and --digits given to `snl` itself count for every command below it."""
    meta = ctx.find_root().meta
    if value is not None and ctx.parent is None:
        meta[_CHOSEN + str(param.name)] = value
    return value if value is not None else meta.get(_CHOSEN + str(param.name))


def language_options(function: F) -> F:
    function = click.option(
        "--digits", type=click.Choice([d.value for d in Digits]), default=None,
        callback=_inherit,
        help="Digits for numbers: latn (0-9) or deva (०-९); Nepali defaults to deva.",
    )(function)
    return click.option(
        "--lang", metavar="|".join(languages.codes()), default=None, callback=_inherit,
        help="Language of everything shown and said. Default: SNL_LANG, then the system "
             "locale, then English.",
    )(function)


def error_localizer(ctx: click.Context) -> Localizer:
    """The language for an error message, even when the language choice itself failed."""
    root = ctx.find_root().meta
    chosen = root.get("snl.localizer")
    if chosen is not None:
        return chosen  # type: ignore[no-any-return]
    return localizer_for(root.get(_CHOSEN + "lang"), root.get(_CHOSEN + "digits"), forgiving=True)


class SnlGroup(LocalizedGroup):
    """Loads a command when it runs; maps every ``SnlError`` to one clear line, exit code 1."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(self.commands) | set(COMMANDS))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands and name in COMMANDS:
            where, summary = COMMANDS[name]
            module, attribute = where.split(":")
            command: click.Command = getattr(importlib.import_module(module), attribute)
            command.help = summary
            localize_tree(command)
            self.add_command(command, name)
        return self.commands.get(name)

    def command_summary(self, ctx: click.Context, name: str, limit: int) -> str | None:
        if name in self.commands or name not in COMMANDS:
            return super().command_summary(ctx, name, limit)
        text = help_localizer(ctx).gettext(COMMANDS[name][1])
        return click.Command(name, help=text).get_short_help_str(limit)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except SnlError as error:
            from snl_edu.error_text import describe

            raise click.ClickException(describe(error, error_localizer(ctx))) from None
