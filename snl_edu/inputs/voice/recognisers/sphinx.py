"""The pocketsphinx back end: US English from the model inside the wheel, no download.

Each phrase of the grammar becomes one dictionary entry ("roll the dice" ->
roll_the_dice, pronounced as its words in turn), so the JSGF grammar is a
flat choice of whole phrases: a path can only end on a whole phrase, never
on the start of a longer one ("roll the"). Distractor words are phrases too,
weighted far below commands: at equal weight the short ones took real
commands ("quit" heard as "we", "help" as "to"; 80% of commands recognised on
bench_voice.py's tuning set, 87% at this weight, 92% with no distractors),
while chatter still lands on them now and then instead of on a command.

A small grammar forces chatter onto its phrases, so a result also has to
account for what was heard: the listener gives the recogniser the speech,
0.1 s before it and 0.15 s after, and a phrase that leaves more of it to silence (the rest
of "yesterday was fun" after "yes", the rest of "where is my pencil" after
"where am i") is not a command. Measured on bench_voice.py's tuning set, this
limit took the chatter taken as a command from 47% to 17% and lost no command.
Nor is one that ends more than 0.36 s before the utterance does: the rest of
"count to ten" after "quit the game" (chatter taken 14 -> 9 of 576 on the
enlarged tuning set, no command lost).
Nor is a phrase with fewer syllables than were heard ("hello how are you"
heard as "look ahead"; see syllables.py), nor a command that a free loop of
phones explains better ("my turn next" heard as "look ahead"; see
spotting.py).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from typing import Any

from snl_edu.inputs.voice.audio.endpoint import SAMPLE_RATE
from snl_edu.inputs.voice.audio.syllables import Loudness
from snl_edu.inputs.voice.phrasebook.grammar import Grammar
from snl_edu.inputs.voice.problems import VoiceError, VoiceProblem
from snl_edu.inputs.voice.recognisers.recognition import Transcript
from snl_edu.inputs.voice.recognisers.spotting import Spotter

MODEL_LANGUAGE = "en-us"  # the model language (voice.toml's `model`) the wheel serves
FRAMES_PER_SECOND = 100  # pocketsphinx's default frame rate
# Frames of an utterance its phrase may leave to silence or noise: the listener's margins
# (0.25 s) and 0.25 s of slack; 0.3 s in all lost 4% of the commands. Since the limit after
# the phrase (below) catches a phrase that leaves a sentence's end, 0.4 s only lost commands
# (9 of 960 on the enlarged tuning set) and caught no more chatter than 0.45 s or more.
MAX_UNEXPLAINED = 50
# Of those, frames after the phrase's end: the listener's 0.15 s and Silero's lag. On the
# tuning set a recognised command left at most 35 (one 38), while a phrase forced onto the
# start of a sentence left its last word, 37 to 61 ("my turn next" heard as "quit the game").
MAX_UNEXPLAINED_AFTER = 36
# JSGF weight of a distractor against 1 for a command (see the module's docstring).
DISTRACTOR_WEIGHT = "1e-10"
Entry = tuple[str, str]  # a dictionary entry: its name and its phones ("the(2)", "DH IY")
VOWELS = frozenset({"AA", "AE", "AH", "AO", "AW", "AY", "EH", "ER", "EY", "IH", "IY", "OW",
                    "OY", "UH", "UW"})  # the model's phones that make a syllable


def _import() -> Any:
    try:
        import pocketsphinx
    except (ImportError, OSError) as error:
        raise VoiceError(VoiceProblem.NO_MODEL, str(error)) from None
    return pocketsphinx


def _entry(phrase: str) -> str:
    return phrase.replace(" ", "_")


def jsgf(grammar: Grammar) -> str:
    """The grammar as JSGF: one alternative per phrase (the garbage word is vosk's own)."""
    wanted = set(grammar.commands) | set(grammar.numbers)
    words = [_entry(p) if p in wanted else f"/{DISTRACTOR_WEIGHT}/ {_entry(p)}"
             for p in grammar.phrases if p != grammar.garbage]
    return "#JSGF V1.0;\ngrammar snl;\npublic <utt> = " + " | ".join(words) + ";\n"


class SphinxBackend:
    """The wheel's acoustic model and dictionary (a recognition.Backend)."""

    name = "pocketsphinx"

    def __init__(self) -> None:
        ps = _import()
        self._ps = ps
        self.where = ps.get_model_path(MODEL_LANGUAGE)
        self._config = {"hmm": ps.get_model_path(f"{MODEL_LANGUAGE}/{MODEL_LANGUAGE}"),
                        "dict": ps.get_model_path(f"{MODEL_LANGUAGE}/cmudict-en-us.dict"),
                        "lm": None, "loglevel": "FATAL", "logfn": os.devnull}
        self._words: dict[str, str | None] = {}
        # One decoder answers has_word and then serves the first recogniser, so a game
        # loads the acoustic model once (lookups only read the dictionary).
        self._lexicon = ps.Decoder(**self._config)
        self._spare: Any | None = self._lexicon

    def pronunciation(self, word: str) -> str | None:
        if word not in self._words:
            self._words[word] = self._lexicon.lookup_word(word) if word and " " not in word \
                else None
        return self._words[word]

    def entries(self, word: str) -> list[Entry]:
        """The word's entries in the dictionary, each pronunciation named as it is there
        ("the" DH AH, "the(2)" DH IY): a decoder that reads only these hears it as before."""
        found: list[Entry] = []
        name, sounds = word, self.pronunciation(word)
        while sounds is not None:
            found.append((name, sounds))
            name = f"{word}({len(found) + 1})"
            sounds = self._lexicon.lookup_word(name)
        return found

    def has_word(self, word: str) -> bool:
        return self.pronunciation(word) is not None

    def recogniser(self, grammar: Grammar) -> SphinxRecogniser:
        return SphinxRecogniser(self, grammar)

    def decoder(self, entries: list[Entry]) -> Any:
        """A decoder that knows the dictionary entries given (roll_the_dice, R OW L ...).
        The first is the lexicon's own; any other reads only those entries, not the whole
        dictionary: 0.03 s of CPU instead of 0.13 s, once for each listener a game makes."""
        spare, self._spare = self._spare, None
        if spare is not None:
            for word, sounds in entries:
                if spare.lookup_word(word) is None:
                    spare.add_word(word, sounds, False)
            return spare
        with tempfile.TemporaryDirectory(prefix="snl-sphinx-") as folder:
            words = Path(folder, "words.dict")
            words.write_text("".join(f"{word} {sounds}\n" for word, sounds in entries))
            return self._ps.Decoder(**{**self._config, "dict": str(words)})

    def spotter(self, phrases: list[str]) -> Spotter:
        words = {word for phrase in phrases for word in phrase.split()}
        return Spotter(self._ps, self._config["hmm"],
                       {word: self.pronunciation(word) or "" for word in sorted(words)}, phrases)


class SphinxRecogniser:
    def __init__(self, backend: SphinxBackend, grammar: Grammar) -> None:
        self._backend = backend
        self._in_utterance = False
        self._samples = 0  # fed in this utterance
        self._loudness = Loudness()
        self._syllables: dict[str, int] = {}
        entries: list[Entry] = []
        for phrase in grammar.phrases:
            sounds = " ".join(backend.pronunciation(word) or "" for word in phrase.split())
            self._syllables[phrase] = sum(phone in VOWELS for phone in sounds.split())
            entries += [(_entry(phrase), sounds)] if " " in phrase \
                else backend.entries(phrase)
        self._decoder = backend.decoder(entries)
        self._decoder.add_jsgf_string("snl", jsgf(grammar))
        self._decoder.activate_search("snl")
        # Numbers too: chatter was taken as numbers unspotted ("i won" as 91, "i am first"
        # as 100; issue 41). On eSpeak NG voices (en-us, en+f3, en+m3: 5 chatter lines,
        # 6 numbers each) chatter taken 4 -> 1 of 15, numbers 13 -> 12 of 18 right, wrong
        # numbers 1 -> 0.
        self._spotter = backend.spotter(list(grammar.meaningful))
        self._spotted_phrases = set(grammar.meaningful)
        self._numbers = {phrase: grammar.meanings[phrase] for phrase in grammar.numbers}

    def accept(self, block: bytes) -> Transcript | None:
        if not self._in_utterance:
            self._decoder.start_utt()
            self._in_utterance = True
            self._samples = 0
            self._loudness = Loudness()
        self._decoder.process_raw(block, False, False)
        self._spotter.accept(block)
        self._samples += len(block) // 2
        self._loudness.feed(block)
        return None

    def finish(self) -> Transcript:
        if not self._in_utterance:
            return Transcript("", "")
        self._in_utterance = False
        spotted = self._spotter.finish()
        try:
            self._decoder.end_utt()
        except RuntimeError:  # an utterance too short to search ("Failed to stop ..."): unheard
            return Transcript("", "")
        hypothesis = self._decoder.hyp()
        if hypothesis is None:
            return Transcript("", "")
        text = hypothesis.hypstr.replace("_", " ")
        sure = ((text in spotted or text not in self._spotted_phrases
                 or self._number(text) in map(self._number, spotted))
                and self._explains_the_utterance(text))
        return Transcript(text, text if sure else "")

    def _number(self, phrase: str) -> object:
        """A number phrase's value ("one hundred" is spotted as "hundred" too), or the
        phrase itself: a command is only spotted as itself ("ahead" is no "look ahead")."""
        return self._numbers.get(phrase, phrase)

    def _explains_the_utterance(self, text: str) -> bool:
        words = [s for s in self._decoder.seg() or ()
                 if not s.word.startswith(("<", "[", "+"))]  # <sil>, [NOISE], +SPN+ ...
        if not words:
            return False
        said = sum(s.end_frame - s.start_frame + 1 for s in words)
        heard = self._samples * FRAMES_PER_SECOND // SAMPLE_RATE
        return (heard - said <= MAX_UNEXPLAINED
                and heard - 1 - words[-1].end_frame <= MAX_UNEXPLAINED_AFTER
                and self._loudness.syllables() <= self._syllables.get(text, 0))

    def reset(self) -> None:
        if self._in_utterance:
            self._in_utterance = False
            self._spotter.reset()
            with contextlib.suppress(RuntimeError):  # too short to search: nothing to end
                self._decoder.end_utt()
