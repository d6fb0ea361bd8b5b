"""What a game is asked to be: plain frozen values, no Click, nothing opened yet."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from snl_edu.engine import Rules
from snl_edu.outputs.speech.espeak import DEFAULT_RATE, DEFAULT_VOLUME

LATEST = "latest"  # resume the latest unfinished game
DEFAULT_BOARD = "saanp-bharyang"


@dataclass(frozen=True)
class SoundOptions:
    speech: bool = True
    sound: bool = True
    screen_reader: bool = False
    record: Path | None = None  # a WAV file of the whole narrated game
    tts: str = "espeak"
    rate: int = DEFAULT_RATE
    volume: int = DEFAULT_VOLUME  # speech, percent
    sound_volume: int = DEFAULT_VOLUME  # earcons, percent


@dataclass(frozen=True)
class VoiceOptions:
    listen: bool = False
    model: Path | None = None
    audio_in: Path | None = None  # a WAV file heard instead of the microphone
    recogniser: str | None = None  # "whisper" or "pocketsphinx" (English); None: the best

    @property
    def wanted(self) -> bool:
        return self.listen or self.model is not None or self.audio_in is not None


@dataclass(frozen=True)
class PlayOptions:
    lang: str | None = None  # None: SNL_LANG, then the system locale, then English
    digits: str | None = None
    players: tuple[str, ...] | None = None  # human names; None: one "Player 1"
    teams: tuple[str, ...] = ()  # each "Asha+Bikash": a seat the children take turns at
    computers: int | None = None
    demo: bool = False
    board: str = DEFAULT_BOARD
    rules: Rules = field(default_factory=Rules)
    seed: int | None = None
    resume: str | None = None  # LATEST or a game number
    auto_roll: float | None = None
    pace: float | None = None  # None: a pause on a terminal, none otherwise
    verbosity: str = "normal"
    count: bool = False
    lessons: str | None = None  # None: some at a keyboard, off for a script
    level: int | None = None  # None: each learner's suggested level, from their record
    learner: str | None = None
    history: str | None = None  # "on"/"off"; None: with the lessons
    sound: SoundOptions = field(default_factory=SoundOptions)
    voice: VoiceOptions = field(default_factory=VoiceOptions)
    data_dir: str | None = None
    # Which options the user gave: a resumed game keeps its own settings for the rest.
    given: frozenset[str] = frozenset()
