"""The platform's own voices through pyttsx3 (``--tts system``).

pyttsx3's pitfalls shape this module:
- Its Linux driver plays each utterance by running ``aplay`` on a temporary file:
  that subprocess cannot be interrupted and fails silently when aplay is missing.
  So where the driver can render to a WAV file (Linux eSpeak, Windows SAPI5) we
  only ever call ``save_to_file`` and play the result ourselves, through the same
  interruptible player as the built-in voice.
- ``save_to_file`` prints "Audio saved to ..." on stdout, which would corrupt a
  piped transcript; and the driver keeps the last file name and text between
  calls, so every call sets both afresh, uses a new temporary file, and never
  mixes in ``say``.
- On Linux it loads eSpeak NG by soname and would be handed the wheel's copy the
  game already uses, re-initialising it. So pyttsx3 runs in a worker process
  (``system_worker``), which also keeps its stdout away from ours.
- Platform voices speak at their own loudness (SAPI5 voices differ by several dB),
  so each voice is measured once when it starts, on a calibration line at full
  volume, and brought to the loudness of everything else the game plays.
- macOS's NSSpeechSynthesizer writes AIFF, which the standard library no longer
  reads; there the engine speaks directly and a sentence cannot be cut short.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import platform
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

from snl_edu.outputs.aloud.espeak import Voice
from snl_edu.sound.pcm import SAMPLE_RATE, Pcm, read_wav, scaled
from snl_edu.sound.unavailable import AudioUnavailable, Missing

RENDER_TRIES = 3  # a render with no sound is tried again, twice at most

# Read in any language's voice: digits. Long enough for the loudness meter's gating.
CALIBRATION = "1 2 3 4 5 6 7 8 9 10"


def _init_engine() -> Any:
    """pyttsx3 in this process: only for macOS, where no eSpeak NG library is shared."""
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
    from snl_edu.outputs.aloud.system_worker import _voice_for as find

    return find(engine, language)


class SystemSynthesiser:
    """Renders text to PCM with the platform voice (Linux and Windows), in a worker process."""

    name = "system"
    sample_rate = SAMPLE_RATE

    def __init__(self, voice: Voice | None = None) -> None:
        if platform.system() == "Darwin":
            raise AudioUnavailable(Missing.SYSTEM_VOICE, "cannot render to a file on macOS")
        self.voice = voice or Voice()
        self._lock = threading.Lock()
        self._worker = subprocess.Popen(
            [sys.executable, "-m", "snl_edu.outputs.aloud.system_worker"], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, encoding="utf-8")
        self._expect()
        self._gain = 1.0
        self._gain = self._calibrated_gain()

    def _calibrated_gain(self) -> float:
        from snl_edu.outputs.aloud.loudness import gain_to

        return gain_to(self._render(CALIBRATION, volume=100))

    def _expect(self) -> None:
        assert self._worker.stdout is not None
        line = self._worker.stdout.readline()
        try:
            reply = json.loads(line) if line else {"error": "the voice process ended"}
        except json.JSONDecodeError:
            reply = {"error": line.strip()}
        if "error" in reply:
            self.close()
            raise AudioUnavailable(Missing.SYSTEM_VOICE, str(reply["error"]))

    def synthesise(self, text: str) -> Pcm:
        return scaled(self._render(text, self.voice.volume), self._gain)

    def _render(self, text: str, volume: int) -> Pcm:
        """The sentence as audio. pyttsx3's eSpeak NG driver now and then writes a file with
        no samples (seen about once in a few hundred renders on a loaded machine: samples that
        arrive with the end-of-message event are dropped); one more try gets them."""
        for _ in range(RENDER_TRIES - 1):
            pcm = self._render_once(text, volume)
            if pcm.rms() > 0:
                return pcm
        return self._render_once(text, volume)

    def _render_once(self, text: str, volume: int) -> Pcm:
        with self._lock:
            if self._worker.poll() is not None or self._worker.stdin is None:
                raise AudioUnavailable(Missing.SYSTEM_VOICE, "the voice process ended")
            handle, name = tempfile.mkstemp(suffix=".wav", prefix="snl-say-")
            os.close(handle)
            path = Path(name)
            request = {"text": text, "language": self.voice.language, "rate": self.voice.rate,
                       "volume": volume, "path": str(path)}
            try:
                self._worker.stdin.write(json.dumps(request) + "\n")
                self._worker.stdin.flush()
                self._expect()
                if path.stat().st_size == 0:
                    return Pcm(b"", SAMPLE_RATE)
                return read_wav(path)
            except (OSError, ValueError, EOFError) as error:
                raise AudioUnavailable(Missing.SYSTEM_VOICE, str(error)) from error
            finally:
                path.unlink(missing_ok=True)

    def close(self) -> None:
        if self._worker.stdin is not None:
            with contextlib.suppress(OSError):
                self._worker.stdin.close()
        try:
            self._worker.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self._worker.kill()
            self._worker.wait()


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
