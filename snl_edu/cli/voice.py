"""`snl voice`: check, download, teach and try out voice commands (Whisper, pocketsphinx or
vosk, and a child's own taught examples; all offline)."""

from __future__ import annotations

from pathlib import Path

import click

from snl_edu.cli.common import CHILD_NAME, FloatRange, remember_localizer, run_app
from snl_edu.cli.group import language_options
from snl_edu.cli.progress_lines import JobProgress, progress_screen_reader
from snl_edu.cli.storage import data_dir_option
from snl_edu.cli.voice_options import recogniser_option
from snl_edu.inputs.voice.recognisers.models import DOWNLOADABLE
from snl_edu.language.localizer import localizer_for

VOICE_MODEL_HELP = ("A model folder to use instead of the installed one: a vosk model, or a "
                    "CTranslate2 Whisper model (a larger one you downloaded).")


def _notify(text: str) -> None:
    click.echo(text, err=True)


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
    from snl_edu.inputs.voice.recognisers.download import install_model, published_md5
    from snl_edu.inputs.voice.recognisers.models import (
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
    from snl_edu.app.voice_check import check_voice

    loc = remember_localizer(localizer_for(lang, digits))
    chosen = bool(lang or voice_model or phrases)
    if check_voice(loc, chosen, voice_model, phrases, recogniser, data_dir, click.echo, _notify):
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
    from snl_edu.app.voice_check import listen as listen_to
    from snl_edu.app.voice_check import model_for, phrase_book

    loc = remember_localizer(localizer_for(lang, digits))
    book = phrase_book(loc, phrases)
    model = run_app(click.get_current_context(), lambda: model_for(
        loc, book, voice_model, recogniser, learner, data_dir, _notify))
    listen_to(loc, book, model, audio_in, numbers, as_json, click.echo, _notify)


class _TeachCommand(click.Command):
    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The commands that can be taught (the language's phrase book's) and how many
        examples each takes: COMMAND's values, which a usage line cannot list."""
        from snl_edu.app.voice_check import phrase_book, taught_commands
        from snl_edu.cli.localized import help_localizer, localized_metavar
        from snl_edu.inputs.voice.teaching.examples import EXAMPLES

        loc = help_localizer(ctx)
        formatter.write_paragraph()
        formatter.write_text(loc.ngettext(
            "{command} is one of {commands}, taught from {count} example.",
            "{command} is one of {commands}, taught from {count} examples.", EXAMPLES).format(
            command=localized_metavar("COMMAND", loc),
            # Quoted: typed as they stand, in every language
            commands=loc.join([f"'{c}'" for c in taught_commands(phrase_book(loc, None))]),
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
    from snl_edu.app.voice_check import phrase_book, taught_commands
    from snl_edu.app.voice_teaching import teach as teach_child
    from snl_edu.inputs.voice.teaching.examples import EXAMPLES

    loc = remember_localizer(localizer_for(lang, digits))
    commands = taught_commands(phrase_book(loc, None))
    if command not in commands:
        ctx = click.get_current_context()
        raise click.BadParameter(loc.gettext(
            "{command} is not a command: choose one of {commands}.").format(
                command=command, commands=loc.join(commands)),
            ctx=ctx, param=next(p for p in ctx.command.params if p.name == "command"))
    if audio_in and len(audio_in) != EXAMPLES:
        raise click.ClickException(loc.ngettext(
            "A command is taught from {count} example, each in its own recording: "
            "{given} --audio-in given.",
            "A command is taught from {count} examples, each in its own recording: "
            "{given} --audio-in given.", EXAMPLES).format(
            count=loc.number(EXAMPLES), given=loc.number(len(audio_in))))
    run_app(click.get_current_context(), lambda: teach_child(
        loc, name, command, audio_in, data_dir, click.echo, _notify))


@voice.command()
@click.argument("name", metavar="NAME", type=CHILD_NAME)
@data_dir_option
@language_options
def examples(name: str, data_dir: str | None, lang: str | None, digits: str | None) -> None:
    """List the voice commands a child taught, per language, and how many examples each."""
    from snl_edu.app.voice_teaching import taught_examples

    loc = remember_localizer(localizer_for(lang, digits))
    for line in taught_examples(loc, name, data_dir, _notify):
        click.echo(line)
