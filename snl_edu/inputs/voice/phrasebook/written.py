"""How Whisper writes the phrase book's phrases, and chatter that only states one.

Whisper writes what it hears in free text. When that text names no command exactly
(finding.py), the decoder is asked instead how likely each phrase is on the same
audio (recognisers/constrained.py), written as the model writes them: a number in
digits ("81."), anything else as a sentence ("Quit the game."), ending as the
transcript does.

That does not overrule finding.py. A transcript that states a command in so many
words beside other words ("Okay, I'm done again.", "Good luck, yeah.") was judged
chatter there, and that phrase is not taken for it, unless the other words stand where
a longer phrase of the same meaning has its own ("No fun." may be "no thanks" heard in
part, finding.in_part). A phrase the transcript only comes near may still be taken,
and so may one in a transcript of command words only ("Go ahead.").
"""

from __future__ import annotations

from snl_edu.inputs.voice.phrasebook.finding import in_part, stated, stray_words, words_of
from snl_edu.inputs.voice.phrasebook.grammar import Grammar

ENDINGS = ".?!"  # how Whisper ends a sentence


def written_form(phrase: str, value: int | None, ending: str) -> str:
    """How the model writes a phrase: a number in digits (scoring its words as well
    chose no other command on the tuning clips), anything else as a sentence."""
    return f"{value}{ending}" if value is not None else phrase[:1].upper() + phrase[1:] + ending


def number_of(grammar: Grammar, phrase: str) -> int | None:
    value = grammar.meanings.get(phrase)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def ending_of(transcript: str) -> str:
    """The mark the transcript ends with ("." when none): a phrase is written ending so."""
    transcript = transcript.strip()
    return transcript[-1] if transcript[-1:] in ENDINGS else "."


def stated_amid_chatter(grammar: Grammar, transcript: str, phrase: str) -> bool:
    """The transcript states ``phrase``, or another, beside other words that make it
    chatter: "मेरो पालो फेरि" is no "फेरि भन" either, and "पासा मेरो हो" states two."""
    said = stated(grammar, transcript)
    if not said or not stray_words(grammar, transcript):
        return False
    if phrase not in said and len({grammar.meanings.get(p) for p in said}) > 1:
        return True
    return not any(in_part(grammar, transcript, p) for p in said if p == phrase
                   or grammar.meanings.get(p) == grammar.meanings.get(phrase))


def repeated(words: list[str]) -> bool:
    """The words are a run said three times or more over ("i did i did i did i"): the
    decoder writing on past the utterance, not a child speaking."""
    return any(all(word == words[index % period] for index, word in enumerate(words))
               for period in range(1, len(words) // 3 + 1))


def beyond_rescoring(grammar: Grammar, transcript: str) -> bool:
    """The free transcript is what was said, and it is no command: framing or chatter
    words only ("Please.", "Fine."), a number the game does not have ("723.": is it 73,
    7 23 or 72 3? asking again beats a wrong number), or a hallucinated run."""
    words = words_of(transcript)
    return (set(words) <= {*grammar.framing, *grammar.chatter}
            or any(word.isdigit() for word in words) or repeated(words))
