"""Click help in the player's language.

Help texts stay English msgids in the code (docstrings and ``help=``); they are
translated when help is formatted. The language is taken from ``--lang`` on
the command line (read before parsing, since ``--help`` is eager), then
SNL_LANG and the locale. Commands are localised by walking the command tree
once at start-up, so each command module stays plain Click.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator, Sequence
from typing import Any

import click

from snl_edu.language.localizer import Localizer, localizer_for
from snl_edu.vocabulary import N_

_LANG_KEY = "snl.help_language"
HELP_OPTION_HELP = N_("Show this message and exit.")
# A placeholder word in a metavar (NAME, FILE.wav, [NUMBER], INTEGER RANGE); choices to
# type (exact|bounce) and file endings are lower case and stay as they are.
_METAVAR_WORD = re.compile(r"\b[A-Z]+(?: RANGE)?\b")
CLICK_METAVARS = ("[OPTIONS]", "COMMAND [ARGS]...")  # Click's own, in every usage line
# Options whose values are typed exactly as shown, like a command: their defaults and
# ranges keep Latin digits in every language (an address typed "०.०.०.०" is not found).
TYPED_AS_SHOWN = frozenset({"ADDRESS", "PORT"})


def _language_in(args: Sequence[str]) -> str | None:
    for index, arg in enumerate(args):
        if arg == "--lang" and index + 1 < len(args):
            return args[index + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


def help_localizer(ctx: click.Context | None) -> Localizer:
    """The language for help text; a bad choice falls back to English for help only
    (the command itself reports the bad language as an error)."""
    asked = None
    while ctx is not None:
        asked = asked or ctx.meta.get(_LANG_KEY)
        ctx = ctx.parent
    return localizer_for(asked, forgiving=True)


def range_words(low: float | None, high: float | None, loc: Localizer,
                latin: bool = False) -> str:
    """An option's range as words in the language ("1 to 4"), not Click's "1<=x<=4";
    its numbers in the reader's digits, or Latin ones for a number typed as shown."""
    def number(value: float) -> str:
        # Whole numbers in full: ":g" writes 1,000,000 as 1e+06.
        whole = float(value).is_integer()
        text = str(int(value)) if whole else f"{value:g}"
        return text if latin else loc.number(text)

    if low is not None and high is not None:
        return loc.gettext("{low} to {high}").format(low=number(low), high=number(high))
    if low is not None:
        return loc.gettext("at least {low}").format(low=number(low))
    return loc.gettext("at most {high}").format(high=number(high or 0))


def localized_metavar(metavar: str, loc: Localizer) -> str:
    """A metavar's placeholder words in the reader's language ("--forget NAME" reads
    "--forget नाम" in Nepali); the catalog has each word with the context "metavar"."""
    return _METAVAR_WORD.sub(lambda word: loc.pgettext("metavar", word.group()), metavar)


class _MissingArgument(click.MissingParameter):
    """Click ends "Missing argument '…'" with its own ".", which no translation can change
    (Nepali ends a sentence with "।"): the whole sentence comes from the catalog."""

    sentence = N_("Missing argument {name}.")

    def format_message(self) -> str:
        hint = self.param.get_error_hint(self.ctx) if self.param and self.ctx else ""
        return help_localizer(self.ctx).gettext(self.sentence).format(name=hint)


class _MissingOption(_MissingArgument):
    sentence = N_("Missing option {name}.")


class LocalizedArgument(click.Argument):
    def make_metavar(self, ctx: click.Context) -> str:
        return localized_metavar(super().make_metavar(ctx), help_localizer(ctx))

    def process_value(self, ctx: click.Context, value: Any) -> Any:
        try:
            return super().process_value(ctx, value)
        except click.MissingParameter as missing:
            raise _MissingArgument(ctx=ctx, param=self) from missing


class LocalizedOption(click.Option):
    def make_metavar(self, ctx: click.Context) -> str:
        return localized_metavar(super().make_metavar(ctx), help_localizer(ctx))

    def process_value(self, ctx: click.Context, value: Any) -> Any:
        try:
            return super().process_value(ctx, value)
        except click.MissingParameter as missing:
            if missing.param is not self:
                raise
            raise _MissingOption(ctx=ctx, param=self) from missing

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        loc = help_localizer(ctx)
        original = self.help
        if original:
            self.help = loc.gettext(original)
            if "{six}" in original:  # a rule option's help names the die's faces
                from snl_edu.engine import DIE_FACES  # only then: `snl --help` loads no engine

                self.help = self.help.format(six=loc.number(DIE_FACES))
        try:
            return super().get_help_record(ctx)
        finally:
            self.help = original

    def get_help_extra(self, ctx: click.Context) -> Any:
        extra = super().get_help_extra(ctx)
        loc = help_localizer(ctx)
        # An address or a port is typed as shown, in Latin digits, as commands are.
        as_typed = self.metavar in TYPED_AS_SHOWN
        if "range" in extra and isinstance(self.type, (click.IntRange, click.FloatRange)):
            extra["range"] = range_words(self.type.min, self.type.max, loc, latin=as_typed)
        if "default" in extra and str(extra["default"]).replace(".", "").isdigit():
            text = str(extra["default"]).removesuffix(".0")  # 30 seconds, not 30.0
            extra["default"] = text if as_typed else loc.number(text)
        return extra


class _LocalizedFormatting:
    """Translated help text, short help, usage prefix and section headings."""

    help: str | None
    short_help: str | None

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        asked = _language_in(args)
        if asked:
            ctx.meta[_LANG_KEY] = asked
        return super().parse_args(ctx, args)  # type: ignore[misc, no-any-return]

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        original = self.help
        if original:
            self.help = help_localizer(ctx).gettext(original)
        try:
            super().format_help_text(ctx, formatter)  # type: ignore[misc]
        finally:
            self.help = original

    def get_short_help_str(self, limit: int = 45) -> str:
        ctx = click.get_current_context(silent=True)
        originals = self.help, self.short_help
        loc = help_localizer(ctx)
        self.help = loc.gettext(self.help) if self.help else self.help
        self.short_help = loc.gettext(self.short_help) if self.short_help else self.short_help
        try:
            return super().get_short_help_str(limit)  # type: ignore[misc, no-any-return]
        finally:
            self.help, self.short_help = originals

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        pieces = self.collect_usage_pieces(ctx)  # type: ignore[attr-defined]
        loc = help_localizer(ctx)
        formatter.write_usage(ctx.command_path, localized_metavar(" ".join(pieces), loc),
                              prefix=loc.gettext("Usage:") + " ")

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        records = [record for param in self.get_params(ctx)  # type: ignore[attr-defined]
                   if not isinstance(param, click.Argument)
                   and (record := param.get_help_record(ctx)) is not None]
        if records:
            with formatter.section(help_localizer(ctx).gettext("Options")):
                formatter.write_dl(records)
        if isinstance(self, click.Group):
            self.format_commands(ctx, formatter)

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.__class__ = LocalizedOption
            option.help = HELP_OPTION_HELP
        return option  # type: ignore[no-any-return]


class LocalizedCommand(_LocalizedFormatting, click.Command):
    pass


def help_width() -> int | None:
    """The width Click would give help (shutil's terminal columns, at most 80, less 2,
    at least 50), worked out without importing shutil, which Click does for it: shutil,
    with the bz2, lzma and zlib it imports, was a tenth of `snl --help`'s own time. None
    when a test has fixed Click's width (click.formatting.FORCED_WIDTH), which then holds."""
    import click.formatting

    if click.formatting.FORCED_WIDTH is not None:
        return None
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):  # no terminal: shutil's fallback
            columns = 0
    columns = columns or 80
    return max(min(columns, 80) - 2, 50)


class LocalizedGroup(_LocalizedFormatting, click.Group):
    def main(self, args: Sequence[str] | None = None, *rest: Any, **options: Any) -> Any:
        """Click's own messages (errors, hints) in the language of this run."""
        from snl_edu.cli.click_words import speak_clicks_language

        asked = _language_in(sys.argv[1:] if args is None else list(args))
        speak_clicks_language(localizer_for(asked, forgiving=True))
        if "terminal_width" not in options:
            options["terminal_width"] = help_width()
        return super().main(args, *rest, **options)

    def command_summary(self, ctx: click.Context, name: str, limit: int) -> str | None:
        """A command's line in the group's help; None hides it."""
        command = self.get_command(ctx, name)
        if command is None or command.hidden:
            return None
        return command.get_short_help_str(limit)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            summary = self.command_summary(ctx, name, formatter.width - 6 - len(name))
            if summary is not None:
                rows.append((name, summary))
        if rows:
            with formatter.section(help_localizer(ctx).gettext("Commands")):
                formatter.write_dl(rows)


def _localized(cls: type, base: type) -> type:
    return cls if issubclass(cls, base) else type("Localized" + cls.__name__, (base, cls), {})


def localize_tree(command: click.Command) -> None:
    """Give every command and option in the tree the localised classes."""
    base = LocalizedGroup if isinstance(command, click.Group) else LocalizedCommand
    command.__class__ = _localized(type(command), base)
    for param in command.params:
        if type(param) is click.Option:
            param.__class__ = LocalizedOption
        elif type(param) is click.Argument:
            param.__class__ = LocalizedArgument
    if isinstance(command, click.Group):
        for child in command.commands.values():
            localize_tree(child)


def command_tree(root: click.Command) -> Iterator[tuple[tuple[str, ...], click.Command]]:
    """Every command with its path below ``root``, loading lazy commands."""
    stack: list[tuple[tuple[str, ...], click.Command]] = [((), root)]
    while stack:
        path, command = stack.pop()
        yield path, command
        if isinstance(command, click.Group):
            with click.Context(command) as ctx:
                for name in reversed(command.list_commands(ctx)):
                    child = command.get_command(ctx, name)
                    if child is not None:
                        stack.append(((*path, name), child))


def help_messages(root: click.Command) -> Iterator[str]:
    """Every help text in the tree, for the catalog extractor."""
    yield HELP_OPTION_HELP
    for _, command in command_tree(root):
        for text in (command.help, command.short_help):
            if text:
                yield text
        for param in command.params:
            if isinstance(param, click.Option) and param.help:
                yield param.help


def metavar_words(root: click.Command) -> set[str]:
    """Every placeholder word the tree's usage lines and options show, for the catalog."""
    words = set(_METAVAR_WORD.findall(" ".join(CLICK_METAVARS)))
    for _, command in command_tree(root):
        with click.Context(command) as ctx:
            for param in command.params:
                if isinstance(param, click.Option) and (param.is_flag or param.count):
                    continue  # a flag shows no metavar
                if isinstance(param, click.Argument):
                    metavar = click.Argument.make_metavar(param, ctx)
                elif isinstance(param, click.Option):
                    metavar = click.Option.make_metavar(param, ctx)
                else:
                    continue  # every parameter of ours is one or the other
                words.update(_METAVAR_WORD.findall(metavar))
    return words

