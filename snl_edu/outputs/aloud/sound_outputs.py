"""Outputs that make sound: spoken sentences, earcons, and a WAV recording of both.

Each implements the ``Output`` protocol (show, flush). Speech and earcons block
in ``show`` until their sound has played, so sentences never overlap and the
session needs no knowledge of audio; a ``skip`` check (a key press) cuts the
current sound short and lets the next message begin.
"""

from __future__ import annotations

import contextlib
import threading
import wave
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from snl_edu.outputs.aloud import cues
from snl_edu.outputs.aloud.player import Player, StopCheck, never
from snl_edu.sound.pcm import Pcm, open_wav_writer, resample, scaled, silence, write_frames
from snl_edu.vocabulary import Message

GAP_SECONDS = 0.12  # between an earcon and its sentence in a recording


class Synthesiser(Protocol):
    @property
    def sample_rate(self) -> int: ...

    def synthesise(self, text: str) -> Pcm: ...


class Speaker(Protocol):
    def speak(self, text: str, stop: StopCheck = never) -> bool: ...


class PcmSpeaker:
    """Renders a sentence with a synthesiser, then plays it through the shared player."""

    def __init__(self, synthesiser: Synthesiser, player: Player) -> None:
        self.synthesiser = synthesiser
        self.player = player

    def speak(self, text: str, stop: StopCheck = never) -> bool:
        if stop():
            return False
        return self.player.play(self.synthesiser.synthesise(text), stop)


class SpeechOutput:
    """Speaks each message's text; a sentence finishes before the next unless skipped."""

    def __init__(self, speaker: Speaker, skip: StopCheck = never) -> None:
        self.speaker = speaker
        self.skip = skip

    def show(self, message: Message) -> None:
        if message.text.strip():
            self.speaker.speak(message.text, self.skip)

    def flush(self) -> None:
        pass


class EarconOutput:
    """Plays the message's earcon (before its sentence: put it ahead of speech in the list)."""

    def __init__(self, player: Player, volume: int = 100, skip: StopCheck = never) -> None:
        self.player = player
        self.factor = max(0, min(100, volume)) / 100
        self.skip = skip
        self._cache: dict[str, Pcm] = {}

    def sound(self, name: str) -> Pcm:
        if name not in self._cache:
            self._cache[name] = scaled(cues.load(name), self.factor)
        return self._cache[name]

    def show(self, message: Message) -> None:
        if message.earcon:
            self.player.play(self.sound(message.earcon), self.skip)

    def flush(self) -> None:
        pass


class RecordingOutput:
    """Writes every message, earcon then speech, into one WAV file in event order.

    The file is valid after every flush (the wave module patches the header as it
    goes), so an interrupted game still leaves a playable recording.
    """

    def __init__(self, path: Path, synthesiser: Synthesiser, sound: bool = True,
                 sound_volume: int = 100,
                 on_failure: Callable[[OSError], None] | None = None) -> None:
        self.rate = synthesiser.sample_rate
        self.synthesiser = synthesiser
        self.sound = sound
        self.sound_factor = max(0, min(100, sound_volume)) / 100
        # A full disk (--record /dev/full) stops the recording, never the game: told once.
        self.on_failure = on_failure
        self.failed: OSError | None = None
        self._file = open(path, "wb")  # noqa: SIM115 - closed in close()
        self._writer: wave.Wave_write = open_wav_writer(self._file, self.rate)
        self._gap = silence(GAP_SECONDS, self.rate)
        self._lock = threading.Lock()

    def show(self, message: Message) -> None:
        with self._lock:
            if self.failed is not None:
                return
            try:
                if self.sound and message.earcon:
                    write_frames(self._writer, resample(scaled(cues.load(message.earcon),
                                                              self.sound_factor), self.rate))
                    write_frames(self._writer, self._gap)
                if message.text.strip():
                    write_frames(self._writer, resample(
                        self.synthesiser.synthesise(message.text), self.rate))
                    write_frames(self._writer, self._gap)
            except OSError as error:
                self._fail(error)

    def _fail(self, error: OSError) -> None:
        self.failed = error
        if self.on_failure is not None:
            self.on_failure(error)

    def flush(self) -> None:
        if self.failed is None:
            try:
                self._file.flush()
            except OSError as error:
                self._fail(error)

    def close(self) -> None:
        with self._lock:
            try:
                self._writer.close()
            except OSError as error:
                if self.failed is None:
                    self._fail(error)
            finally:
                with contextlib.suppress(OSError):
                    self._file.close()
