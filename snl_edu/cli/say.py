"""`snl say`: speak a sentence, or write it to a WAV file; checks that speech works."""

from __future__ import annotations

from pathlib import Path

import click

from snl_edu.cli.audio import voice_options
from snl_edu.cli.common import remember_localizer
from snl_edu.cli.group import language_options
from snl_edu.error_text import os_words
from snl_edu.language.localizer import localizer_for


@click.command()
@click.argument("text", nargs=-1, required=True)
@click.option("--out", type=click.Path(dir_okay=False, writable=True, path_type=Path),
              default=None, metavar="FILE.wav", help="Write the speech to a WAV file "
                                                    "instead of playing it.")
@voice_options
@language_options
def say(text: tuple[str, ...], out: Path | None, tts: str, rate: int, volume: int,
        lang: str | None, digits: str | None) -> None:
    # Its help is its line in snl_edu.cli.group.COMMANDS.
    from snl_edu.outputs.aloud.espeak import EspeakSynthesiser, Voice
    from snl_edu.outputs.aloud.player import Player
    from snl_edu.sound.device import DeviceSink
    from snl_edu.sound.pcm import write_wav

    loc = remember_localizer(localizer_for(lang, digits))
    voice = Voice(loc.language, rate, volume)
    sentence = " ".join(text)
    from snl_edu.outputs.aloud.system_voice import SystemSynthesiser

    if tts == "system":
        synthesiser: EspeakSynthesiser | SystemSynthesiser = SystemSynthesiser(voice)
    else:
        synthesiser = EspeakSynthesiser(voice)
    try:
        pcm = synthesiser.synthesise(sentence)
    finally:
        if isinstance(synthesiser, SystemSynthesiser):
            synthesiser.close()
    if out is not None:
        try:
            write_wav(out, pcm)
        except OSError as error:
            raise click.ClickException(loc.gettext("Cannot write {path}: {reason}.").format(
                path=str(out), reason=os_words(error, loc))) from None
        click.echo(loc.gettext("Wrote {path}: {seconds} seconds of speech.").format(
            path=str(out), seconds=loc.number(f"{pcm.duration:.1f}")))
        return
    player = Player(DeviceSink(synthesiser.sample_rate))
    try:
        player.play(pcm)
    finally:
        player.close()

