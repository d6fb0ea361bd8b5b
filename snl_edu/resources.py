"""Find the data folders (locales/, lessons/, audio/) wherever the package runs from.

In a wheel they are force-included inside the package under ``_data/`` (apart
from code packages of the same name, such as ``snl_edu.lessons``); in a source
tree or an editable install they sit beside the package at the top of the
repository.
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

DATA_FOLDERS = ("locales", "lessons", "audio")


def data_folder(name: str) -> Traversable:
    if name not in DATA_FOLDERS:
        raise ValueError(f"unknown data folder {name!r}")
    inside = resources.files("snl_edu").joinpath("_data", name)
    if inside.is_dir():
        return inside
    beside = Path(__file__).resolve().parent.parent / name
    if beside.is_dir():
        return beside
    raise FileNotFoundError(f"snl_edu data folder {name!r} is missing from this installation")

