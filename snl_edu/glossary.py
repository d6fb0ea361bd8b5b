"""The glossary of SPEC: the Nepali words the game uses, with their meanings."""

from __future__ import annotations

from snl_edu.i18n import Localizer
from snl_edu.vocabulary import N_

# (romanised word, Devanagari, meaning as an English msgid)
GLOSSARY = (
    ("saanp", "साँप", N_("snake")),
    ("bharyang", "भर्याङ", N_("ladder")),
    ("pasa", "पासा", N_("the die")),
    ("chhakka", "छक्का", N_("a six")),
    ("Moksha Patam", "मोक्षपटम्", N_('old South Asian name of the game: "the board of liberation"')),
)


def glossary_lines(loc: Localizer) -> list[str]:
    template = loc.gettext("{word} ({nepali}): {meaning}.")
    return [template.format(word=word, nepali=nepali, meaning=loc.gettext(meaning))
            for word, nepali, meaning in GLOSSARY]
