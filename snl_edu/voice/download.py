"""Fetching an official vosk model: progress, timeout, size and archive checks, atomic install.

The archive is downloaded into a hidden temporary file beside the target,
checked (length against Content-Length, zip CRCs, one top folder that looks
like a model, no path escaping), extracted into a hidden temporary folder and
renamed into place in one step. Any failure removes the temporaries, so a
model folder either is complete or does not exist.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import tempfile
import urllib.error
import urllib.request
import zipfile
from collections.abc import Callable
from pathlib import Path, PurePosixPath

from snl_edu.voice.errors import VoiceError, VoiceProblem
from snl_edu.voice.models import looks_like_model

CHUNK = 64 * 1024
TIMEOUT = 30.0  # seconds without any data before giving up
MIN_SIZE = 1024  # anything smaller is an error page, not a model
MAX_SIZE = 4 * 1024 ** 3  # no official small model is near this

Progress = Callable[[int, int | None], None]  # (bytes so far, total or None)


def _fetch(url: str, target: Path, timeout: float, progress: Progress | None) -> None:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            length = response.headers.get("Content-Length")
            total = int(length) if length and length.isdigit() else None
            if total is not None and not MIN_SIZE <= total <= MAX_SIZE:
                raise VoiceError(VoiceProblem.ARCHIVE, f"the server offers {total} bytes")
            received = 0
            with target.open("wb") as file:
                while chunk := response.read(CHUNK):
                    file.write(chunk)
                    received += len(chunk)
                    if received > MAX_SIZE:
                        raise VoiceError(VoiceProblem.ARCHIVE, "the download is far too large")
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


def _top_folder(archive: zipfile.ZipFile) -> str:
    """The single top-level folder every member lives in, refusing escaping paths."""
    tops = set()
    for name in archive.namelist():
        path = PurePosixPath(name)
        if path.is_absolute() or ".." in path.parts or "\\" in name:
            raise VoiceError(VoiceProblem.ARCHIVE, f"unsafe path {name!r} in the archive")
        tops.add(path.parts[0])
    if len(tops) != 1:
        raise VoiceError(VoiceProblem.ARCHIVE, "the archive does not hold one model folder")
    return tops.pop()


def _unpack(archive_path: Path, work: Path) -> Path:
    try:
        with zipfile.ZipFile(archive_path) as archive:
            top = _top_folder(archive)
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
                  progress: Progress | None = None) -> Path:
    """Download the zip at ``url`` and install its model as ``directory/name``."""
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
        _fetch(url, archive, timeout, progress)
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
