"""Click's own words (errors, usage hints, help extras) from our catalog, in the player's language.

Click looks its strings up through the ``_`` and ``ngettext`` names its modules import
from the global gettext domain, which holds no Nepali. Before each run those names are
pointed at the chosen language's catalog, where these msgids are translated like ours.
The list holds the strings a user of `snl` can meet; a Click string missing from it stays
English. Click fills some placeholders with English words of its own ({number_type},
{param_type}, {range}), so a translation may leave those out.
"""

from __future__ import annotations

import importlib

from snl_edu.language.localizer import Localizer
from snl_edu.vocabulary import N_

CLICK_MODULES = ("click.core", "click.exceptions", "click.types", "click.parser",
                 "click.decorators", "click.formatting", "click.termui")

SINGULAR = (
    N_("Error: {message}"),
    N_("Try '{command} {option}' for help."),
    N_("Invalid value: {message}"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Missing {param_type}"),
    N_("Missing parameter: {param_name}"),
    N_("Missing command."),
    N_("No such option {name!r}."),
    N_("No such command {name!r}."),
    N_("Option {name!r} does not take a value."),
    N_("Could not open file {filename!r}: {message}"),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."),
    N_("file"),
    N_("directory"),
    N_("path"),
    N_("{name} {filename!r} does not exist."),
    N_("{name} {filename!r} is a file."),
    N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is not readable."),
    N_("{name} {filename!r} is not writable."),
    N_("Aborted!"),
    N_("required"),
    N_("default: {default}"),
    N_("%(prog)s, version %(version)s"),
)
# (singular, plural) pairs, extracted by catalog_extraction.extract.
PLURAL = (
    ("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"),
    ("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"),
    ("{value!r} is not {choice}.", "{value!r} is not one of {choices}."),
    ("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."),
)
# Placeholders Click fills with English words: a translation may leave them out.
ENGLISH_FILLERS = ("number_type", "param_type", "range")


def speak_clicks_language(loc: Localizer) -> None:
    """Click's messages from now on come from ``loc``'s catalog."""
    for name in CLICK_MODULES:
        module = importlib.import_module(name)
        if hasattr(module, "_"):
            module._ = loc.gettext  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = loc.ngettext  # type: ignore[attr-defined]
