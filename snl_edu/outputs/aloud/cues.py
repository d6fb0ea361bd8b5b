"""The shipped earcons, read from the audio/ data folder (made by ``audio/earcons.py``)."""

from __future__ import annotations

from functools import cache

from snl_edu.sound.pcm import Pcm, read_wav


@cache
def load(name: str) -> Pcm:
    """A shipped earcon by its ``Message.earcon`` name."""
    from snl_edu.resources import data_folder

    with data_folder("audio").joinpath(f"{name}.wav").open("rb") as source:
        return read_wav(source)
