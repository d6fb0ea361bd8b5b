"""Opening the store from a command: the --data-dir option and the recovery notice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from snl_edu.app.storage import open_store_telling
from snl_edu.language.localizer import Localizer
from snl_edu.store import Store

F = TypeVar("F", bound=Callable[..., Any])


def data_dir_option(function: F) -> F:
    """``--data-dir``: where saved games and progress live (default: SNL_DATA_DIR, then the
    user's data folder)."""
    return click.option(
        # Plain text, not click.Path: Click's Path check crashes on a NUL in the name (found
        # by fuzzing); open_store reports every unusable folder as one message instead.
        "--data-dir", type=str, default=None, metavar="FOLDER",
        help="Folder for saved games and progress. Default: SNL_DATA_DIR, then the user's "
             "data folder.")(function)


def open_cli_store(data_dir: str | None, loc: Localizer) -> Store:
    """Open the store, telling the user (on stderr) if a broken file was set aside."""
    return open_store_telling(data_dir, loc, lambda notice: click.echo(notice, err=True))
