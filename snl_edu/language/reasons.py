"""Where a TOML file goes wrong, told in the reader's language.

Errors keep tomllib's message as it gave it (English: "Invalid value (at line 2, column 9)")
and are told later, when the reader's language is known: the place in the reader's words,
tomllib's own words quoted, which is what a teacher searches for.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from snl_edu.language.localizer import Localizer

# tomllib's message: the mistake, then where it is.
_TOML_AT = re.compile(r"^(.*) \(at (?:line (\d+), column (\d+)|end of document)\)$")


def toml_reason(text: str, loc: Localizer) -> str:
    """Where a TOML file goes wrong, in the reader's language; the reader's own English words
    quoted, for a teacher to search for."""
    found = _TOML_AT.match(text)
    if found is None:
        return loc.gettext("the TOML reader says '{detail}'").format(detail=text)
    detail, line, column = found.groups()
    if line is None:
        return loc.gettext("a mistake at the end of the file (the TOML reader says "
                           "'{detail}')").format(detail=detail)
    return loc.gettext("a mistake at line {line}, column {column} (the TOML reader says "
                       "'{detail}')").format(line=loc.number(int(line)),
                                             column=loc.number(int(column)), detail=detail)


def is_toml_reason(text: str) -> bool:
    return _TOML_AT.match(text) is not None
