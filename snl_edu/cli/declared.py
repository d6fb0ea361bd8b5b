"""Options declared once, each with the record field it fills (pip's option registry is the
model): a command applies a group of declarations as its options, and builds its records
from the same group, so a new option is one declaration, not a parameter threaded by hand."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])
R = TypeVar("R")
# A command option: a Declared, or another decorator that adds options (the rules' own).
Option = Callable[[Any], Any]


@dataclass(frozen=True)
class Declared:
    """One command-line option and the field ``record.field`` its value fills."""

    record: type
    field: str
    decls: tuple[str, ...]
    attrs: Mapping[str, Any]
    parse: Callable[[Any], Any] | None  # the option's value to the field's

    @cached_property
    def name(self) -> str:
        """The option's parameter name, as Click passes it to the command."""
        name = click.Option(self.decls, **self.attrs).name
        assert name is not None
        return name

    def __call__(self, function: F) -> F:
        return click.option(*self.decls, **self.attrs)(function)

    def value(self, params: Mapping[str, Any]) -> Any:
        given = params[self.name]
        return given if self.parse is None else self.parse(given)


def declare(record: type, field_name: str, *decls: str,
            parse: Callable[[Any], Any] | None = None, **attrs: Any) -> Declared:
    return Declared(record, field_name, decls, attrs, parse)


def apply(*declared: Option) -> Callable[[F], F]:
    """The declarations as a command's options, in the order given (as --help lists them)."""
    def decorate(function: F) -> F:
        for option in reversed(declared):
            function = option(function)
        return function
    return decorate


def values(record: type, declared: Iterable[Option], params: Mapping[str, Any]
           ) -> dict[str, Any]:
    """The fields of ``record`` the declarations fill, from a command's parameters (other
    options among ``declared``, such as the rules' own, are passed over)."""
    return {option.field: option.value(params) for option in declared
            if isinstance(option, Declared) and option.record is record
            and option.name in params}


def filled(record: type[R], declared: Iterable[Option],
           params: Mapping[str, Any], **fixed: Any) -> R:
    """A ``record`` from the declared options' values; ``fixed`` fields win over them."""
    return record(**{**values(record, declared, params), **fixed})


def given_flags(ctx: click.Context) -> dict[str, str]:
    """The options typed on the command line, by parameter name, each with its flag."""
    return {param.name: param.opts[0] for param in ctx.command.params
            if param.name is not None and param.name in ctx.params
            and ctx.get_parameter_source(param.name) is click.core.ParameterSource.COMMANDLINE}
