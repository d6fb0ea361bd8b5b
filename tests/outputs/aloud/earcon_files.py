"""The earcons as the game ships them (the WAV files in audio/) and the script that makes
them (audio/earcons.py, a developer's tool outside the package, loaded here from its file)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from snl_edu.resources import data_folder

AUDIO = Path(str(data_folder("audio")))
MAKER = Path(__file__).resolve().parents[3] / "audio" / "earcons.py"
SHIPPED = tuple(sorted(path.stem for path in AUDIO.glob("*.wav")))


def load_maker() -> ModuleType:
    """audio/earcons.py as a module, once, so tests can call its recipes and patch them."""
    name = "audio.earcons"  # the dotted name of its path, as mutation testing names it
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, MAKER)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]
