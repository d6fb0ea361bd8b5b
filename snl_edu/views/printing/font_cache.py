"""Cut fonts kept on disk, so a page printed again does not cut its fonts again.

Cutting Noto Sans Devanagari to a page's glyphs takes most of a second; the same board
printed again asks for the same cut (a page that names children keeps none: see
``Page``'s ``names_children``). Each cut is a file in the user's cache
folder (SNL_CACHE_DIR when set), named by a hash of everything that makes it: the font
file's own hash, fontTools' version, fonts.py's own source and the characters. A file
ends with the SHA-256 of its font, so a damaged or truncated file is seen, ignored and
made again; a folder that cannot be read or written only means each cut is made anew.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

CACHE_DIR_ENV = "SNL_CACHE_DIR"
_DIGEST = hashlib.sha256().digest_size


def cache_dir() -> Path:
    from_env = os.environ.get(CACHE_DIR_ENV)
    if from_env:
        return Path(from_env).expanduser() / "fonts"
    import platformdirs

    from snl_edu.store.database import APP_NAME

    return platformdirs.user_cache_path(APP_NAME, appauthor=False) / "fonts"


def cached(key: list[str], make: Callable[[], bytes]) -> bytes:
    """The bytes ``make`` returns for ``key``: from the cache when a sound file is there,
    else made and kept."""
    folder = cache_dir()
    path = folder / (hashlib.sha256("\0".join(key).encode("utf-8")).hexdigest() + ".ttf")
    kept = _read(path)
    if kept is not None:
        return kept
    data = make()
    _write(folder, path, data)
    return data


def _read(path: Path) -> bytes | None:
    try:
        stored = path.read_bytes()
    except OSError:
        return None
    data, digest = stored[:-_DIGEST], stored[-_DIGEST:]
    return data if data and hashlib.sha256(data).digest() == digest else None


def _write(folder: Path, path: Path, data: bytes) -> None:
    """Whole or not at all (a temporary file renamed over), so another process printing
    at the same time reads either no file or a complete one."""
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=folder, suffix=".part")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data + hashlib.sha256(data).digest())
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError:
        pass  # a full or read-only disk: the cut is simply made again next time
