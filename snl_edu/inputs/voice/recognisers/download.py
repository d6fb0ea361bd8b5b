"""Fetching an official vosk model: progress, timeouts, size and archive checks, atomic install.

The archive is downloaded into a hidden temporary file beside the target, within an
overall deadline as well as a timeout between chunks (a server trickling one byte a
second never ends otherwise), checked (length against Content-Length, the MD5 the
official model list publishes, zip CRCs, one top folder that looks like a model, no
path escaping, and what it unpacks to: a 4.5 KB zip must not become 2 GiB), extracted
into a hidden temporary folder and renamed into place in one step. Any failure removes
the temporaries, so a model folder either is complete or does not exist.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import socket
import tempfile
import time
import urllib.error
import urllib.request
import zipfile
from collections.abc import Callable
from pathlib import Path, PurePosixPath

from snl_edu.inputs.voice.problems import VoiceError, VoiceProblem
from snl_edu.inputs.voice.recognisers.models import looks_like_model

CHUNK = 64 * 1024
TIMEOUT = 30.0  # seconds without any data before giving up
MIN_SIZE = 1024  # anything smaller is an error page, not a model
MAX_SIZE = 4 * 1024 ** 3  # no official small model is near this
DEADLINE = 3600.0  # seconds for the whole download: a small model over a slow school line
# What an archive may unpack to: models compress about 2:1, a zip bomb a thousand to one.
MAX_RATIO = 20
MAX_UNPACKED = 8 * 1024 ** 3
MODEL_LIST_URL = "https://alphacephei.com/vosk/models/model-list.json"
MAX_LIST_SIZE = 1024 ** 2

Progress = Callable[[int, int | None], None]  # (bytes so far, total or None)


def _fetch(url: str, target: Path, timeout: float, progress: Progress | None,
           deadline: float = DEADLINE, limit: int = MAX_SIZE) -> str:
    """Download ``url`` into ``target``; the MD5 of what arrived."""
    digest = hashlib.md5(usedforsecurity=False)
    ends = time.monotonic() + deadline
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            length = response.headers.get("Content-Length")
            total = int(length) if length and length.isdigit() else None
            if total is not None and not MIN_SIZE <= total <= limit:
                raise VoiceError(VoiceProblem.ARCHIVE, f"the server offers {total} bytes")
            received = 0
            with target.open("wb") as file:
                # read1: whatever has arrived, so a trickling server meets the deadline too
                while chunk := response.read1(CHUNK):
                    file.write(chunk)
                    digest.update(chunk)
                    received += len(chunk)
                    if received > limit:
                        raise VoiceError(VoiceProblem.ARCHIVE, "the download is far too large")
                    if time.monotonic() > ends:
                        raise VoiceError(VoiceProblem.DOWNLOAD,
                                         f"{url} took longer than {deadline:g} seconds")
                    if progress is not None:
                        progress(received, total)
    except VoiceError:
        raise
    except TimeoutError:
        raise VoiceError(VoiceProblem.DOWNLOAD,
                         f"no data for {timeout:g} seconds from {url}") from None
    except urllib.error.HTTPError as error:
        raise VoiceError(VoiceProblem.DOWNLOAD, f"{url}: HTTP {error.code} {error.reason}") \
            from None
    except urllib.error.URLError as error:
        reason = error.reason
        if isinstance(reason, (TimeoutError, socket.timeout)):
            raise VoiceError(VoiceProblem.DOWNLOAD,
                             f"no data for {timeout:g} seconds from {url}") from None
        raise VoiceError(VoiceProblem.DOWNLOAD, f"{url}: {reason}") from None
    except (OSError, ValueError) as error:  # includes IncompleteRead from a cut connection
        raise VoiceError(VoiceProblem.DOWNLOAD, f"{url}: {error}") from None
    if total is not None and received != total:
        raise VoiceError(VoiceProblem.ARCHIVE,
                         f"received {received} of {total} bytes (the archive is truncated)")
    if received < MIN_SIZE:
        raise VoiceError(VoiceProblem.ARCHIVE, f"only {received} bytes arrived")
    return digest.hexdigest()


def published_md5(name: str, list_url: str = MODEL_LIST_URL, timeout: float = TIMEOUT
                  ) -> str | None:
    """The MD5 the official model list publishes for ``name``; None if it cannot be had
    (the download then goes on with the other checks)."""
    try:
        with urllib.request.urlopen(list_url, timeout=timeout) as response:
            entries = json.loads(response.read(MAX_LIST_SIZE + 1)[:MAX_LIST_SIZE])
    except (OSError, ValueError, RecursionError):
        return None
    for entry in entries if isinstance(entries, list) else []:
        if isinstance(entry, dict) and entry.get("name") == name:
            md5 = entry.get("md5")
            if isinstance(md5, str) and len(md5) == 32:
                return md5.lower()
    return None


def _top_folder(archive: zipfile.ZipFile) -> str:
    """The single top-level folder every member lives in, refusing escaping paths."""
    tops = set()
    for name in archive.namelist():
        path = PurePosixPath(name)
        # "./" has no parts at all (found by attack: an IndexError before this check).
        if path.is_absolute() or ".." in path.parts or "\\" in name or not path.parts:
            raise VoiceError(VoiceProblem.ARCHIVE, f"unsafe path {name!r} in the archive")
        tops.add(path.parts[0])
    if len(tops) != 1:
        raise VoiceError(VoiceProblem.ARCHIVE, "the archive does not hold one model folder")
    return tops.pop()


def _unpack(archive_path: Path, work: Path) -> Path:
    try:
        with zipfile.ZipFile(archive_path) as archive:
            top = _top_folder(archive)
            unpacked = sum(member.file_size for member in archive.infolist())
            if unpacked > min(MAX_UNPACKED, MAX_RATIO * max(archive_path.stat().st_size,
                                                             MIN_SIZE)):
                raise VoiceError(VoiceProblem.ARCHIVE,
                                 f"the archive would unpack to {unpacked} bytes")
            broken = archive.testzip()
            if broken is not None:
                raise VoiceError(VoiceProblem.ARCHIVE, f"{broken} is corrupt")
            archive.extractall(work)
    except zipfile.BadZipFile as error:
        raise VoiceError(VoiceProblem.ARCHIVE, f"not a zip archive ({error})") from None
    except (OSError, EOFError, zipfile.LargeZipFile) as error:
        raise VoiceError(VoiceProblem.ARCHIVE, str(error)) from None
    folder = work / top
    if not looks_like_model(folder):
        raise VoiceError(VoiceProblem.ARCHIVE, f"{top} is not a vosk model (no am/final.mdl)")
    return folder


def install_model(url: str, directory: Path, name: str, timeout: float = TIMEOUT,
                  progress: Progress | None = None, md5: str | None = None,
                  deadline: float = DEADLINE) -> Path:
    """Download the zip at ``url`` and install its model as ``directory/name``; with
    ``md5``, the archive must have exactly that checksum."""
    target = directory / name
    if looks_like_model(target):
        return target
    try:
        directory.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f".{name}.", suffix=".partial", dir=directory))
    except OSError as error:
        raise VoiceError(VoiceProblem.DOWNLOAD, f"{directory}: {error}") from None
    try:
        archive = work / "model.zip"
        got = _fetch(url, archive, timeout, progress, deadline)
        if md5 is not None and got != md5.lower():
            raise VoiceError(VoiceProblem.ARCHIVE,
                             f"the archive's MD5 is {got}, not the published {md5}")
        folder = _unpack(archive, work / "unpacked")
        archive.unlink()
        if target.exists():  # a broken earlier folder, not ours to keep
            raise VoiceError(VoiceProblem.ARCHIVE,
                             f"{target} exists but is not a model: remove it and try again")
        try:
            os.rename(folder, target)  # atomic on one file system: whole model or none
        except OSError as error:
            raise VoiceError(VoiceProblem.DOWNLOAD, f"{target}: {error}") from None
    finally:
        with contextlib.suppress(OSError):
            shutil.rmtree(work)
    return target
