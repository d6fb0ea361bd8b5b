"""One process-wide flag: set while the game's own audio (speech or an earcon) plays.

Voice input reads it to mute the microphone, so the game never hears itself.
Players and speakers set it by default; tests may pass their own Event instead.
"""

from __future__ import annotations

import threading

speaking = threading.Event()
