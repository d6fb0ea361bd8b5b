"""A separate process that renders text with pyttsx3 (``--tts system`` on Linux/Windows).

On Linux pyttsx3's driver is eSpeak NG, which it loads by its bare soname
(libespeak-ng.so.1), so it would need the system's package. Instead this process
first loads the library that the ``espeakng-loader`` wheel ships (same soname: the
dynamic loader then hands pyttsx3 that copy) and points eSpeak NG at the wheel's
voice data (pyttsx3 initialises it with no data path, so eSpeak NG reads
ESPEAK_DATA_PATH). Why a process of its own: in the game's process pyttsx3 would
re-initialise the instance the built-in voice already uses (which exits the process
on failure) and replace its synthesis callback. Here its stdout chatter ("Audio
saved to ...") cannot reach the game's transcript, and a crash costs only the
system voice.

Protocol: one JSON object per line on stdin ({"text", "language", "rate",
"volume", "path"}); one JSON line back on the real stdout ({"ok": true} or
{"error": "..."}). The first line answered is a readiness report.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import platform
import sys
import threading
from typing import Any, TextIO

# eSpeak NG renders far faster than real time; this only bounds a driver that never finishes.
FINISH_SECONDS = 30.0


def _voice_for(engine: Any, language: str) -> str | None:
    for voice in engine.getProperty("voices") or []:
        languages = [str(code).lower().replace("_", "-") for code in (voice.languages or [])]
        ident = str(voice.id).lower()
        if any(code == language or code.startswith(language + "-") for code in languages) \
                or ident == language or ident.endswith("/" + language):
            return str(voice.id)
    return None


def use_wheel_espeak() -> None:
    """On Linux, make pyttsx3's eSpeak NG driver find the wheel's library and voice data."""
    if platform.system() != "Linux":
        return  # pyttsx3 drives the platform's own voices (SAPI5, NSSpeechSynthesizer)
    import espeakng_loader

    ctypes.CDLL(espeakng_loader.get_library_path())
    os.environ["ESPEAK_DATA_PATH"] = espeakng_loader.get_data_path()


def _reply(channel: TextIO, **fields: object) -> None:
    channel.write(json.dumps(fields) + "\n")
    channel.flush()


def main() -> None:
    # Keep the protocol channel private; anything printed goes to stderr instead.
    channel = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8")
    sys.stdout = sys.stderr
    try:
        use_wheel_espeak()
        import pyttsx3

        engine = pyttsx3.init()
    except Exception as error:  # noqa: BLE001 - any driver failure means "no system voice"
        _reply(channel, error=f"{type(error).__name__}: {error}")
        return
    # Linux's driver synthesises on eSpeak NG's own thread and its runAndWait can return
    # before the file is written: wait for the driver to say the utterance is finished.
    finished = threading.Event()
    engine.connect("finished-utterance", lambda **_: finished.set())
    asynchronous = platform.system() == "Linux"
    _reply(channel, ok=True)
    applied: tuple[str, int, int] | None = None
    for line in sys.stdin:
        try:
            request = json.loads(line)
            settings = (request["language"], int(request["rate"]), int(request["volume"]))
            if settings != applied:
                chosen = _voice_for(engine, settings[0])
                if chosen is not None:
                    engine.setProperty("voice", chosen)
                engine.setProperty("rate", settings[1])
                engine.setProperty("volume", max(0, min(100, settings[2])) / 100)
                applied = settings
            with contextlib.redirect_stdout(sys.stderr):
                # A fresh file name and text every call: the driver keeps both between calls.
                finished.clear()
                engine.save_to_file(request["text"], request["path"])
                engine.runAndWait()
            if asynchronous and not finished.wait(FINISH_SECONDS):
                _reply(channel, error="the system voice did not finish")
                continue
            _reply(channel, ok=True)
        except Exception as error:  # noqa: BLE001 - report and keep serving
            _reply(channel, error=f"{type(error).__name__}: {error}")


if __name__ == "__main__":
    main()
