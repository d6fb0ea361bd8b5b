"""The in-game help and the README's key list, both made from the action table
(``snl_edu.inputs.commands.GAME_KEYS``), so neither can name a key the game does not have."""

from __future__ import annotations

from snl_edu.engine import DIE_FACES
from snl_edu.inputs.commands import GAME_KEYS, Action, Ear
from snl_edu.language.localizer import Localizer, localizer_for
from snl_edu.vocabulary import Message

README_HEADING = "Keys during a game:"


def help_lines(loc: Localizer) -> list[str]:
    """One line per key table row that has help, in the reader's language."""
    return [loc.gettext(line.help).format(six=loc.words(DIE_FACES))
            for line in GAME_KEYS if line.help is not None]


def help_messages(loc: Localizer, ear: Ear | None = None) -> list[Message]:
    """The keys, then (with voice on) what may be said: a phrase for each command the ear
    hears, in the order of the commands."""
    lines = [loc.gettext("Keys:"), *help_lines(loc)]
    said = [phrase for phrase in (ear.phrase_for(action) for action in Action)
            if phrase] if ear is not None else []
    if said:
        lines.append(loc.gettext("You can also say: {phrases}.").format(
            phrases=loc.join(said)))
    return [Message(text) for text in lines]


def readme_key_list() -> str:
    """The README's list of the keys, in English: its heading, then one item a help line."""
    return "\n".join([README_HEADING, "", *(f"- {text}" for text in help_lines(localizer_for("en")))])
