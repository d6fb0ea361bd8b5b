"""Opening the store from a command: the --data-dir option and the recovery notice."""

from __future__ import annotations

import click

from snl_edu.app.options import PlayOptions
from snl_edu.app.storage import open_store_telling
from snl_edu.cli.declared import declare
from snl_edu.language.localizer import Localizer
from snl_edu.store import Store
from snl_edu.store.database import data_dir


def _absolute(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """A relative folder made absolute as the command starts, once."""
    if not value:
        return value
    try:
        return str(data_dir(value))
    except RuntimeError:  # "~nouser/x": open_store says so in one line
        return value


# ``--data-dir``: where saved games and progress live (default: SNL_DATA_DIR, then the
# user's data folder). Plain text, not click.Path: Click's Path check crashes on a NUL in
# the name (found by fuzzing); open_store reports every unusable folder as one message.
DATA_DIR = declare(PlayOptions, "data_dir", "--data-dir", type=str, default=None,
                   metavar="FOLDER", callback=_absolute,
                   help="Folder for saved games and progress. Default: SNL_DATA_DIR, then the "
                        "user's data folder.")
data_dir_option = DATA_DIR


def open_cli_store(data_dir: str | None, loc: Localizer) -> Store:
    """Open the store, telling the user (on stderr) if a broken file was set aside."""
    return open_store_telling(data_dir, loc, lambda notice: click.echo(notice, err=True))
