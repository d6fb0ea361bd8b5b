"""The spoken commands of one language, read from locales/<lang>/voice.toml.

Phrases are data so a classroom can add words without touching code. Numbers
1-100 come from CLDR spell-out rules (unicode-rbnf) plus any extra spellings.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

from snl_edu.capped_toml import CappedTomlError, parse_capped
from snl_edu.inputs.commands import Action
from snl_edu.inputs.voice.problems import VoiceError, VoiceProblem
from snl_edu.resources import data_folder

NUMBERS = range(1, 101)
# Actions a voice may ask for: END is for scripts ending, ANSWER comes from numbers.
SPOKEN_ACTIONS = tuple(a for a in Action if a not in (Action.END, Action.ANSWER))


def normalise(text: str) -> str:
    """Lower case, hyphens as spaces, single spaces: the form vosk transcripts take."""
    return " ".join(text.replace("-", " ").lower().split())


@dataclass(frozen=True)
class PhraseBook:
    language: str
    model: str  # the model language fragment, e.g. "en-us" or "hi"
    commands: dict[str, Action]  # phrase -> action
    numbers: dict[str, int]  # phrase -> 1..100
    distractors: tuple[str, ...] = field(default=())
    prompt: str = ""  # a few commands as text, to start an open-vocabulary recogniser
    framing: tuple[str, ...] = field(default=())  # words that may come with a command
    chatter: tuple[str, ...] = field(default=())  # words never rescored as a command

    def phrases_for(self, action: Action) -> list[str]:
        """The phrases of a command in file order (a taught command is said as the first)."""
        return [phrase for phrase, act in self.commands.items() if act is action]


def _spellout(languages: list[str]) -> dict[str, int]:
    from unicode_rbnf import RbnfEngine

    words: dict[str, int] = {}
    for language in languages:
        engine = RbnfEngine.for_language(language)
        for number in NUMBERS:
            words.setdefault(normalise(engine.format_number(number).text), number)
    return words


def _commands(data: dict[str, object], fail: Callable[[str], VoiceError]
              ) -> dict[str, Action]:
    """The [commands] table: each phrase, normalised, to the one action it says."""
    raw_commands = data.get("commands")
    if not isinstance(raw_commands, dict):
        raise fail("a [commands] table is needed")
    commands: dict[str, Action] = {}
    for name, phrases in raw_commands.items():
        try:
            action = Action(name)
        except ValueError:
            raise fail(f"unknown command {name!r}") from None
        if action not in SPOKEN_ACTIONS:
            raise fail(f"{name!r} cannot be spoken")
        if not isinstance(phrases, list) or not all(isinstance(p, str) for p in phrases):
            raise fail(f"{name} must be a list of phrases")
        for phrase in phrases:
            key = normalise(phrase)
            if key and commands.setdefault(key, action) is not action:
                raise fail(f"{phrase!r} is given for two commands")
    return commands


def parse_phrase_book(language: str, data: dict[str, object]) -> PhraseBook:
    """Check and build a phrase book from parsed TOML; a bad file raises VoiceError."""
    def fail(detail: str) -> VoiceError:
        return VoiceError(VoiceProblem.PHRASES, detail, language)

    model = data.get("model")
    if not isinstance(model, str) or not model:
        raise fail("model must name the speech model's language, for example \"en-us\"")
    commands = _commands(data, fail)
    raw_numbers = data.get("numbers", {})
    if not isinstance(raw_numbers, dict):
        raise fail("[numbers] must be a table")
    spellout = raw_numbers.get("spellout", [])
    if not isinstance(spellout, list) or not all(isinstance(s, str) for s in spellout):
        raise fail("numbers.spellout must be a list of language codes")
    try:
        numbers = _spellout(spellout)
    except Exception as error:  # noqa: BLE001 (unicode-rbnf: plain errors, unknown language)
        raise fail(f"numbers.spellout: {error}") from None
    extra = raw_numbers.get("extra", {})
    if not isinstance(extra, dict):
        raise fail("numbers.extra must be a table of phrase = number")
    for phrase, value in extra.items():
        if not isinstance(value, int) or value not in NUMBERS:
            raise fail(f"numbers.extra: {phrase!r} must be a number from 1 to 100")
        numbers[normalise(phrase)] = value
    clash = sorted(set(numbers) & set(commands))
    if clash:
        raise fail(f"{clash[0]!r} is both a command and a number")
    raw_distractors = data.get("distractors", {})
    phrases = raw_distractors.get("phrases", []) if isinstance(raw_distractors, dict) else None
    if not isinstance(phrases, list) or not all(isinstance(p, str) for p in phrases):
        raise fail("distractors.phrases must be a list of phrases")
    distractors = tuple(dict.fromkeys(
        p for p in map(normalise, phrases) if p and p not in commands and p not in numbers))
    prompt = data.get("prompt", "")
    if not isinstance(prompt, str):
        raise fail("prompt must be a line of text")
    raw_framing = data.get("framing", {})
    words = raw_framing.get("words", []) if isinstance(raw_framing, dict) else None
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        raise fail("framing.words must be a list of words")
    framing = tuple(dict.fromkeys(word for word in map(normalise, words) if word))
    return PhraseBook(language, model, commands, numbers, distractors, prompt, framing,
                      _chatter(data, fail))


def _chatter(data: dict[str, object], fail: Callable[[str], VoiceError]) -> tuple[str, ...]:
    raw = data.get("chatter", {})
    words = raw.get("words", []) if isinstance(raw, dict) else None
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        raise fail("chatter.words must be a list of words")
    return tuple(dict.fromkeys(word for word in map(normalise, words) if word))


@cache
def load_phrase_book(language: str) -> PhraseBook:
    path = data_folder("locales").joinpath(language, "voice.toml")
    try:
        data = parse_capped(path.read_text("utf-8"))
    except FileNotFoundError:
        raise VoiceError(VoiceProblem.PHRASES, "no voice.toml", language) from None
    except (OSError, CappedTomlError, UnicodeDecodeError) as error:
        raise VoiceError(VoiceProblem.PHRASES, str(error), language) from None
    return parse_phrase_book(language, data)
