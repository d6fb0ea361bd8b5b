"""The speech model loaded once per game, in the background, while the game starts.

Whisper tiny.en takes one to two seconds of CPU to load (its files' SHA-256 checked,
then CTranslate2's model built); the game's first lines are said meanwhile, and what
the child says meanwhile is kept (audio/captured.py) and heard once it is ready.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from snl_edu.inputs.voice.audio.sources import AudioSource
from snl_edu.inputs.voice.voice_listener import VoiceListener


class Loading:
    """``load()`` run on a thread of its own; ``listener`` or ``error`` once ``done``."""

    def __init__(self, load: Callable[[], VoiceListener], source: AudioSource) -> None:
        self.source = source  # the listener's audio, closed if the game ends first
        self.listener: VoiceListener | None = None
        self.error: BaseException | None = None
        self.done = threading.Event()
        self._load = load
        self._thread = threading.Thread(target=self._run, name="snl-voice-load", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self.listener = self._load()
        except Exception as error:  # noqa: BLE001 (told to the player by the game's input)
            self.error = error
            self.source.close()
        finally:
            self.done.set()

    def cancel(self) -> None:
        """The game ended before the model was ready: stop hearing."""
        self.source.close()
