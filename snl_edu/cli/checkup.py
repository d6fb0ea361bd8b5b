"""`snl checkup NAME`: a five-minute number check-up, the first one the baseline."""

from __future__ import annotations

import click

from snl_edu.app.options import SoundOptions
from snl_edu.cli.audio import VOICE, voice_options
from snl_edu.cli.common import CHILD_NAME, IntRange, remember_localizer, screen_reader_option
from snl_edu.cli.declared import filled
from snl_edu.cli.group import language_options
from snl_edu.cli.storage import data_dir_option
from snl_edu.language.localizer import localizer_for
from snl_edu.play import teams


@click.command()
@click.argument("name", type=CHILD_NAME)
@click.option("--speech/--no-speech", default=True, show_default=True,
              help="Speak every question aloud; the number line is heard as a tone.")
@screen_reader_option("For NVDA, JAWS or Orca: questions as lines of text, the number "
                      "line as a tone.")
@click.option("--seed", type=IntRange(0, 999_999), default=None,
              help="Choose the items (default: from the learner's name).")
@click.option("--anyway", is_flag=True,
              help="Check up now, even before enough play since the last check-up (the "
                   "report shows how much play lay between them).")
@voice_options
@data_dir_option
@language_options
def checkup(name: str, speech: bool, screen_reader: bool, seed: int | None, anyway: bool,
            data_dir: str | None, lang: str | None, digits: str | None, **voice: object) -> None:
    # Its help is its line in snl_edu.cli.group.COMMANDS.
    from snl_edu.app.checkup import CheckupOptions, run_checkup
    from snl_edu.app.play import Terminal

    loc = remember_localizer(localizer_for(lang, digits))
    if teams.SEPARATOR in name:
        raise click.BadParameter(loc.gettext(teams.ONE_CHILD), param_hint="NAME")
    sound = filled(SoundOptions, VOICE, voice, speech=speech, sound=False,
                   screen_reader=screen_reader)
    if not run_checkup(CheckupOptions(name, sound, seed, data_dir, anyway), loc, Terminal()):
        raise click.exceptions.Exit(1)
