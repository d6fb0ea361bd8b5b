"""`snl table host|join|watch`: the classroom table over the school network."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from snl_edu.app.options import PlayOptions, SoundOptions
from snl_edu.cli.audio import host_audio_options, play_audio_options
from snl_edu.cli.common import (
    CHILD_NAME,
    FloatRange,
    IntRange,
    remember_localizer,
    rules_from_options,
    run_app,
)
from snl_edu.cli.group import language_options
from snl_edu.cli.lesson_options import lesson_options
from snl_edu.cli.play import new_game_options
from snl_edu.cli.storage import data_dir_option
from snl_edu.error_text import os_words
from snl_edu.language.localizer import Localizer, localizer_for, to_latin_digits
from snl_edu.play.narration import Verbosity
from snl_edu.safe_text import visible
from snl_edu.table.host import DEFAULT_PORT, DEFAULT_TURN_CLOCK

if TYPE_CHECKING:
    from snl_edu.inputs.keyboard import KeyboardInput
    from snl_edu.store.seat_keys import SeatKeys
    from snl_edu.table.client import ClientOptions
    from snl_edu.table.discovery import Announcement
    from snl_edu.table.host import Table


def _address(text: str, loc: Localizer) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise click.BadParameter(loc.gettext(
            "{address} is not an address: give HOST:PORT, for example {example}.").format(
                address=repr(text), example=f"192.168.1.20:{DEFAULT_PORT}"))
    return host.strip("[]"), int(port)


@click.group()
def table() -> None:
    """The classroom table: one game, children at their own computers."""


@table.command()
@new_game_options
@click.option("--bind", default="0.0.0.0", show_default=True, metavar="ADDRESS",
              help="The address to listen on (127.0.0.1: this computer only).")
@click.option("--port", type=IntRange(0, 65535), default=DEFAULT_PORT, show_default=True,
              metavar="PORT",
              help="The port to listen on (0: any free port).")
@click.option("--turn-clock", type=FloatRange(min=0), default=DEFAULT_TURN_CLOCK,
              show_default=True, metavar="SECONDS",
              help="Roll for a child who has not rolled in this many seconds (0: no clock).")
@click.option("--code", default=None, metavar="CODE",
              help="The join code (default: a new random one).")
@click.option("--show", is_flag=True,
              help="Show the board and where everyone is after every turn (for a projector).")
@click.option("--name", "table_name", default=None, metavar="NAME",
              help="The table's name in snl table list (default: this computer's name).")
@click.option("--web/--no-web", default=True, show_default=True,
              help="Serve the page for browsers and the projector page on the same port.")
@host_audio_options
@data_dir_option
@language_options
@click.pass_context
def host(ctx: click.Context, /, players: str | None, teams: tuple[str, ...],
         computers: int | None, board: str, seed: int | None, pace: float | None,
         verbosity: str, count: bool, resume_game: str | None, bind: str, port: int,
         turn_clock: float, code: str | None, show: bool, table_name: str | None,
         web: bool, speech: bool, screen_reader: bool, tts: str, rate: int, volume: int,
         data_dir: str | None, lang: str | None, digits: str | None,
         **rule_values: object) -> None:
    """Open a table on the local network; children join with the code it shows."""
    from snl_edu.table.codes import ALPHABET, CODE_LENGTH, foreign_letters, long_enough, strong
    from snl_edu.table.host import Table, TableOptions

    # The language resolved here, once (--lang, SNL_LANG, the locale), and passed down.
    loc = remember_localizer(localizer_for(lang, digits))
    if code is not None and long_enough(code) and (foreign := foreign_letters(code)):
        raise click.BadParameter(loc.gettext(
            "A join code is written with the letters {letters} only, and {code} has {foreign}. "
            "Leave out --code for a new one.").format(
                letters=ALPHABET, code=visible(code),
                foreign=loc.join(visible(letter) for letter in foreign)),
            param_hint="--code")
    if code is not None and not strong(code):
        raise click.BadParameter(loc.gettext(
            "A join code needs at least {length} letters, each one of {letters}: a shorter "
            "code is easy to guess. Leave out --code for a new one.").format(
                length=loc.number(CODE_LENGTH), letters=ALPHABET), param_hint="--code")
    play = PlayOptions(lang=loc.language, digits=loc.digits.value,
                       players=None if players is None else tuple(players.split(",")),
                       teams=teams, computers=computers, board=board,
                       rules=rules_from_options(**rule_values),
                       seed=seed, resume=resume_game, pace=pace, verbosity=verbosity,
                       count=count, lessons="off", data_dir=data_dir,
                       sound=SoundOptions(speech=False, sound=False),
                       given=frozenset(name for name in ctx.params if ctx.get_parameter_source(
                           name) is click.core.ParameterSource.COMMANDLINE))
    bind = to_latin_digits(bind)  # an address typed in Devanagari digits is the same address
    options = TableOptions(play, bind=bind, port=port, turn_clock=turn_clock, code=code,
                           show=show, web=web)
    the_table = run_app(ctx, lambda: Table(options))
    loc = the_table.loc  # a resumed table speaks the language it was hosted in
    try:
        address = the_table.open()
    except OSError as error:
        the_table.close()
        raise click.ClickException(loc.gettext(
            "Cannot open the table on {address}: {reason}.").format(
                address=f"{bind}:{port}", reason=os_words(error, loc))) from None
    from snl_edu.table.joining import join_lines, reach, spelled_code

    for line in join_lines(loc, the_table.code, address[1], reach(address[0]), web=web,
                           screen_reader=screen_reader):
        click.echo(line)
    click.echo(loc.gettext("Keys: s starts without waiting for everyone, p pauses or resumes "
                           "the game, e ends it, c says the join code again, b lets back in "
                           "a child who asked to come back without their key."))
    announcement = _announce(table_name, bind, address[1], the_table, loc)
    from snl_edu.app.play import Terminal, open_sound
    from snl_edu.inputs.keyboard import KeyboardInput
    from snl_edu.inputs.seat_inputs import SeatInputs
    from snl_edu.outputs.console import Outputs
    from snl_edu.vocabulary import Message

    try:
        # Single keys for the teacher, restored however the table ends.
        with KeyboardInput() as keyboard, contextlib.ExitStack() as stack:
            voice = Outputs(open_sound(
                SoundOptions(speech=speech, sound=False, screen_reader=screen_reader, tts=tts,
                             rate=rate, volume=volume),
                loc, SeatInputs(keyboard), Terminal(), stack).outputs)

            speaking = threading.Lock()  # the start and the teacher's c key, one at a time

            def say_code() -> None:  # heard in the host's language (printed above)
                with speaking:
                    voice.show_all([Message(spelled_code(the_table.code, loc))])

            threading.Thread(target=_teacher_keys, args=(the_table, keyboard, say_code),
                             daemon=True, name="snl-table-teacher").start()
            say_code()
            the_table.run()
    finally:
        if announcement is not None:
            announcement.close()
        the_table.close()


def _announce(name: str | None, bind: str, port: int, the_table: Table, loc: Localizer
              ) -> Announcement | None:
    """Put the table in snl table list; where the network refuses, typing the address works."""
    import socket

    from snl_edu.table.discovery import Announcement

    try:
        return Announcement(name or socket.gethostname(), bind, port,
                            the_table.game.board.title(loc.language))
    except (OSError, ValueError, RuntimeError) as error:  # no multicast on this network
        click.echo(loc.gettext("This table is not announced on the network ({reason}); "
                               "children type its address.").format(reason=error), err=True)
        return None


def _teacher_keys(the_table: Table, keyboard: KeyboardInput,
                  say_code: Callable[[], None]) -> None:
    from snl_edu.inputs.commands import Action

    paused = False
    while not the_table.control.ended.is_set():
        command = keyboard.next_command(0.5)
        if command is None:
            continue
        key = command.text.strip().lower()
        if key == "s":
            the_table.start_now()
        elif key == "p":
            paused = not paused
            (the_table.pause if paused else the_table.resume)()
        elif key == "e":
            click.echo(the_table.loc.gettext("End the game for everyone? Press y to end it, "
                                             "any other key to play on."))
            answer = None
            while answer is None and not the_table.control.ended.is_set():
                answer = keyboard.next_command(0.5)
            if answer is not None and answer.action is Action.YES:
                the_table.end()
            else:
                click.echo(the_table.loc.gettext("The game goes on."))
        elif key == "b":
            the_table.let_back_in()
        elif key == "c":
            say_code()


def _client_options(target: tuple[str, ...], name: str, watch: bool, verbosity: str,
                    count: bool, sound: SoundOptions, via: str | None, loc: Localizer,
                    **lessons: Any) -> ClientOptions:
    from snl_edu.table.client import ClientOptions, TableError, find_table

    if len(target) == 2:
        host_name, port = _address(target[0], loc)
        return ClientOptions(host_name, port, target[1], name=name, watch=watch,
                             verbosity=verbosity, count=count, sound=sound, **lessons)
    if len(target) != 1:
        raise click.UsageError(loc.gettext("Give the join code, or the table's address and "
                                           "the join code."))
    options = ClientOptions("", 0, target[0], name=name, watch=watch, verbosity=verbosity,
                            count=count, sound=sound, **lessons)
    try:
        return find_table(options, via)
    except TableError as error:
        from snl_edu.error_text import describe

        raise click.ClickException(describe(error, loc)) from None


TARGET = click.argument("target", nargs=-1, required=True, metavar="[HOST:PORT] CODE")
VIA = click.option("--via", default=None, metavar="ADDRESS",
                   help="Look for tables only on the network of this address.")


@table.command()
@TARGET
@click.option("--name", required=True, metavar="NAME", type=CHILD_NAME,
              help="Your name, as the teacher gave the seat.")
@click.option("--verbosity", type=click.Choice([v.value for v in Verbosity]),
              default=Verbosity.NORMAL.value, show_default=True,
              help="brief: the essentials; full: counting and encouragement for children.")
@click.option("--count", is_flag=True, help="Count each move aloud, square by square.")
@VIA
@lesson_options
@play_audio_options
@data_dir_option
@language_options
def join(target: tuple[str, ...], name: str, verbosity: str, count: bool, via: str | None,
         lessons: str | None, level: int | None, history: str | None, learner: str | None,
         speech: bool, sound: bool, screen_reader: bool, record: Path | None, tts: str,
         rate: int, volume: int, sound_volume: int, data_dir: str | None, lang: str | None,
         digits: str | None) -> None:
    """Join a table: your own seat, narrated in your own language."""
    loc = remember_localizer(localizer_for(lang, digits))
    sounds = SoundOptions(speech=speech, sound=sound, screen_reader=screen_reader,
                          record=record, tts=tts, rate=rate, volume=volume,
                          sound_volume=sound_volume)
    _run_client(_client_options(target, name, False, verbosity, count, sounds, via, loc,
                                lessons=lessons, level=level, history=history,
                                learner=learner, data_dir=data_dir), loc)


@table.command()
@TARGET
@VIA
@language_options
def watch(target: tuple[str, ...], via: str | None, lang: str | None, digits: str | None
          ) -> None:
    """A read-only view of a table for a projector: the board and where everyone is."""
    loc = remember_localizer(localizer_for(lang, digits))
    quiet = SoundOptions(speech=False, sound=False)
    _run_client(_client_options(target, "", True, "normal", False, quiet, via, loc), loc)


@table.command(name="list")
@VIA
@language_options
def list_tables(via: str | None, lang: str | None, digits: str | None) -> None:
    """The tables this computer can find on the network."""
    from snl_edu.table.discovery import look_for_tables

    loc = remember_localizer(localizer_for(lang, digits))
    found = look_for_tables(via)
    if not found:
        click.echo(loc.gettext("No table found. Ask the teacher for the table's address, "
                               "then: snl table join HOST:PORT CODE --name NAME"))
        return
    for entry in found:
        click.echo(loc.gettext("{name}: {board}, at {address}").format(
            name=entry.name, board=entry.board, address=f"{entry.host}:{entry.port}"))


def _seat_keys(options: ClientOptions) -> SeatKeys | None:
    """Where this child's key back to their seat is kept: their data folder."""
    from snl_edu.store.database import data_dir
    from snl_edu.store.seat_keys import SeatKeys

    try:
        return SeatKeys(data_dir(options.data_dir))
    except RuntimeError:  # "~nouser/x": the key is kept in memory only
        return None


def _run_client(options: ClientOptions, loc: Localizer) -> None:
    from snl_edu.inputs.keyboard import KeyboardInput
    from snl_edu.table.client import TableClient

    client = TableClient(options, loc, seat_keys=_seat_keys(options))
    try:
        with KeyboardInput() as keyboard:  # single keys, restored however the game ends
            client.run(keyboard)
    except KeyboardInterrupt:  # Ctrl-C: the child left; the seat waits for them
        if not options.watch:
            click.echo(client.come_back())
