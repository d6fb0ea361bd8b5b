"""Opening the store from a command: the --data-dir option and the recovery notice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from snl_edu.i18n import Localizer
from snl_edu.store import Damage, Store, open_store

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


def recovery_notice(store: Store, loc: Localizer) -> str | None:
    """One clear sentence when a broken store file was set aside, else None."""
    if store.recovery is None:
        return None
    values = {"path": str(store.path), "backup": str(store.recovery.backup)}
    if store.recovery.damage is Damage.FOREIGN:
        return loc.gettext("The file {path} was not made by snl, so it was kept as {backup} "
                           "and a new saved-games file was started.").format(**values)
    return loc.gettext("The saved-games file {path} was damaged, so it was kept as {backup} "
                       "and a new one was started.").format(**values)


def open_cli_store(data_dir: str | None, loc: Localizer) -> Store:
    """Open the store, telling the user (on stderr) if a broken file was set aside."""
    store = open_store(data_dir)
    notice = recovery_notice(store, loc)
    if notice:
        click.echo(notice, err=True)
    return store

