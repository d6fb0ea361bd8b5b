"""Hosting an open table from the teacher's terminal: the lines children join with (and
their QR code), the table's announcement, the teacher's keys and the spoken join code."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from snl_edu.app.options import SoundOptions
from snl_edu.app.play import Terminal
from snl_edu.language.localizer import Localizer

if TYPE_CHECKING:
    from snl_edu.inputs.keyboard import KeyboardInput
    from snl_edu.table.discovery import Announcement
    from snl_edu.table.host import Table


@dataclass(frozen=True)
class Desk:
    """How the teacher's end of an open table is shown and heard."""

    bind: str  # the address the table listens on
    name: str | None  # its name in snl table list (None: this computer's name)
    web: bool  # the table serves its page for browsers
    sound: SoundOptions  # what the host says itself (the join code)


def warm_up() -> None:
    """Import now what hosting imports (the announcement's zeroconf, the keyboard, the QR
    code), while Ctrl-C still ends the program quietly (snl_edu.interrupt): an import that
    Ctrl-C lands in may print "Exception ignored" and lose it."""
    import segno  # noqa: F401
    import zeroconf  # noqa: F401

    import snl_edu.app.opening
    import snl_edu.inputs.keyboard
    import snl_edu.inputs.seat_inputs
    import snl_edu.table.discovery  # noqa: F401


def host_open_table(the_table: Table, address: tuple[str, int], desk: Desk,
                    terminal: Terminal | None = None) -> None:
    """Tell the teacher how children join, then run the table until it ends; it is
    closed however it ends."""
    terminal = terminal or Terminal()
    try:
        _show_join_lines(the_table, address, desk, terminal)
        announcement = _announce(desk, address[1], the_table, terminal)
        try:
            _run_with_teacher_keys(the_table, desk, terminal)
        finally:
            if announcement is not None:
                announcement.close()
    except KeyboardInterrupt:  # Ctrl-C before the table plays (its run stops on its own)
        the_table.stop()
    finally:
        the_table.close()


def _line(terminal: Terminal, text: str) -> None:
    terminal.stdout.write(text + "\n")
    terminal.stdout.flush()


def _show_join_lines(the_table: Table, address: tuple[str, int], desk: Desk,
                     terminal: Terminal) -> None:
    from snl_edu.table.joining import join_lines, reach

    loc = the_table.loc
    lines = join_lines(loc, the_table.code, address[1], reach(address[0]), web=desk.web,
                       screen_reader=desk.sound.screen_reader)
    lines.append(loc.gettext("Keys: s starts without waiting for everyone, p pauses or "
                             "resumes the game, e ends it, c says the join code again, b lets "
                             "back in a child who asked to come back without their key."))
    for line in lines:
        _line(terminal, line)


def _announce(desk: Desk, port: int, the_table: Table, terminal: Terminal
              ) -> Announcement | None:
    """Put the table in snl table list; where the network refuses, typing the address works."""
    import socket

    from snl_edu.table.discovery import Announcement

    loc = the_table.loc
    try:
        return Announcement(desk.name or socket.gethostname(), desk.bind, port,
                            the_table.game.board.title(loc.language))
    except (OSError, ValueError, RuntimeError) as error:  # no multicast on this network
        terminal.notify(loc.gettext("This table is not announced on the network ({reason}); "
                                    "children type its address.").format(reason=error))
        return None


def _run_with_teacher_keys(the_table: Table, desk: Desk, terminal: Terminal) -> None:
    from snl_edu.app.opening import open_outputs, open_sound
    from snl_edu.inputs.keyboard import KeyboardInput
    from snl_edu.inputs.seat_inputs import SeatInputs
    from snl_edu.table.joining import spelled_code
    from snl_edu.vocabulary import Message

    loc = the_table.loc
    # Single keys for the teacher, restored however the table ends.
    with KeyboardInput() as keyboard, contextlib.ExitStack() as stack:
        voice = open_outputs(None, open_sound(desk.sound, loc, terminal.notify, stack,
                                              SeatInputs(keyboard).key_pressed))
        speaking = threading.Lock()  # the start and the teacher's c key, one at a time

        def say_code() -> None:  # heard in the host's language (printed above)
            with speaking:
                voice.show_all([Message(spelled_code(the_table.code, loc))])

        threading.Thread(target=_teacher_keys, args=(the_table, keyboard, say_code, terminal),
                         daemon=True, name="snl-table-teacher").start()
        say_code()
        the_table.run()


def _teacher_keys(the_table: Table, keyboard: KeyboardInput, say_code: Callable[[], None],
                  terminal: Terminal) -> None:
    from snl_edu.inputs.commands import Action

    paused = False
    while not the_table.control.ended.is_set():
        command = keyboard.next_command(0.5)
        if command is None:
            continue
        if command.action is Action.END:  # no keyboard (nohup, < /dev/null): the table goes on
            the_table.control.ended.wait()
            return
        key = command.text.strip().lower()
        if key == "s":
            the_table.start_now()
        elif key == "p":
            paused = not paused
            (the_table.pause if paused else the_table.resume)()
        elif key == "e":
            _confirm_end(the_table, keyboard, terminal)
        elif key == "b":
            the_table.let_back_in()
        elif key == "c":
            say_code()


def _confirm_end(the_table: Table, keyboard: KeyboardInput, terminal: Terminal) -> None:
    from snl_edu.inputs.commands import Action

    loc: Localizer = the_table.loc
    _line(terminal, loc.gettext("End the game for everyone? Press y to end it, any other key "
                                "to play on."))
    answer = None
    while answer is None and not the_table.control.ended.is_set():
        answer = keyboard.next_command(0.5)
    if answer is not None and answer.action is Action.YES:
        the_table.end()
    else:
        _line(terminal, loc.gettext("The game goes on."))
