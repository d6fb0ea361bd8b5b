"""Sound and speech from the wheels alone: no PortAudio, no system eSpeak NG, ever loaded.

A fresh interpreter plays, listens and speaks through every audio path of the game
(the built-in voice, the system voice's worker process, playback and capture on
miniaudio's null backend), then every shared library mapped into both processes
is checked: nothing named portaudio, and eSpeak NG only from the espeakng-loader
wheel. On a machine that has the system packages this still fails if the game
would use them; on a bare machine (CI) the paths would fail outright.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform != "linux",
                                reason="reads the process's libraries from /proc")

SCRIPT = r"""
import json, os, sys, threading
from snl_edu.cli import main  # the package's import path, as `snl` runs it
from snl_edu.outputs.aloud.espeak import EspeakSynthesiser, Voice
from snl_edu.outputs.aloud.player import Player
from snl_edu.sound.device import DeviceSink
from snl_edu.outputs.aloud.system_voice import SystemSynthesiser
from snl_edu.inputs.voice.audio.microphone import MicrophoneSource

built_in = EspeakSynthesiser(Voice("en")).synthesise("Roll.")  # short: played in real time
system = SystemSynthesiser(Voice("en"))
spoken = system.synthesise("Roll.")
player = Player(DeviceSink(backend="null"), threading.Event())
played = player.play(built_in) and player.play(spoken)
microphone = MicrophoneSource(backend="null")
block = microphone.read()

def libraries(pid):
    with open(f"/proc/{pid}/maps") as maps:
        return sorted({line.split()[-1] for line in maps if ".so" in line})

print(json.dumps({"played": played, "heard": len(block), "rms": spoken.rms(),
                  "game": libraries(os.getpid()), "worker": libraries(system._worker.pid),
                  "modules": sorted(sys.modules)}))
microphone.close()
player.close()
system.close()
"""


def test_audio_needs_neither_portaudio_nor_a_system_espeak_ng() -> None:
    import espeakng_loader

    wheel = Path(espeakng_loader.get_library_path()).resolve().parent
    result = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                            timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["played"] is True
    assert report["heard"] == 2 * 800  # one 0.05 s block at 16 kHz
    assert report["rms"] > 500  # the system voice really spoke
    assert "sounddevice" not in report["modules"]
    for process in ("game", "worker"):
        libraries = [Path(path) for path in report[process]]
        assert not [p for p in libraries if "portaudio" in p.name.lower()], process
        espeak = [p for p in libraries if p.name.startswith("libespeak")]
        assert espeak, f"{process}: eSpeak NG was not loaded at all"
        assert all(p.resolve().parent == wheel for p in espeak), (process, espeak)
