"""The platform's own voices through pyttsx3 (``--tts system``).

pyttsx3's pitfalls shape this module:
- Its Linux driver plays each utterance by running ``aplay`` on a temporary file:
  that subprocess cannot be interrupted and fails silently when aplay is missing.
  So where the driver can render to a WAV file (Linux eSpeak, Windows SAPI5) we
  only ever call ``save_to_file`` and play the result ourselves, through the same
  interruptible player as the built-in voice.
- ``save_to_file`` prints "Audio saved to ..." on stdout, which would corrupt a
  piped transcript, so stdout is swallowed around it; and the driver keeps the
  last file name and text between calls, so every call sets both afresh, uses a
  new temporary file, and never mixes in ``say``.
- macOS's NSSpeechSynthesizer writes AIFF, which the standard library no longer
  reads; there the engine speaks directly and a sentence cannot be cut short.
"""

from __future__ import annotations

import contextlib
import io
import os
import platform
import tempfile
import threading
from pathlib import Path
from typing import Any

from snl_edu.speech.errors import AudioUnavailable, Missing
from snl_edu.speech.espeak import Voice
from snl_edu.speech.pcm import SAMPLE_RATE, Pcm, read_wav


def _init_engine() -> Any:
    try:
        import pyttsx3
    except ImportError as error:
        raise AudioUnavailable(Missing.SYSTEM_VOICE, str(error)) from error
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            return pyttsx3.init()
    except Exception as error:  # RuntimeError, OSError, ImportError from a platform driver
        raise AudioUnavailable(Missing.SYSTEM_VOICE, str(error)) from error


def _voice_for(engine: Any, language: str) -> str | None:
    """The id of an installed voice that speaks ``language``, if any."""
    for voice in engine.getProperty("voices") or []:
        languages = [str(code).lower().replace("_", "-") for code in (voice.languages or [])]
        ident = str(voice.id).lower()
        if any(code == language or code.startswith(language + "-") for code in languages) \
                or ident == language or ident.endswith("/" + language):
            return str(voice.id)
    return None


class SystemSynthesiser:
    """Renders text to PCM with the platform voice (Linux and Windows)."""

    name = "system"
    sample_rate = SAMPLE_RATE

    def __init__(self, voice: Voice | None = None) -> None:
        if platform.system() == "Darwin":
            raise AudioUnavailable(Missing.SYSTEM_VOICE, "cannot render to a file on macOS")
        self.voice = voice or Voice()
        self._engine = _init_engine()
        self._lock = threading.Lock()
        self._applied: Voice | None = None

    def _apply(self) -> None:
        if self._applied == self.voice:
            return
        chosen = _voice_for(self._engine, self.voice.language)
        if chosen is not None:
            self._engine.setProperty("voice", chosen)
        self._engine.setProperty("rate", self.voice.rate)
        self._engine.setProperty("volume", max(0, min(100, self.voice.volume)) / 100)
        self._applied = self.voice

    def synthesise(self, text: str) -> Pcm:
        with self._lock:
            self._apply()
            handle, name = tempfile.mkstemp(suffix=".wav", prefix="snl-say-")
            os.close(handle)
            path = Path(name)
            try:
                with contextlib.redirect_stdout(io.StringIO()):
                    self._engine.save_to_file(text, str(path))
                    self._engine.runAndWait()
                if path.stat().st_size == 0:
                    return Pcm(b"", SAMPLE_RATE)
                return read_wav(path)
            except (OSError, ValueError, EOFError) as error:
                raise AudioUnavailable(Missing.SYSTEM_VOICE, str(error)) from error
            finally:
                path.unlink(missing_ok=True)


class DirectSystemSpeaker:
    """macOS: the engine speaks by itself; a sentence plays to its end."""

    def __init__(self, voice: Voice, speaking: threading.Event) -> None:
        self._engine = _init_engine()
        self.voice = voice
        self.speaking = speaking
        chosen = _voice_for(self._engine, voice.language)
        if chosen is not None:
            self._engine.setProperty("voice", chosen)
        self._engine.setProperty("rate", voice.rate)
        self._engine.setProperty("volume", max(0, min(100, voice.volume)) / 100)

    def speak(self, text: str, stop: Any = None) -> bool:
        self.speaking.set()
        try:
            self._engine.say(text)
            self._engine.runAndWait()
            return True
        finally:
            self.speaking.clear()

    def close(self) -> None:
        pass
