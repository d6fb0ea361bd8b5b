"""A folder kept between test runs for what the suite makes the same way every time (cut
fonts, synthesised test speech): a thing kept is named by everything it is made from, so
a change to any of them makes it anew."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path


def users_own_folder(name: str) -> Path | None:
    """``name`` in this user's own folder in the temporary folder (made 0700), or None
    when someone else owns that folder or may write in it (no other user's file is read)."""
    folder = Path(tempfile.gettempdir()) / f"snl-tests-{os.getuid()}"
    with contextlib.suppress(FileExistsError):
        folder.mkdir(mode=0o700)
    found = folder.lstat()
    if not (stat.S_ISDIR(found.st_mode) and found.st_uid == os.getuid()
            and not found.st_mode & (stat.S_IWGRP | stat.S_IWOTH)):
        return None
    return folder / name
