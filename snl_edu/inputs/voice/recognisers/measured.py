"""What each bundled recogniser was measured to hear, phrase by phrase, on the game's own
benchmark: ``benchmarks/bench_ear.py --measured`` writes measured.json beside this file
(each phrase's clips heard right, clean and in babble at 10 dB). `snl voice check` tells
those figures, and the game does not offer saying a phrase that was heard right in fewer
than OFFERED_FROM of its clean clips (it still hears it: a child may say it anyway).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from pathlib import Path

from snl_edu.inputs.voice.recognisers.recognition import Backend

MEASURED_FILE = Path(__file__).with_name("measured.json")
OFFERED_FROM = 0.5  # of a phrase's clean clips heard right, for it to be offered
CLEAN, BABBLE = "clean", "babble"


@dataclass(frozen=True)
class Figure:
    right: int
    clips: int

    def __add__(self, other: Figure) -> Figure:
        return Figure(self.right + other.right, self.clips + other.clips)


Figures = Mapping[str, Mapping[str, Figure]]  # phrase -> CLEAN or BABBLE -> its figure


@functools.cache
def _measured() -> dict[str, object]:
    try:
        data = json.loads(MEASURED_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}  # not measured: every phrase is offered, and check says so
    return data if isinstance(data, dict) else {}


def measured_as(backend: Backend) -> str | None:
    """The benchmark's name for ``backend`` when it is the bundled model it measured."""
    if backend.name == "pocketsphinx":
        return "pocketsphinx"
    if backend.name == "whisper":
        from snl_edu.inputs.voice.recognisers.multilingual import NAME
        from snl_edu.inputs.voice.recognisers.whisper import bundled_model

        if backend.where == NAME:
            return NAME
        try:
            return "whisper" if backend.where == str(bundled_model()) else None
        except Exception:  # noqa: BLE001 (another version installed: not the one measured)
            return None
    return None


def figures(language: str, backend: Backend) -> dict[str, dict[str, Figure]]:
    """Each measured phrase's figures for ``backend`` in ``language`` (none: not measured)."""
    name = measured_as(backend)
    by_backend = _measured().get(language)
    if name is None or not isinstance(by_backend, dict):
        return {}
    phrases = by_backend.get(name)
    if not isinstance(phrases, dict):
        return {}
    return {phrase: {room: Figure(int(pair[0]), int(pair[1]))
                     for room, pair in rooms.items() if isinstance(pair, list) and len(pair) == 2}
            for phrase, rooms in phrases.items() if isinstance(rooms, dict)}


def poorly_heard(measured: Figures, phrases: Collection[str]) -> frozenset[str]:
    """Those of ``phrases`` heard right in fewer than OFFERED_FROM of their clean clips."""
    return frozenset(phrase for phrase in phrases
                     if (figure := measured.get(phrase, {}).get(CLEAN)) is not None
                     and figure.clips and figure.right < OFFERED_FROM * figure.clips)


def total(measured: Figures, phrases: Collection[str], room: str) -> Figure | None:
    """The figures of ``phrases`` together in ``room``; None when none was measured."""
    found = [rooms[room] for phrase in phrases if room in (rooms := measured.get(phrase, {}))]
    return functools.reduce(Figure.__add__, found) if found else None
