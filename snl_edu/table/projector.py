"""The projector page's view of a table: the table watched in the teacher's language, and
after every turn what a class reads from the back of the room: every token on the board,
whose turn it is (only while the game is on), the last move, and at the end the places,
the winner first."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any, Protocol

from snl_edu.app.opening import open_outputs
from snl_edu.app.play import Terminal
from snl_edu.engine.events import Event, GameOver, TurnStarted
from snl_edu.engine.game import Game
from snl_edu.language.localizer import Localizer
from snl_edu.table.client import ClientOptions, TableClient
from snl_edu.table.notices import ended_by_teacher
from snl_edu.vocabulary import Message

if TYPE_CHECKING:
    from snl_edu.table import wire


class Page(Protocol):
    """The websocket to the projector's page (``page_link.PageLink``)."""

    def line(self, message: Message) -> None: ...

    def wait_said(self) -> None: ...

    def send(self, message: dict[str, Any]) -> None: ...


class HeardOutput:
    """The page's output (as ``browser.PageOutput``), keeping what was said since it was
    last cleared: a turn's lines."""

    def __init__(self, link: Page) -> None:
        self.link = link
        self.lines: list[str] = []

    def show(self, message: Message) -> None:
        self.lines.append(message.text)
        self.link.line(message)

    def flush(self) -> None:
        self.link.wait_said()


class ProjectorView(TableClient):
    """The projector page: the table watched in the teacher's language."""

    def __init__(self, options: ClientOptions, loc: Localizer, link: Page,
                 board_address: str) -> None:
        super().__init__(options, loc, Terminal(io.StringIO(), io.StringIO()))
        self.link = link
        self.board_address = board_address
        self.console = self.heard = HeardOutput(link)  # type: ignore[assignment]
        self.outputs = self.listener.sink = open_outputs(self.console)
        self.playing = False  # the game has begun (whose turn means something) and not ended
        self.last_move = ""
        self.moved = False  # what was said since the board was last shown is a turn's

    def _tell_update(self, game: Game | None, events: list[Event]) -> None:
        self.playing = game is not None and not game.over
        self.heard.lines.clear()
        self.moved = True
        super()._tell_update(game, events)

    def _show_board(self) -> None:
        game, narrator = self.game, self.narrator
        assert game is not None and narrator is not None
        if any(game.positions) or game.over:  # a game resumed or watched from its middle
            self.playing = not game.over
        turn = narrator.narrate(TurnStarted(game.current)) if self.playing else []
        called = {line.text for line in turn}
        moved = [line for line in self.heard.lines if line not in called]
        if moved and self.moved:  # a turn's lines (not the welcome's)
            self.last_move = " ".join(moved)
        self.heard.lines.clear()
        self.moved = False
        self.link.send(self._board_message(game, turn[0].text if turn else ""))

    def _board_message(self, game: Game, turn: str, places: list[Message] | None = None
                       ) -> dict[str, Any]:
        narrator = self.narrator
        assert narrator is not None
        board = game.board
        where = [line.text for line in narrator.where(game)]  # as the w key says it, by seat
        if places is None and game.over:  # "Game over. The places:", then each, winner first
            places = narrator.narrate(GameOver(game.ranking or game.standings()))
        return {
            "type": "board", "image": self.board_address,
            "size": [board.width, board.height],
            # Each token with its number, its square's cell (column, row from the top) and
            # its line in "where everyone is": the key to which circle is whose, in words.
            "tokens": [{"seat": seat + 1, "name": narrator.name(seat), "square": square,
                        "place": self.loc.number(seat + 1), "where": where[seat],
                        "cell": _cell(game, square)}
                       for seat, square in enumerate(game.positions)],
            "turn": turn, "last": self.last_move,
            # At the end: a heading (the game is over, or the teacher ended it), the places.
            "places": [line.text for line in places or []],
            # The board's text alternative: whose token is on which square.
            "alt": self._("The board, {title}: {where}").format(
                title=board.title(self.loc.language), where=" ".join(where))}

    def _last_words(self, ended: wire.Ended) -> None:
        """The teacher ended the game early: the places as it stands, still on the screen."""
        super()._last_words(ended)
        self.playing = False
        if not ended.finished and self.game is not None and self.narrator is not None:
            self.link.send(self._board_message(
                self.game, "", ended_by_teacher(self.loc, self.narrator, self.game)))


def _cell(game: Game, square: int) -> list[int] | None:
    if not 1 <= square <= game.board.last:
        return None  # not yet on the board
    row, column = game.board.cell(square)
    return [column, row]

