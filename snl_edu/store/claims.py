"""A game is played in one process at a time.

A process playing a game holds a lock on that game's byte range of one file beside the
store (``snl.sqlite3.playing``), with the process id written inside the range so another
process can say who holds it. The operating system drops the lock when the process ends,
even when it is killed, so a stale claim cannot outlive its game. Where the system has no
such locks (fcntl), games are not claimed.
"""

from __future__ import annotations

import os
from pathlib import Path

from snl_edu.vocabulary import N_, SnlError

try:
    import fcntl
except ImportError:  # not POSIX: play on without claims
    fcntl = None  # type: ignore[assignment]

SLOT = 16  # bytes per game: the holder's process id, as text
CLAIMS_SUFFIX = ".playing"  # the claims file is the store file's name and this


class GameInUse(SnlError):
    """Another process is playing this game."""

    def __init__(self, game_id: int, pid: int | None) -> None:
        self.game_id = game_id
        self.pid = pid
        if pid is None:
            super().__init__(N_("Game {number} is being played in another window. Finish or "
                                "stop it there first."), number=game_id)
        else:  # the process number as the system shows it, in Latin digits
            super().__init__(N_("Game {number} is being played in another window (process "
                                "{pid}). Finish or stop it there first."),
                             number=game_id, pid=str(pid))


class Claim:
    """This process's claim on one game; ``release`` (or the process ending) drops it."""

    def __init__(self, descriptor: int | None) -> None:
        self._descriptor = descriptor

    def release(self) -> None:
        if self._descriptor is not None:
            os.close(self._descriptor)  # closing drops the lock
            self._descriptor = None


def claim(store_path: Path, game_id: int) -> Claim:
    """Claim a game for this process, or raise ``GameInUse`` naming the process that has it."""
    if fcntl is None or not 0 < game_id < 2**40:
        return Claim(None)
    path = store_path.with_name(store_path.name + CLAIMS_SUFFIX)
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    offset = game_id * SLOT
    try:
        fcntl.lockf(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB, SLOT, offset)
    except OSError:
        holder = os.pread(descriptor, SLOT, offset).strip(b"\0 ")
        os.close(descriptor)
        raise GameInUse(game_id, int(holder) if holder.isdigit() else None) from None
    os.pwrite(descriptor, str(os.getpid()).encode().ljust(SLOT, b"\0"), offset)
    return Claim(descriptor)
