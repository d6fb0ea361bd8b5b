"""The rule options of a game (SPEC: "Rule options")."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Any

from snl_edu.engine.errors import GameStateError

DIE_FACES = 6


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
        return asdict(self) | {"finish": self.finish.value}

    @classmethod
    def from_data(cls, data: Any) -> Rules:
        if not isinstance(data, dict):
            raise GameStateError("rules are not a table")
        known = {"finish", "six_again", "three_sixes", "six_to_start", "play_to_end"}
        if set(data) - known:
            raise GameStateError(f"unknown rule options: {sorted(set(data) - known)}")
        try:
            finish = Finish(data.get("finish", Finish.EXACT.value))
        except ValueError as error:
            raise GameStateError(f"unknown finish rule {data.get('finish')!r}") from error
        flags = {key: data.get(key, getattr(cls, key)) for key in known - {"finish"}}
        for key, value in flags.items():
            if not isinstance(value, bool):
                raise GameStateError(f"rule option {key} must be true or false")
        return cls(finish=finish, **flags)
