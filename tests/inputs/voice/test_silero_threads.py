"""The Silero model in the game's own process: one thread, and nothing left behind."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

PROBE = """
import json, os, random
from snl_edu.inputs.voice.audio.vad import load_vad
model = load_vad()
rng = random.Random(1)
for _ in range(20):
    model.process_samples([rng.uniform(-0.3, 0.3) for _ in range(512)])
print(json.dumps({"threads": len(os.listdir("/proc/self/task")),
                  "limit": os.environ.get("OMP_THREAD_LIMIT")}))
"""


def probe(environ: dict[str, str]) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                          env=environ, check=True, timeout=60)
    return json.loads(done.stdout)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="threads read from /proc")
def test_the_model_runs_on_one_thread_and_leaves_the_environment_as_it_was() -> None:
    environ = {k: v for k, v in os.environ.items() if k != "OMP_THREAD_LIMIT"}
    # Four OpenMP threads woken for every 32 ms window cost ten times the sums themselves.
    assert probe(environ) == {"threads": 1, "limit": None}
    # A limit the user chose is theirs.
    assert probe({**environ, "OMP_THREAD_LIMIT": "3"}) == {"threads": 3, "limit": "3"}
