"""The host's web side on the table's own port: the seat page, the projector page, their
files (inside the wheel: no CDN, works on a LAN with no internet), the earcons, the board's
SVG and the host's eSpeak NG audio of a line.

Plain HTTP GETs arrive in the websocket server's ``process_request`` and are answered
there; websocket upgrades go on to the table. The join code is never in a path: the page
carries it in the address's fragment (``#CODE``), which a browser never sends, so no
request line (and no log of one) holds it.

Only the table's own pages reach it: a request must name the table as its ``Host`` (an
address, or this computer's own name: a page of another site whose name was pointed at the
table, DNS rebinding, is refused), and a page's websocket must come from the table's own
address (its ``Origin``). Only the terminal's client, which is no browser, sends no Origin,
and only on its own path.
"""

from __future__ import annotations

import collections
import email.utils
import functools
import gzip
import http
import ipaddress
import secrets
import socket
import threading
from collections.abc import Callable
from importlib import resources
from typing import Any

from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from snl_edu.resources import data_folder
from snl_edu.table import page_font

# No inline script or style, no eval, nothing from elsewhere; text from the network is
# only ever set as text (Trusted Types refuses any HTML sink the page might still reach).
POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
          "media-src 'self'; font-src 'self'; connect-src 'self'; base-uri 'none'; "
          "form-action 'none'; frame-ancestors 'none'; require-trusted-types-for 'script'; "
          "trusted-types 'none'")
FILES = {  # address -> (file in snl_edu/table/web, type)
    "/": ("seat.html", "text/html; charset=utf-8"),
    "/projector": ("projector.html", "text/html; charset=utf-8"),
    "/page.css": ("page.css", "text/css; charset=utf-8"),
    "/seat.js": ("seat.js", "text/javascript; charset=utf-8"),
    "/voice.js": ("voice.js", "text/javascript; charset=utf-8"),
    "/projector.js": ("projector.js", "text/javascript; charset=utf-8"),
    "/common.js": ("common.js", "text/javascript; charset=utf-8"),
}
# The pages' Devanagari font, for a computer with none of its own (page.css asks for it
# only for Devanagari text): cut to the script and made at the pages' two weights, once,
# beside the pages (snl_edu.table.page_font), 65 kB a weight where the whole font was 642.
PAGE_FONTS = {f"/{page_font.file_name(weight)}": page_font.file_name(weight)
              for weight in page_font.WEIGHTS}
FONT_CACHE = 7 * 24 * 3600  # the font changes only with the package: fetched once a week
COMPRESSED = ("text/", "image/svg+xml")  # (the sounds and the fonts are compressed already)
COMPRESS_FROM = 1024  # bytes: a smaller answer is sent as it is
WEBSOCKET_PATHS = frozenset({"/", "/seat", "/watch"})
TERMINAL_PATH = "/"  # the terminal's client, the only one that sends no Origin
HOUR = 3600
SPOKEN_KEPT = 400  # lines whose audio a page may still ask for (a few turns of 8 seats)


def page_files() -> dict[str, bytes]:
    """The web app's files, read once: what every page load sends."""
    folder = resources.files("snl_edu.table").joinpath("web")
    return {path: folder.joinpath(name).read_bytes() for path, (name, _) in FILES.items()}


class SpokenLines:
    """The lines sent to pages lately, by an unguessable id: a page without a voice for its
    language asks for the host's eSpeak NG audio of a line by its id, never by its text."""

    def __init__(self) -> None:
        self._lines: collections.OrderedDict[str, tuple[str, str]] = collections.OrderedDict()
        self._lock = threading.Lock()

    def add(self, text: str, language: str) -> str:
        key = secrets.token_urlsafe(9)
        with self._lock:
            self._lines[key] = (text, language)
            while len(self._lines) > SPOKEN_KEPT:
                self._lines.popitem(last=False)
        return key

    def get(self, key: str) -> tuple[str, str] | None:
        with self._lock:
            return self._lines.get(key)


# Lines whose audio is kept: another child's move comes to every other page with the same
# words, and is made once for them all (a WAV of a line is about 150 kB).
SPEECH_KEPT = 24


@functools.lru_cache(maxsize=SPEECH_KEPT)
def speech_wav(text: str, language: str) -> bytes | None:
    """The line in eSpeak NG's voice for its language, as a WAV; None without eSpeak."""
    from snl_edu.outputs.aloud.espeak import EspeakSynthesiser, Voice
    from snl_edu.sound.pcm import wav_bytes
    from snl_edu.sound.unavailable import AudioUnavailable

    try:
        return wav_bytes(EspeakSynthesiser(Voice(language)).synthesise(text))
    except AudioUnavailable:
        return None


def earcon_names() -> frozenset[str]:
    return frozenset(entry.name[:-4] for entry in data_folder("audio").iterdir()
                     if entry.name.endswith(".wav"))


class WebSide:
    """Answers the HTTP requests of the table's port (``process_request``)."""

    def __init__(self, board_svg: Callable[[], bytes]) -> None:
        self.files = page_files()
        self.earcons = earcon_names()
        self.spoken = SpokenLines()
        self.table = secrets.token_urlsafe(9)  # this table, told to its pages
        self._board_svg = board_svg
        self._board: bytes | None = None
        self._fonts: dict[str, bytes] = {}
        self._gzipped: dict[str, bytes] = {}  # by path: the page files and the board
        # The board's address names this table: the next table on the same port, with
        # another board, is never shown the image a browser kept of this one.
        self.board_address = f"/board.svg?v={secrets.token_urlsafe(6)}"

    def __call__(self, connection: Any, request: Request) -> Response | None:
        origin = request.headers.get("Origin")
        upgrade = request.headers.get("Upgrade", "").lower() == "websocket"
        if origin is not None or not upgrade or request.path != TERMINAL_PATH:
            host = request.headers.get("Host", "")
            if not own_host(host, _port_of(connection)):
                return _response(421, b"", "text/plain")
            if (upgrade or origin is not None) and \
                    (origin or "").lower() != f"http://{host}".lower():
                return _response(403, b"", "text/plain")
        if upgrade:
            return None if request.path in WEBSOCKET_PATHS else _response(404, b"", "text/plain")
        if request.method not in ("GET", "HEAD"):
            return _response(405, b"", "text/plain")
        response = self._answer(request.path)
        if "gzip" in request.headers.get("Accept-Encoding", ""):
            response = self._compressed(request.path.split("?", 1)[0], response)
        if request.method == "HEAD":  # its headers (its length too), without the body
            response.body = b""
        return response

    def _answer(self, asked: str) -> Response:
        path = asked.split("?", 1)[0]
        if path in self.files:
            return _response(200, self.files[path], FILES[path][1])
        if path.startswith("/audio/") and path.endswith(".wav") \
                and path[7:-4] in self.earcons:
            return _response(200, data_folder("audio").joinpath(path[7:]).read_bytes(),
                             "audio/wav", cache=HOUR)
        if path.startswith("/speech/") and path.endswith(".wav"):
            line = self.spoken.get(path[8:-4])
            audio = speech_wav(*line) if line else None
            if audio is not None:
                return _response(200, audio, "audio/wav")
        if path == "/favicon.ico":  # browsers ask; the page has none
            return _response(204, b"", "text/plain")
        if path in PAGE_FONTS:
            if path not in self._fonts:  # read on first asking: many tables are never asked
                self._fonts[path] = resources.files("snl_edu.table").joinpath(
                    "web", PAGE_FONTS[path]).read_bytes()
            return _response(200, self._fonts[path], "font/woff", cache=FONT_CACHE)
        if path == "/board.svg":
            if self._board is None:  # the teacher's board, drawn once on first asking
                self._board = self._board_svg()
            this_table = asked == self.board_address
            return _response(200, self._board, "image/svg+xml", cache=HOUR if this_table else 0)
        return _response(404, b"", "text/plain")


    def _compressed(self, path: str, response: Response) -> Response:
        """The pages' text and the board, gzipped (the board's SVG is 73 kB, 8 kB so): each
        made once, as none of them changes while the table is open."""
        kind = response.headers.get("Content-Type", "")
        if response.status_code != 200 or not kind.startswith(COMPRESSED) \
                or len(response.body) < COMPRESS_FROM:
            return response
        body = self._gzipped.get(path)
        if body is None:
            body = self._gzipped[path] = gzip.compress(response.body, 9, mtime=0)
        response.body = body
        del response.headers["Content-Length"]  # (Headers holds a name more than once)
        response.headers.update({"Content-Length": str(len(body)), "Content-Encoding": "gzip",
                                 "Vary": "Accept-Encoding"})
        return response


def _port_of(connection: Any) -> int | None:
    address = getattr(connection, "local_address", None)
    return int(address[1]) if isinstance(address, tuple) else None


def own_host(host: str, port: int | None) -> bool:
    """Whether a ``Host`` header names this table: an IP address (v4, or v6 in brackets),
    ``localhost`` or this computer's own name, with the table's port."""
    name, colon, given = host.rpartition(":")
    if not colon or name.endswith(":"):  # no port (or a bare IPv6 address)
        return False
    if port is not None and given != str(port):
        return False
    name = name.lower()
    if name.startswith("[") and name.endswith("]"):
        name = name[1:-1]
    try:
        ipaddress.ip_address(name)
    except ValueError:
        own = socket.gethostname().lower()
        return name in ("localhost", own, f"{own}.local")
    return True


def _response(status: int, body: bytes, kind: str, cache: int = 0) -> Response:
    """``cache``: how many seconds a browser may keep the answer (0: never)."""
    headers = Headers([
        ("Date", email.utils.formatdate(usegmt=True)),
        ("Content-Type", kind),
        ("Content-Length", str(len(body))),
        ("Content-Security-Policy", POLICY),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        # Its files are for its own pages only: never embedded in, nor read by, another site.
        ("Cross-Origin-Resource-Policy", "same-origin"),
        ("X-Frame-Options", "DENY"),
        ("Cache-Control", f"max-age={cache}" if cache else "no-store"),
        ("Connection", "close"),
    ])
    if status == 405:
        headers["Allow"] = "GET, HEAD"
    return Response(status, http.HTTPStatus(status).phrase, headers, body)
