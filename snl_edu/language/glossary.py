"""The glossary (``snl words``): the Nepali words the game uses, with their meanings."""

from __future__ import annotations

from snl_edu.language.localizer import Localizer
from snl_edu.vocabulary import N_

# (the word as a reader of the language meets it, what it means in the game); English shows
# the romanised word with its Devanagari, Nepali the word alone, and each meaning explains
# the word rather than repeating it.
GLOSSARY = (
    (N_("saanp (साँप)"), N_("a snake: a token that stops on its head slides down to its tail")),
    (N_("bharyang (भऱ्याङ)"), N_("a ladder: a token that stops at its foot climbs to its top")),
    (N_("pasa (पासा)"), N_("the die, with one to six dots on its faces")),
    (N_("chhakka (छक्का)"), N_("a six on the die; it earns another roll")),
    (N_("Moksha Patam (मोक्षपटम्)"),
     N_('the old South Asian name of the game: "the board of liberation"')),
)


def glossary_lines(loc: Localizer) -> list[str]:
    template = loc.gettext("{word}: {meaning}.")
    return [template.format(word=loc.gettext(word), meaning=loc.gettext(meaning))
            for word, meaning in GLOSSARY]
