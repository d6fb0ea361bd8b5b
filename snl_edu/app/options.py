"""What a game is asked to be: plain frozen values, no Click, nothing opened yet."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from snl_edu.engine import Rules
from snl_edu.outputs.aloud.speech_settings import DEFAULT_RATE, DEFAULT_VOLUME

LATEST = "latest"  # resume the latest unfinished game
DEFAULT_BOARD = "saanp-bharyang"
# A field's part in a saved game: a new game's (a resumed game brings its own, so giving
# it again is refused), kept with the game and restored unless given again, or saved only.
NEW_GAME = {"new_game": True}
KEPT = {"kept": True}
SAVED = {"saved": True}


def kept(default: object, saved_as: str | None = None) -> Any:
    """A field kept with a saved game (``saved_as``: its name there, the option's)."""
    return field(default=default, metadata={**KEPT, "saved_as": saved_as})


@dataclass(frozen=True)
class SoundOptions:
    speech: bool = kept(True)
    sound: bool = kept(True)
    screen_reader: bool = kept(False)
    record: Path | None = None  # a WAV file of the whole narrated game
    tts: str = kept("espeak")
    rate: int = kept(DEFAULT_RATE)
    volume: int = kept(DEFAULT_VOLUME)  # speech, percent
    sound_volume: int = DEFAULT_VOLUME  # earcons, percent


@dataclass(frozen=True)
class VoiceOptions:
    listen: bool = kept(False, saved_as="voice")
    model: Path | None = None
    audio_in: Path | None = None  # a WAV file heard instead of the microphone
    recogniser: str | None = None  # "whisper" or "pocketsphinx" (English); None: the best

    @property
    def wanted(self) -> bool:
        return self.listen or self.model is not None or self.audio_in is not None


@dataclass(frozen=True)
class PlayOptions:
    lang: str | None = kept(None)  # None: SNL_LANG, then the system locale, then English
    digits: str | None = kept(None)
    # human names; None: one "Player 1"
    players: tuple[str, ...] | None = field(default=None, metadata=NEW_GAME)
    # each "Asha+Bikash": a seat the children take turns at
    teams: tuple[str, ...] = field(default=(), metadata=NEW_GAME)
    computers: int | None = field(default=None, metadata=NEW_GAME)
    demo: bool = field(default=False, metadata={**NEW_GAME, **SAVED})
    board: str = field(default=DEFAULT_BOARD, metadata=NEW_GAME)
    # 10 or 20: the straight board of that many squares in one row, instead of ``board``.
    straight: int | None = field(default=None, metadata=NEW_GAME)
    rules: Rules = field(default_factory=Rules, metadata=NEW_GAME)  # each rule its option
    seed: int | None = field(default=None, metadata=NEW_GAME)
    resume: str | None = None  # LATEST or a game number
    auto_roll: float | None = kept(None)
    pace: float | None = None  # None: a pause on a terminal, none otherwise
    verbosity: str = kept("normal")
    count: bool = kept(False)
    lessons: str | None = kept(None)  # None: some at a keyboard, off for a script
    level: int | None = kept(None)  # None: each learner's suggested level, from their record
    learner: str | None = kept(None)
    history: str | None = kept(None)  # "on"/"off"; None: with the lessons
    sound: SoundOptions = field(default_factory=SoundOptions)
    voice: VoiceOptions = field(default_factory=VoiceOptions)
    data_dir: str | None = None
    # The options the user gave, by parameter name, each with its flag as typed: a resumed
    # game keeps its own settings for the rest.
    given: Mapping[str, str] = field(default_factory=dict)

    @property
    def board_name(self) -> str:
        """The board to play: the straight board asked for, else ``board``."""
        return f"straight-{self.straight}" if self.straight else self.board
