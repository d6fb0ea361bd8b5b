"""`snl play`'s autosave wiring: start or resume a saved game, and stop on Ctrl-C."""

from __future__ import annotations

import signal
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import click

from snl_edu.autosave import Autosave, new_seed, resumed_dice
from snl_edu.cli.storage import open_cli_store
from snl_edu.dice import RandomDice
from snl_edu.engine import Game, GameStateError
from snl_edu.i18n import Localizer
from snl_edu.narration import Narrator
from snl_edu.store import Store, StoreError
from snl_edu.store.games import GameStore
from snl_edu.vocabulary import Message

LATEST = "latest"  # the value of a bare --resume
# Options that describe a new game; a resumed game brings its own.
NEW_GAME_OPTIONS = ("players", "computers", "board", "seed", "demo", "finish", "six_again",
                    "three_sixes", "six_to_start", "play_to_end")
# Narration and timing choices kept with a game and restored unless given again.
KEPT_SETTINGS = ("verbosity", "count", "auto_roll", "lessons", "level", "learner")


@dataclass
class Prepared:
    game: Game
    dice: RandomDice
    autosave: Autosave | None  # None when the store cannot be used: play on unsaved
    settings: dict[str, Any]
    resumed: bool = False

    def close(self) -> None:
        if self.autosave is not None:
            self.autosave.games.store.close()


def _failure_warner(loc: Localizer) -> Callable[[Exception], None]:
    def warn(error: Exception) -> None:
        click.echo(loc.gettext("The game could not be saved: {detail}. Play goes on.").format(
            detail=str(error)), err=True)
    return warn


def _store_or_warn(data_dir: str | None, loc: Localizer) -> Store | None:
    from snl_edu.error_text import describe

    try:
        return open_cli_store(data_dir, loc)
    except StoreError as error:
        click.echo(describe(error, loc), err=True)
        click.echo(loc.gettext("This game will not be saved."), err=True)
        return None


def start_new(game: Game, seed: int | None, settings: dict[str, Any], data_dir: str | None,
              loc: Localizer) -> Prepared:
    seed = new_seed() if seed is None else seed
    store = _store_or_warn(data_dir, loc)
    autosave = None
    if store is not None:
        try:
            autosave = Autosave.start(GameStore(store), game, seed, settings)
        except sqlite3.Error as error:
            store.close()
            _failure_warner(loc)(error)
        else:
            autosave.on_failure = _failure_warner(loc)
    return Prepared(game, RandomDice(seed), autosave, settings)


def resume(which: str, data_dir: str | None, ctx: click.Context, loc: Localizer) -> Prepared:
    given = [name for name in NEW_GAME_OPTIONS
             if ctx.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE]
    if given:
        options = loc.join("--" + name.replace("_", "-") for name in given)
        raise click.UsageError(loc.gettext(
            "A resumed game keeps its own players, board, rules and seed: leave out "
            "{options}.").format(options=options), ctx)
    store = open_cli_store(data_dir, loc)
    games = GameStore(store)
    if which == LATEST:
        latest = games.latest_unfinished()
        if latest is None:
            raise click.UsageError(loc.gettext("There is no unfinished game to continue."), ctx)
        game_id = latest.id
    else:
        try:
            game_id = int(which)
        except ValueError:
            raise click.BadParameter(loc.gettext("{value} is not a game number.").format(
                value=which), ctx, param_hint="--resume") from None
    saved, game = games.load(game_id)
    if saved.finished or game.over:
        raise click.UsageError(loc.gettext("Game {number} is already finished.").format(
            number=loc.number(game_id)), ctx)
    settings = _valid_settings(saved.settings)
    return Prepared(game, resumed_dice(saved.seed, len(game.rolls)),
                    Autosave(games, game_id, len(game.rolls), _failure_warner(loc)), settings,
                    resumed=True)


def _valid_settings(saved: dict[str, Any]) -> dict[str, Any]:
    """The saved narration choices that are still valid; anything odd falls back to defaults."""
    from snl_edu.lessons.questions import LEVELS
    from snl_edu.lessons.teacher import Frequency
    from snl_edu.narration import Verbosity

    checks: dict[str, Callable[[Any], bool]] = {
        "verbosity": lambda v: v in {item.value for item in Verbosity},
        "count": lambda v: isinstance(v, bool),
        "auto_roll": lambda v: v is None or (type(v) in (int, float) and 0.5 <= v < 1e6),
        "lessons": lambda v: v is None or v in {item.value for item in Frequency},
        "level": lambda v: type(v) is int and LEVELS[0] <= v <= LEVELS[-1],
        "learner": lambda v: v is None or (isinstance(v, str) and bool(v.strip())),
    }
    return {key: saved[key] for key in KEPT_SETTINGS if key in saved and checks[key](saved[key])}


def kept_setting(prepared: Prepared, ctx: click.Context, name: str, current: Any) -> Any:
    """A narration choice saved with a resumed game, unless given again on this command line."""
    if ctx.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE:
        return current
    return prepared.settings.get(name, current)


def resumed_messages(prepared: Prepared, narrator: Narrator, loc: Localizer) -> list[Message]:
    """On resuming: which game this is and where everyone stands."""
    if not prepared.resumed or prepared.autosave is None:
        return []
    return [Message(loc.gettext("Continuing game {number}.").format(
        number=loc.number(prepared.autosave.game_id))), *narrator.where(prepared.game)]


def resume_hint(prepared: Prepared, loc: Localizer) -> str | None:
    if prepared.autosave is None or prepared.game.over:
        return None
    return loc.gettext("The game is saved. To continue it, type: snl play --resume "
                       "{number}").format(number=loc.number(prepared.autosave.game_id))


def save_after_interrupt(prepared: Prepared) -> None:
    """Ctrl-C: keep the last whole turn; a second Ctrl-C must not cut this save short."""
    if prepared.autosave is None:
        return
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: signals cannot be changed, save anyway
        previous = None
    try:
        prepared.autosave.on_interrupt(prepared.game)
    except (GameStateError, OSError, sqlite3.Error):
        pass  # the save after the previous turn stands
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
