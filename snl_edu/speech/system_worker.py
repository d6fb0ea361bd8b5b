"""A separate process that renders text with pyttsx3 (``--tts system`` on Linux/Windows).

Why a process of its own: on Linux pyttsx3 loads eSpeak NG by its bare soname, and
the dynamic loader then hands it the copy the game already loaded from the
``espeakng-loader`` wheel; pyttsx3 would re-initialise that shared instance (which
exits the process on failure) and replace the game's synthesis callback. In its
own process it gets the system library, its stdout chatter ("Audio saved to ...")
cannot reach the game's transcript, and a crash costs only the system voice.

Protocol: one JSON object per line on stdin ({"text", "language", "rate",
"volume", "path"}); one JSON line back on the real stdout ({"ok": true} or
{"error": "..."}). The first line answered is a readiness report.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from typing import Any, TextIO


def _voice_for(engine: Any, language: str) -> str | None:
    for voice in engine.getProperty("voices") or []:
        languages = [str(code).lower().replace("_", "-") for code in (voice.languages or [])]
        ident = str(voice.id).lower()
        if any(code == language or code.startswith(language + "-") for code in languages) \
                or ident == language or ident.endswith("/" + language):
            return str(voice.id)
    return None


def _reply(channel: TextIO, **fields: object) -> None:
    channel.write(json.dumps(fields) + "\n")
    channel.flush()


def main() -> None:
    # Keep the protocol channel private; anything printed goes to stderr instead.
    channel = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8")
    sys.stdout = sys.stderr
    try:
        import pyttsx3

        engine = pyttsx3.init()
    except Exception as error:  # noqa: BLE001 - any driver failure means "no system voice"
        _reply(channel, error=f"{type(error).__name__}: {error}")
        return
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
                engine.save_to_file(request["text"], request["path"])
                engine.runAndWait()
            _reply(channel, ok=True)
        except Exception as error:  # noqa: BLE001 - report and keep serving
            _reply(channel, error=f"{type(error).__name__}: {error}")


if __name__ == "__main__":
    main()
