"""The rule options of a game (the switches of ``snl play``), each declared once.

A field of ``Rules`` is the option's value and its key in a saved game; its
``RuleOption`` in ``RULE_OPTIONS`` says how every front end shows it: the
command-line flag and help, the sentence in ``snl rules`` and the phrase in
``snl stats``. The Click options, saved games, both texts and the tests'
enumerations of rule sets are all generated from these two declarations.
Adding a rule option: a field here, its ``RuleOption`` below, what it does in
``step.py``, and its texts in the catalogs.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import Enum, StrEnum
from typing import Any

from snl_edu.engine.errors import GameStateError
from snl_edu.vocabulary import N_


class Finish(StrEnum):
    EXACT = "exact"
    OVERSHOOT = "overshoot"
    BOUNCE = "bounce"


@dataclass(frozen=True)
class Rules:
    finish: Finish = Finish.EXACT
    six_again: bool = True
    three_sixes: bool = True
    six_to_start: bool = False
    play_to_end: bool = False

    def to_data(self) -> dict[str, Any]:
        return {f.name: OPTIONS_BY_NAME[f.name].to_data(getattr(self, f.name))
                for f in fields(self)}

    @classmethod
    def from_data(cls, data: Any) -> Rules:
        """Rules from a saved game (or parsed options); a missing option takes its default."""
        if not isinstance(data, dict):
            raise GameStateError(N_("rules are not a table"))
        unknown = set(data) - set(OPTIONS_BY_NAME)
        if unknown:
            raise GameStateError(N_("unknown rule options: {options}"), options=sorted(unknown))
        return cls(**{name: OPTIONS_BY_NAME[name].from_data(value)
                      for name, value in data.items()})


@dataclass(frozen=True)
class RuleOption:
    """How one field of ``Rules`` is offered, explained and stored.

    Texts are catalog message ids (``N_``), translated where they are shown.
    ``sentences`` and ``phrases`` map each value to its text, or to None for
    nothing to say; sentences may use ``{six}`` and ``{last}``, the help ``{six}``, phrases
    ``{sixes}`` (how many sixes in a row lose the turn). An option that ``needs`` another is
    only described while that one is on.
    """

    name: str
    help: str
    sentences: Mapping[Any, str | None]
    phrases: Mapping[Any, str | None]
    needs: str | None = None

    @property
    def flag(self) -> str:
        return self.name.replace("_", "-")

    @property
    def default(self) -> Any:
        return getattr(Rules(), self.name)

    @property
    def values(self) -> tuple[Any, ...]:
        """Every value the option can take, the default first."""
        kind = type(self.default)
        others = list(kind) if issubclass(kind, Enum) else [not self.default]
        return (self.default, *(v for v in others if v != self.default))

    def applies(self, rules: Rules) -> bool:
        return self.needs is None or bool(getattr(rules, self.needs))

    def to_data(self, value: Any) -> Any:
        return value.value if isinstance(value, Enum) else value

    def from_data(self, value: Any) -> Any:
        kind = type(self.default)
        if issubclass(kind, Enum):
            try:
                return kind(value)
            except ValueError as error:
                raise GameStateError(N_("unknown {option} rule {value}"), option=self.name,
                                     value=repr(value)) from error
        if not isinstance(value, bool):
            raise GameStateError(N_("rule option {option} must be true or false"),
                                 option=self.name)
        return value


# In the order `snl rules` and `snl stats` describe them: starting, sixes, finishing, ending.
RULE_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        "six_to_start", N_("A token enters only on a {six}."),
        sentences={
            True: N_("Tokens start off the board and enter only on a {six}, which puts them "
                     "on square {six}."),
            False: N_("Tokens start off the board; the first roll puts a token on the square "
                      "of that number."),
        },
        phrases={True: N_("a token enters only on a six"), False: None},
    ),
    RuleOption(
        "six_again", N_("A {six} (chhakka) earns another roll."),
        sentences={
            True: N_("A chhakka ({six}) earns another roll, even when it cannot be moved."),
            False: N_("A {six} is an ordinary roll."),
        },
        phrases={True: None, False: N_("a six is an ordinary roll")},
    ),
    RuleOption(
        "three_sixes", N_("The third {six} in a row is not moved and the turn passes."),
        sentences={
            True: N_("The third chhakka in a row is not moved and the turn passes; the moves "
                     "before it stand."),
            False: None,
        },
        phrases={
            True: N_("a six earns another roll, but {sixes} in a row lose the turn"),
            False: N_("a six earns another roll, with no limit"),
        },
        needs="six_again",
    ),
    RuleOption(
        "finish", N_("exact: overshoot stays put; overshoot: reaching or passing the end wins; "
                     "bounce: walk to the end and back."),
        sentences={
            Finish.EXACT: N_("You must land exactly on {last}; a roll that would pass it is "
                             "not moved and the turn ends."),
            Finish.OVERSHOOT: N_("Any roll that reaches or passes {last} wins."),
            Finish.BOUNCE: N_("A roll that passes {last} walks to the end and back for the "
                              "rest; the square bounced to can still hold a snake or a "
                              "ladder."),
        },
        phrases={
            Finish.EXACT: N_("land exactly on the last square"),
            Finish.OVERSHOOT: N_("reaching or passing the last square wins"),
            Finish.BOUNCE: N_("a roll past the end bounces back"),
        },
    ),
    RuleOption(
        "play_to_end", N_("Play on until every place is decided."),
        sentences={
            True: N_("Play goes on until every place is decided."),
            False: N_("The first to reach {last} wins; the others are ranked by how far they "
                      "got."),
        },
        phrases={True: N_("play goes on until every place is decided"), False: None},
    ),
)
OPTIONS_BY_NAME: Mapping[str, RuleOption] = {option.name: option for option in RULE_OPTIONS}


def every_rule_set() -> list[Rules]:
    """Every combination of every option's values, the defaults first."""
    names = [option.name for option in RULE_OPTIONS]
    return [Rules(**dict(zip(names, values, strict=True)))
            for values in itertools.product(*(option.values for option in RULE_OPTIONS))]
