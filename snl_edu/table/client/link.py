"""The client's link to the table: finding it, connecting, the welcome, coming back after
a dropped network, and the seat's key kept on the child's computer."""

from __future__ import annotations

import contextlib
import shlex
import socket
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from websockets.exceptions import InvalidMessage, WebSocketException

from snl_edu.engine import Game, Seat
from snl_edu.error_text import describe
from snl_edu.language.localizer import Localizer
from snl_edu.play import teams
from snl_edu.play.narration import Narrator, Verbosity, computer_name
from snl_edu.table import wire, wire_requests
from snl_edu.table.client.state import RECONNECT_LONGEST, ClientOptions, ClientState
from snl_edu.table.codes import normalise, quiet_logger
from snl_edu.table.wire import Refusal
from snl_edu.vocabulary import N_, Message, SnlError

CONNECT_WAIT = 5.0
# A table whose door is full (half-open sockets from many computers) shuts a new socket at
# once; its oldest one makes way within a second, so the child's computer tries again.
DOOR_FULL_RETRIES = (0.3, 0.6, 1.2)


class TableError(SnlError):
    """The table could not be reached or refused us; one sentence for the child or teacher."""


class TableRefused(TableError):
    """The table was reached and said no: trying again would not help."""


REFUSALS = {
    Refusal.CODE: N_("That join code is not right. Check the code the host shows."),
    Refusal.TRIES: N_("Too many wrong codes from this computer: wait a minute, then try "
                      "again."),
    Refusal.NO_SEAT: N_("There is no free seat for {name} at this table. Use the name the "
                        "teacher gave you."),
    Refusal.SEATED: N_("{name} is already at the table on another computer. If that is not "
                       "you, ask the teacher."),
    Refusal.KEPT: N_("The seat of {name} is kept for {name}. If it is yours, ask the teacher "
                     "to let you back in, then join again."),
    Refusal.MALFORMED: N_("The table did not understand this computer."),
}
FREE_SEATS = N_("There is no free seat for {name} at this table. The free seats are: "
                "{names}. Use the name the teacher gave you.")
# A host that sends what no table sends (a seat that is not there, a move the rolls do not
# make): this computer leaves rather than show or say it.
UNTRUSTED = N_("The table sent something that cannot be right, so this computer has left "
               "it. Ask the teacher to check the table.")


class Untrusted(Exception):
    """A fact from the table that does not fit the game this computer holds."""


def game_from(data: object) -> Game:
    """The game as the table sent it (its texts already made visible by ``wire``)."""
    try:
        return Game.from_data(data)
    except (SnlError, TypeError, ValueError, KeyError, AttributeError) as error:
        raise Untrusted("not a game") from error


def checked_update(held: Game, update: wire.Update) -> Game:
    """The game after an update, if the update is one this game can make: the same board,
    rules and seats, the rolls so far and new ones, and exactly the events those rolls make
    (so every seat and square an event names is right)."""
    game = game_from(update.game)
    if (game.board, game.rules, list(game.seats)) != (held.board, held.rules, list(held.seats)) \
            or list(game.rolls[:len(held.rolls)]) != list(held.rolls):
        raise Untrusted("not this game")
    replay = Game.replay(held.board, held.rules, held.seats, held.rolls)
    new = game.rolls[len(held.rolls):]
    expected = [event for roll in new for event in replay.play(roll)] if new \
        else replay.opening()
    if list(update.events) != expected:
        raise Untrusted("events the rolls do not make")
    return game


def unreachable(error: Exception) -> str:
    """Why a table could not be reached, as one whole sentence a child or teacher can act on."""
    if isinstance(error, ConnectionRefusedError):
        return N_("Cannot reach a table at {address}: nothing is listening there. Is the table "
                  "open, and is the number after the colon right?")
    if isinstance(error, socket.gaierror):
        return N_("Cannot reach a table at {address}: this computer does not know that name. "
                  "Type the address the host shows.")
    if isinstance(error, TimeoutError):
        return N_("Cannot reach a table at {address}: it did not answer in time. Is this "
                  "computer on the same network as the host?")
    if isinstance(error, WebSocketException):
        return N_("Cannot reach a table at {address}: something answered there, but it is not "
                  "a table.")
    return N_("Cannot reach a table at {address}: the network does not let this computer "
              "through to it.")


def local_names(seats: Sequence[Seat], loc: Localizer) -> list[Seat]:
    """Children's names as the table has them; computer players named in our own language."""
    named, computers = [], 0
    for seat in seats:
        if seat.computer:
            computers += 1
            seat = Seat(computer_name(loc, computers), computer=True)
        named.append(seat)
    return named


def find_table(options: ClientOptions, via: str | None = None) -> ClientOptions:
    """The table on the network that takes this join code (multicast may be blocked:
    then the child types the address the host shows)."""
    from snl_edu.table.discovery import look_for_tables

    found = look_for_tables(via)
    if not found:
        raise TableError(N_("No table found on this network. Type the address the host "
                            "shows: snl table join HOST:PORT CODE --name NAME"))
    if len(found) == 1:
        return replace(options, host=found[0].host, port=found[0].port)
    for table in found:  # several tables: the one whose code this is welcomes us
        candidate = replace(options, host=table.host, port=table.port)
        if _accepts(candidate):
            return candidate
    raise TableError(REFUSALS[Refusal.CODE])


def table_uri(host: str, port: int) -> str:
    """The table's websocket address; an IPv6 address goes in brackets."""
    return f"ws://[{host}]:{port}" if ":" in host else f"ws://{host}:{port}"


def _accepts(options: ClientOptions) -> bool:
    from websockets.sync.client import connect

    try:
        with connect(table_uri(options.host, options.port), compression=None, proxy=None,
                     logger=quiet_logger("client"),
                     open_timeout=CONNECT_WAIT, max_size=wire.MAX_TABLE_MESSAGE) as probe:
            probe.send(wire.encode(wire_requests.Join(options.code, "", watch=True)))
            reply = wire.read_fact(wire.decode(probe.recv(timeout=CONNECT_WAIT),
                                               wire.MAX_TABLE_MESSAGE))
    except (OSError, TimeoutError, WebSocketException, wire.WireError):
        return False
    return isinstance(reply, wire.Welcome)


class TableLink(ClientState):
    """Connect, be welcomed, come back; the seat's key."""

    def _connect(self) -> wire.Welcome:
        from websockets.sync.client import connect

        uri = table_uri(self.options.host, self.options.port)
        address = f"{self.options.host}:{self.options.port}"
        for pause in (*DOOR_FULL_RETRIES, None):
            try:
                made = connect(uri, max_size=wire.MAX_TABLE_MESSAGE, compression=None,
                               open_timeout=CONNECT_WAIT, proxy=None,
                               logger=quiet_logger("client"),
                               sock=self.relay() if self.relay is not None else None)
                break
            except InvalidMessage as error:  # shut before it answered: its door is full
                if pause is None:
                    raise TableError(unreachable(error), address=address) from None
                time.sleep(pause)  # its oldest waiting socket makes way within a second
            except (OSError, TimeoutError, WebSocketException) as error:  # refused, unreachable
                raise TableError(unreachable(error), address=address) from None
        with self._connecting:
            if self._closed:  # the client ended while this one was connecting: let it go
                made.close()
                raise TableError(N_("The connection to the table is lost."),
                                 address=address)
            self.connection = self._connections.enter_context(made)
        try:
            self.connection.send(wire.encode(wire_requests.Join(
                self.options.code, self.options.name, self.token, self.options.watch)))
            first = wire.read_fact(wire.decode(self.connection.recv(timeout=CONNECT_WAIT),
                                               wire.MAX_TABLE_MESSAGE))
        except (OSError, TimeoutError, WebSocketException, wire.WireError):
            raise TableError(N_("The table at {address} did not answer."),
                             address=address) from None
        if isinstance(first, wire.Refused):
            if first.reason is Refusal.NO_SEAT and first.free:
                raise TableRefused(FREE_SEATS, name=self.options.name,
                                   names=self.loc.join(list(first.free)))
            raise TableRefused(REFUSALS[first.reason], name=self.options.name)
        if not isinstance(first, wire.Welcome):
            raise TableError(REFUSALS[Refusal.MALFORMED])
        return first

    def _welcome(self, welcome: wire.Welcome) -> None:
        try:
            game = game_from(welcome.game)
        except Untrusted:
            raise TableError(UNTRUSTED) from None
        seat = welcome.seat
        if (seat is None) != self.options.watch or (
                seat is not None and (seat >= len(game.seats) or game.seats[seat].computer)):
            raise TableError(UNTRUSTED)  # a seat that is not there, or not a child's
        self.seat = self.listener.seat = seat
        self.token = welcome.token
        self.table_lessons = welcome.lessons
        self._keep_key()
        team = teams.members(game.seats[self.seat]) if self.seat is not None else ()
        self.members = tuple(name for name in team if name in welcome.members)
        first_time = self.narrator is None
        self.listener.game = game
        rotation = teams.Rotation(game.seats)  # used by whichever thread is telling
        self.told_game = game
        self.listener.narrator = narrator = Narrator(
            self.loc, game.board, local_names(game.seats, self.loc),
            Verbosity(self.options.verbosity), self.options.count,
            lambda seat: rotation.due(self.told_game or game, seat),
            lambda seat: self._counts_on(self.told_game or game, seat))
        if self.options.watch:
            self.listener.say([Message(self._("Watching the table: {board}.").format(
                board=game.board.title(self.loc.language)))])
            self._show_board()
            return
        name = narrator.name(self.seat) if self.seat is not None else ""
        if len(self.members) == 1:
            name = self.members[0]  # one child of a team: greeted by their own name
        if welcome.back or not first_time:
            lines = [Message(self._("Welcome back, {name}.").format(name=name))]
            if welcome.covered:
                lines.append(Message(self.loc.ngettext(
                    "While you were away, the table rolled for you {count} time.",
                    "While you were away, the table rolled for you {count} times.",
                    welcome.covered).format(count=self.loc.number(welcome.covered))))
            self.listener.say(lines + narrator.where(game))
        elif len(self.members) == 1:
            team_name = narrator.name(self.seat) if self.seat is not None else ""
            self.listener.say([Message(self._("You sit at the table as {name}, in the team {team}. "
                                      "Wait for your roll.").format(name=name, team=team_name))])
        else:
            self.listener.say([Message(self._("You sit at the table as {name}. Wait for your "
                                      "turn.").format(name=name))])
        if first_time and not welcome.back and game.rolls:  # a resumed game
            self.listener.say(narrator.where(game), remember=False)

    def _keep_key(self) -> None:
        """Keep the seat's newest key in the child's data; a folder that cannot be written
        keeps it in memory only (joining again then needs the teacher, as before)."""
        if self.seat_keys is None or self.token is None:
            return
        try:
            self.seat_keys.keep(self.options.name, normalise(self.options.code), self.token)
            self.key_kept = True
        except OSError:
            self.key_kept = False

    def _kept_key(self) -> str | None:
        """The key this child was given at this table before (the program quit, the computer
        restarted), if it is kept."""
        return self.seat_keys.key(self.options.name, normalise(self.options.code)) \
            if self.seat_keys is not None else None

    def _counts_on(self, game: Game, seat: int) -> bool:
        """Whether a move is tapped and counted on aloud: this computer's child at level 1
        (decided where their progress is kept, ``_open_lessons``)."""
        teacher = self.teacher
        return teacher is not None and teacher.counts_on(game, seat)

    def _send(self, message: wire.Message | dict[str, Any]) -> None:
        with contextlib.suppress(WebSocketException, OSError):
            self.connection.send(wire.encode(message))

    def _reconnect(self) -> bool:
        """The network dropped, or the teacher's computer stopped: say so once, then come
        back to the same seat with our key as soon as the table is there again."""
        if not self.table_stopped:
            self.listener.say([Message(self._("Lost the table, trying again."))],
                              remember=False)
        delay = 0.5
        deadline = time.monotonic() + self.reconnect_for
        while time.monotonic() < deadline:
            if self.ended.wait(delay):
                return False
            try:
                self._welcome(self._connect())
            except TableRefused as error:  # the table is back, and says no
                self.listener.say([Message(describe(error, self.loc))], remember=False)
                return False
            except TableError:
                delay = min(delay * 2, RECONNECT_LONGEST)
                continue
            self.table_stopped = False
            return True
        self.listener.say([Message(self._("The connection to the table is lost."))], remember=False)
        return False

    def come_back(self) -> str:
        """How this child gets their seat back: the join line, as they typed it."""
        from snl_edu.table.joining import join_command

        command = join_command(f"{self.options.host}:{self.options.port}",
                               normalise(self.options.code))
        if self.key_kept:  # this computer has the seat's key: no teacher is needed
            text = self._("You have left the table; your seat is kept for you. To come back, "
                          "type: {command}")
        else:
            text = self._("You have left the table; your seat is kept for you. To come back, "
                          "ask the teacher to let you back in, then type: {command}")
        return text.format(command=f"{command} --name {shlex.quote(self.options.name)}")

    def _close(self) -> None:
        self.ended.set()
        with self._connecting, contextlib.suppress(WebSocketException, OSError):
            self._closed = True
            self._connections.close()
