"""A build tool, not part of the game: the Babel extraction method for the help of `snl`.

pyproject.toml's [tool.babel] names it. It stands above the whole package (it walks the
command tree of the CLI), so it lives here at the top, where nothing at run time imports it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from snl_edu.cli import main
from snl_edu.cli.click_words import PLURAL
from snl_edu.cli.localized import help_messages, metavar_words


def extract(fileobj: Any, keywords: Any, comment_tags: Any,
            options: Any) -> Iterator[tuple[int, str | None, str | tuple[str, str], list[str]]]:
    """Babel extraction method: the help texts of the whole `snl` command tree, their
    metavars' placeholder words, and the plural messages of Click's own that `snl` shows
    (cli/click_words.py)."""
    for text in help_messages(main):
        yield 0, None, text, ["Command-line help text."]
    for pair in PLURAL:
        yield 0, "ngettext", pair, ["Click's own message."]
    placeholder = ("A placeholder in a usage line or beside an option, such as --forget NAME: "
                   "what the user types in its place.")
    for word in sorted(metavar_words(main)):
        yield 0, "pgettext", ("metavar", word), [placeholder]
