"""The Nepali phrases children say to the game (locales/ne/voice.toml)."""

from __future__ import annotations

from snl_edu.inputs.commands import Action
from snl_edu.inputs.voice.phrasebook.phrases import load_phrase_book


def test_children_s_everyday_words_are_commands() -> None:
    book = load_phrase_book("ne")
    said = {"सहायता": Action.HELP, "खेल छोड": Action.QUIT, "को कहाँ छ": Action.WHERE,
            "अँ": Action.YES, "हुन्छ": Action.YES, "हैन": Action.NO, "नाइँ": Action.NO}
    for phrase, action in said.items():
        assert book.commands[phrase] is action, phrase
    assert any(phrase.startswith("दोहोऱ्याउ") for phrase, action in book.commands.items()
               if action is Action.REPEAT)


def test_hajur_is_not_yes() -> None:
    """Said as a question हजुर means "pardon?"; as yes it would confirm quitting."""
    assert "हजुर" not in load_phrase_book("ne").commands
