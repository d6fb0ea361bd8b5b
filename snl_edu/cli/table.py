"""`snl table host|join|watch`: the classroom table over the school network."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from snl_edu.app.options import PlayOptions, SoundOptions
from snl_edu.cli.audio import HOST_SOUND, PLAY_SOUND
from snl_edu.cli.common import CHILD_NAME, FloatRange, IntRange, remember_localizer, run_app
from snl_edu.cli.declared import Declared, Option, apply, declare, filled, values
from snl_edu.cli.group import language_options
from snl_edu.cli.lesson_options import LESSONS
from snl_edu.cli.play import COUNT, NEW_GAME, VERBOSITY, play_options
from snl_edu.cli.storage import DATA_DIR
from snl_edu.error_text import os_words
from snl_edu.interrupt import starting
from snl_edu.language.localizer import Localizer, localizer_for, to_latin_digits
from snl_edu.safe_text import visible
from snl_edu.table.host import DEFAULT_PORT, DEFAULT_TURN_CLOCK, TableOptions

if TYPE_CHECKING:
    from snl_edu.store.seat_keys import SeatKeys
    from snl_edu.table.client import ClientOptions


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


def _check_code(code: str | None, loc: Localizer) -> None:
    """A join code the teacher chose is refused, naming the letters to use, unless strong."""
    from snl_edu.table.codes import ALPHABET, CODE_LENGTH, foreign_letters, long_enough, strong

    if code is None:
        return
    if long_enough(code) and (foreign := foreign_letters(code)):
        raise click.BadParameter(loc.gettext(
            "A join code is written with the letters {letters} only, and {code} has {foreign}. "
            "Leave out --code for a new one.").format(
                letters=ALPHABET, code=visible(code),
                foreign=loc.join(visible(letter) for letter in foreign)),
            param_hint="--code")
    if not strong(code):
        raise click.BadParameter(loc.gettext(
            "A join code needs at least {length} letters, each one of {letters}: a shorter "
            "code is easy to guess. Leave out --code for a new one.").format(
                length=loc.number(CODE_LENGTH), letters=ALPHABET), param_hint="--code")


# The table's own options, each declared with the TableOptions field it fills.
HOST: tuple[Option, ...] = (
    *NEW_GAME,
    declare(TableOptions, "bind", "--bind", default="0.0.0.0", show_default=True,
            metavar="ADDRESS", parse=to_latin_digits,  # Devanagari digits: the same address
            help="The address to listen on (127.0.0.1: this computer only)."),
    declare(TableOptions, "port", "--port", type=IntRange(0, 65535), default=DEFAULT_PORT,
            show_default=True, metavar="PORT", help="The port to listen on (0: any free port)."),
    declare(TableOptions, "turn_clock", "--turn-clock", type=FloatRange(min=0),
            default=DEFAULT_TURN_CLOCK, show_default=True, metavar="SECONDS",
            help="Roll for a child who has not rolled in this many seconds (0: no clock)."),
    declare(TableOptions, "code", "--code", default=None, metavar="CODE",
            help="The join code (default: a new random one)."),
    declare(TableOptions, "show", "--show", is_flag=True,
            help="Show the board and where everyone is after every turn (for a projector)."),
    click.option("--name", "table_name", default=None, metavar="NAME",
                 help="The table's name in snl table list (default: this computer's name)."),
    declare(TableOptions, "web", "--web/--no-web", default=True, show_default=True,
            help="Serve the page for browsers and the projector page on the same port."),
    # The lesson options of snl play, for every seat at the table (terminal or page).
    *(declare(TableOptions, option.field, *option.decls, **option.attrs)
      for option in LESSONS if isinstance(option, Declared) and option.field != "learner"),
    *HOST_SOUND, DATA_DIR,
)


@table.command()
@apply(*HOST)
@language_options
@click.pass_context
def host(ctx: click.Context, /, **params: Any) -> None:
    """Open a table on the local network; children join with the code it shows."""
    with starting():  # Ctrl-C while the table opens: one line, nothing raised
        from snl_edu.table.host import Table
        from snl_edu.table.hosting import Desk, host_open_table, warm_up

        # The language resolved here, once (--lang, SNL_LANG, the locale), and passed down.
        loc = remember_localizer(localizer_for(params["lang"], params["digits"]))
        _check_code(params["code"], loc)
        play = play_options(ctx, params, loc, HOST, lessons="off",
                            sound=SoundOptions(speech=False, sound=False))
        # Without --port a resumed table listens where it did (its pages kept that address).
        chosen = ctx.get_parameter_source("port") is not click.core.ParameterSource.DEFAULT
        options = filled(TableOptions, HOST, params, play=play,
                         **({} if chosen else {"port": None}))
        the_table = run_app(ctx, lambda: Table(options))
        loc = the_table.loc  # a resumed table speaks the language it was hosted in
        try:
            address = the_table.open()
        except OSError as error:
            the_table.close()
            raise click.ClickException(loc.gettext(
                "Cannot open the table on {address}: {reason}.").format(
                    address=f"{options.bind}:{the_table.port}",
                    reason=os_words(error, loc))) from None
        warm_up()
    host_open_table(the_table, address, Desk(
        options.bind, params["table_name"], options.web,
        # The host has no sounds of its own (the join code is speech): --sound/--no-sound
        # is taken as snl play takes it, and opens no sound device for nothing.
        filled(SoundOptions, HOST_SOUND, params, sound=False)))


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
@apply(VERBOSITY, COUNT, VIA, *LESSONS, *PLAY_SOUND, DATA_DIR)
@language_options
def join(**params: Any) -> None:
    """Join a table: your own seat, narrated in your own language."""
    loc = remember_localizer(localizer_for(params["lang"], params["digits"]))
    _run_client(_client_options(
        params["target"], params["name"], False, params["verbosity"], params["count"],
        filled(SoundOptions, PLAY_SOUND, params), params["via"], loc,
        **values(PlayOptions, (*LESSONS, DATA_DIR), params)), loc)


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
