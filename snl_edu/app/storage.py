"""Opening the store for any front end: a broken file set aside is told, never hidden."""

from __future__ import annotations

from collections.abc import Callable

from snl_edu.language.localizer import Localizer
from snl_edu.store import Damage, Store, open_store


def recovery_notice(store: Store, loc: Localizer) -> str | None:
    """One clear sentence when a broken store file (or some of its rows) was set aside."""
    recovery = store.recovery
    if recovery is None:
        return None
    values = {"path": str(store.path), "backup": str(recovery.backup),
              "kept": loc.number(recovery.kept), "lost": loc.number(recovery.lost)}
    if recovery.damage is Damage.FOREIGN:
        return loc.gettext("The file {path} was not made by snl, so it was kept as {backup} "
                           "and a new saved-games file was started.").format(**values)
    if recovery.damage is Damage.ROWS:
        return loc.ngettext(
            "The saved-games file {path} had {lost} damaged record; it was removed, and "
            "the file as it was is kept as {backup}.",
            "The saved-games file {path} had {lost} damaged records; they were removed, and "
            "the file as it was is kept as {backup}.", recovery.lost).format(**values)
    if recovery.kept:
        return loc.ngettext(
            "The saved-games file {path} was damaged, so it was kept as {backup} and a new one "
            "was started with the {kept} record that could still be read.",
            "The saved-games file {path} was damaged, so it was kept as {backup} and a new one "
            "was started with the {kept} records that could still be read.",
            recovery.kept).format(**values)
    return loc.gettext("The saved-games file {path} was damaged, so it was kept as {backup} "
                       "and a new one was started.").format(**values)


def open_store_telling(data_dir: str | None, loc: Localizer,
                       notify: Callable[[str], None]) -> Store:
    """Open the store, telling ``notify`` if a broken file was set aside."""
    store = open_store(data_dir)
    notice = recovery_notice(store, loc)
    if notice:
        notify(notice)
    return store
