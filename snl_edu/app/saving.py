"""A game's autosave: start or resume a saved game, and keep the last turn on Ctrl-C."""

from __future__ import annotations

import signal
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from snl_edu.app.errors import OptionError
from snl_edu.app.options import LATEST, PlayOptions, SoundOptions, VoiceOptions
from snl_edu.app.storage import open_store_telling
from snl_edu.engine import Game, GameStateError
from snl_edu.engine.rules import RULE_OPTIONS
from snl_edu.inputs.dice import RandomDice
from snl_edu.language.localizer import Localizer, to_latin_digits
from snl_edu.play.autosave import Autosave, new_seed, resumed_dice
from snl_edu.play.narration import Narrator
from snl_edu.store import Store, StoreError
from snl_edu.store.games import OPEN_QUESTION, GameStore
from snl_edu.vocabulary import N_, Message


def _marked(record: type, mark: str) -> tuple[str, ...]:
    return tuple(f.name for f in fields(record) if f.metadata.get(mark))


# Options that describe a new game, by parameter name (each rule its own); a resumed game
# brings its own.
NEW_GAME_OPTIONS = frozenset(_marked(PlayOptions, "new_game")) - {"rules"} | {
    option.name for option in RULE_OPTIONS}
# Choices kept with a game and restored unless given again: a resumed game is the same
# game, in its language and digits, heard the same way, with the same lessons.
KEPT_SETTINGS = _marked(PlayOptions, "kept")
SOUND_SETTINGS = _marked(SoundOptions, "kept")
VOICE_SETTINGS = {f.metadata["saved_as"]: f.name for f in fields(VoiceOptions)
                  if f.metadata.get("kept")}
SAVED_ONLY = _marked(PlayOptions, "saved")

Notify = Callable[[str], None]


@dataclass
class Prepared:
    game: Game
    dice: RandomDice
    autosave: Autosave | None  # None when the store cannot be used: play on unsaved
    settings: dict[str, Any]
    resumed: bool = False
    open_question: object = None  # as the teacher kept it (snl_edu.lessons.teacher.on_open)

    def close(self) -> None:
        if self.autosave is not None:
            self.autosave.close()


def _failure_warner(loc: Localizer, notify: Notify) -> Callable[[Exception], None]:
    def warn(error: Exception) -> None:
        from snl_edu.error_text import system_words
        from snl_edu.store.database import cause_of

        cause = error.cause if isinstance(error, StoreError) else cause_of(error)
        notify(loc.gettext("The game could not be saved: {detail}. Play goes on.").format(
            detail=system_words(cause, str(error), loc)))
    return warn


def _store_or_warn(data_dir: str | None, loc: Localizer, notify: Notify) -> Store | None:
    from snl_edu.error_text import describe

    try:
        return open_store_telling(data_dir, loc, notify)
    except StoreError as error:
        notify(describe(error, loc))
        notify(loc.gettext("This game will not be saved."))
        return None


def kept_settings(options: PlayOptions, loc: Localizer) -> dict[str, Any]:
    """What to save with a new game: the language and digits as resolved, not as asked."""
    settings = {name: getattr(options, name) for name in KEPT_SETTINGS}
    settings.update(lang=loc.language, digits=loc.digits.value)
    settings.update({name: getattr(options, name) for name in SAVED_ONLY})
    settings.update({name: getattr(options.sound, name) for name in SOUND_SETTINGS})
    settings.update({saved: getattr(options.voice, name)
                     for saved, name in VOICE_SETTINGS.items()})
    return settings


def start_new(game: Game, options: PlayOptions, loc: Localizer, notify: Notify) -> Prepared:
    seed = new_seed() if options.seed is None else options.seed
    settings = kept_settings(options, loc)
    store = _store_or_warn(options.data_dir, loc, notify)
    autosave = None
    if store is not None:
        try:
            autosave = Autosave.start(GameStore(store), game, seed, settings)
        except (sqlite3.Error, StoreError) as error:
            store.close()
            _failure_warner(loc, notify)(error)
        else:
            autosave.on_failure = _failure_warner(loc, notify)
    return Prepared(game, RandomDice(seed), autosave, settings)


def resume(options: PlayOptions, loc: Localizer, notify: Notify) -> Prepared:
    given = [flag for name, flag in options.given.items() if name in NEW_GAME_OPTIONS]
    if given:
        raise OptionError(N_("A resumed game keeps its own players, board, rules and seed: "
                             "leave out {options}."), options=given)
    which = options.resume
    if which != LATEST:
        try:
            game_id = int(to_latin_digits(str(which)))  # ८ as well as 8
        except ValueError:
            raise OptionError(N_("{value} is not a game number."), option="--resume",
                              value=str(which)) from None
    store = open_store_telling(options.data_dir, loc, notify)
    games = GameStore(store)
    try:
        if which == LATEST:
            # A demo plays itself: the family's own game is the one to continue.
            latest = next((g for g in games.list() if not g.settings.get("demo")), None)
            if latest is None:
                raise OptionError(N_("There is no unfinished game to continue."))
            game_id = latest.id
        games.claim(game_id)
        saved, game = games.load(game_id)
        if saved.finished or game.over:
            raise OptionError(N_("Game {number} is already finished."), number=game_id)
    except BaseException:
        games.release_all()
        store.close()
        raise
    return Prepared(game, resumed_dice(saved.seed, len(game.rolls)),
                    Autosave(games, game_id, len(game.rolls), _failure_warner(loc, notify)),
                    _valid_settings(saved.settings), resumed=True,
                    open_question=saved.settings.get(OPEN_QUESTION))


def _valid_settings(saved: dict[str, Any]) -> dict[str, Any]:
    """The saved narration choices that are still valid; anything odd falls back to defaults."""
    from snl_edu.language import registry as languages
    from snl_edu.language.registry import Digits
    from snl_edu.lessons.questions import LEVELS
    from snl_edu.lessons.teacher import Frequency
    from snl_edu.outputs.aloud.speech_settings import MAX_RATE, MIN_RATE, TTS_CHOICES
    from snl_edu.play.narration import Verbosity

    def flag(value: Any) -> bool:
        return isinstance(value, bool)

    checks: dict[str, Callable[[Any], bool]] = {
        "verbosity": lambda v: v in {item.value for item in Verbosity},
        "auto_roll": lambda v: v is None or (type(v) in (int, float) and 0.5 <= v < 1e6),
        "lessons": lambda v: v is None or v in {item.value for item in Frequency},
        "level": lambda v: v is None or (type(v) is int and LEVELS[0] <= v <= LEVELS[-1]),
        "learner": lambda v: v is None or (isinstance(v, str) and bool(v.strip())),
        "history": lambda v: v in (None, "on", "off"),
        "lang": lambda v: isinstance(v, str) and languages.get(v) is not None,
        "digits": lambda v: v in {item.value for item in Digits},
        "tts": lambda v: v in TTS_CHOICES,
        "rate": lambda v: type(v) is int and MIN_RATE <= v <= MAX_RATE,
        "volume": lambda v: type(v) is int and 0 <= v <= 100,
    }
    # A kept on/off option (--count, --speech) needs no check of its own: a flag is valid.
    known = (*KEPT_SETTINGS, *SOUND_SETTINGS, *VOICE_SETTINGS)
    return {key: saved[key] for key in known
            if key in saved and checks.get(key, flag)(saved[key])}


def with_kept_settings(options: PlayOptions, prepared: Prepared) -> PlayOptions:
    """A resumed game's saved choices, except those given again on this command line."""
    from dataclasses import replace

    kept = {name: value for name, value in prepared.settings.items() if name not in options.given}
    sound = {name: kept.pop(name) for name in SOUND_SETTINGS if name in kept}
    voice = {name: kept.pop(saved) for saved, name in VOICE_SETTINGS.items() if saved in kept}
    return replace(options, **kept, sound=replace(options.sound, **sound),
                   voice=replace(options.voice, **voice))


def resumed_messages(prepared: Prepared, narrator: Narrator, loc: Localizer) -> list[Message]:
    """On resuming: which game this is and where everyone stands."""
    if not prepared.resumed or prepared.autosave is None:
        return []
    return [Message(loc.gettext("Continuing game {number}.").format(
        number=loc.number(prepared.autosave.game_id))), *narrator.where(prepared.game)]


def resume_hint(prepared: Prepared, loc: Localizer, table: bool = False,
                port: int | None = None) -> str | None:
    """The last word on saving, and never "saved" unless the last turn is on disk. A table
    that listened on a port of its own (--port 0 picks any) names it: the children's
    computers come back by themselves only to the address they knew."""
    autosave = prepared.autosave
    if autosave is None:
        return None if prepared.game.over else loc.gettext("This game was not saved.")
    if autosave.behind:
        return loc.ngettext(
            "The latest turns could not be saved: saved game {number} stops after {rolls} roll.",
            "The latest turns could not be saved: saved game {number} stops after {rolls} "
            "rolls.", autosave.saved_rolls).format(number=loc.number(autosave.game_id),
                                                   rolls=loc.number(autosave.saved_rolls))
    if prepared.game.over:
        return None
    # Latin digits whatever the game's digits: it is a command to type into a shell.
    command = f"{autosave.game_id}" + _own_folder(autosave)
    if table:  # the class game goes on at the table, with the same seats
        command += f" --port {port}" if port is not None else ""
        return loc.gettext("The game is saved. To continue it at the table, type: snl table "
                           "host --resume {number}").format(number=command)
    return loc.gettext("The game is saved. To continue it, type: snl play --resume "
                       "{number}").format(number=command)


def _own_folder(autosave: Autosave) -> str:
    """`` --data-dir FOLDER`` when the game is saved in a folder of its own (--data-dir):
    without it, --resume looks for the game where it is not."""
    import shlex

    from snl_edu.store.database import data_dir

    folder = autosave.games.store.path.parent
    try:
        usual = data_dir(None)
    except RuntimeError:
        usual = None
    return "" if folder == usual else f" --data-dir {shlex.quote(str(folder))}"


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
    except (GameStateError, OSError, sqlite3.Error, StoreError):
        pass  # the save after the previous turn stands
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
