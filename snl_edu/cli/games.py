"""`snl games`: the saved games, newest first (unfinished only unless --all)."""

from __future__ import annotations

import click

from snl_edu.cli.common import remember_localizer
from snl_edu.cli.group import language_options
from snl_edu.cli.storage import data_dir_option, open_cli_store
from snl_edu.language.localizer import Localizer, localizer_for
from snl_edu.store.games import GameStore, SavedGame


def _board_title(name: str, loc: Localizer) -> str:
    """A shipped board by its title in the language (its name is a word to type, not to read)."""
    from snl_edu.boards import load_board, shipped_names

    return load_board(name).title(loc.language) if name in shipped_names() else name


def describe_saved(saved: SavedGame, loc: Localizer) -> str:
    from babel.dates import format_datetime

    when = loc.number(format_datetime(saved.updated.astimezone(), "medium",
                                         locale=loc.language))
    from snl_edu.play.narration import shown_name

    players = [shown_name(player, loc) for player in saved.players]
    values = {"number": loc.number(saved.id), "players": loc.join(players),
              "board": _board_title(saved.board, loc), "rolls": loc.number(saved.rolls), "when": when}
    if saved.finished:
        return loc.ngettext("Game {number}: {players} on {board}, finished after {rolls} roll, "
                            "{when}.",
                            "Game {number}: {players} on {board}, finished after {rolls} rolls, "
                            "{when}.", saved.rolls).format(**values)
    return loc.ngettext("Game {number}: {players} on {board}, {rolls} roll so far, last played "
                        "{when}.",
                        "Game {number}: {players} on {board}, {rolls} rolls so far, last played "
                        "{when}.", saved.rolls).format(**values)


@click.command()
@click.option("--all", "include_finished", is_flag=True,
              help="Include finished games, kept for the record.")
@data_dir_option
@language_options
def games(include_finished: bool, data_dir: str | None, lang: str | None,
          digits: str | None) -> None:
    # Its help is its line in snl_edu.cli.group.COMMANDS.
    loc = remember_localizer(localizer_for(lang, digits))
    with open_cli_store(data_dir, loc) as store:
        saved = GameStore(store).list(include_finished)
    if not saved:
        click.echo(loc.gettext("There are no saved games.") if include_finished
                   else loc.gettext("There are no unfinished games."))
        return
    for entry in saved:
        click.echo(describe_saved(entry, loc))
    if any(not entry.finished for entry in saved):
        # Latin digits: a command typed into a shell, whatever the game's digits.
        click.echo(loc.gettext("To continue a game, type: snl play --resume {number}").format(
            number=str(next(e.id for e in saved if not e.finished))))

