"""The wheel carries the data folders, and the package finds them."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from importlib.util import find_spec
from pathlib import Path

import pytest

from snl_edu.resources import DATA_FOLDERS, data_folder

ROOT = Path(__file__).resolve().parents[1]
BUILD_WITH_THE_HOOK = "import sys, hatchling.build as backend; backend.build_wheel(sys.argv[1])"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    # With the build backend the test extra installs, through its PEP 517 hook as pip calls
    # it: a fresh build environment would install hatchling again at every run, and pip
    # itself (starting, preparing the metadata in a process of its own) was four fifths of
    # what was left: the same wheel, byte for byte, in a fifth of the CPU. Installing the
    # package (pip install '.[test]') still builds it in its own environment; a venv set
    # up before hatchling joined the extra still builds in one, with pip.
    out = tmp_path_factory.mktemp("wheel")
    if find_spec("hatchling"):
        subprocess.run([sys.executable, "-c", BUILD_WITH_THE_HOOK, str(out)],
                       cwd=ROOT, check=True, capture_output=True)
    else:
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                        str(out), str(ROOT)], check=True, capture_output=True)
    (built,) = out.glob("snl_edu-*.whl")
    return zipfile.ZipFile(built)


def test_wheel_has_every_data_folder_with_its_files(wheel: zipfile.ZipFile) -> None:
    names = set(wheel.namelist())
    for folder in DATA_FOLDERS:
        source_files = {p.relative_to(ROOT / folder).as_posix()
                        for p in (ROOT / folder).rglob("*") if p.is_file()
                        and "__pycache__" not in p.parts}
        assert source_files, folder
        packed = {n.split(f"snl_edu/_data/{folder}/", 1)[1] for n in names
                  if n.startswith(f"snl_edu/_data/{folder}/")}
        assert source_files <= packed, (folder, source_files - packed)


def test_wheel_has_boards_entry_point_and_typing(wheel: zipfile.ZipFile) -> None:
    names = set(wheel.namelist())
    for board in ("classic", "moksha-patam", "saanp-bharyang"):
        assert f"snl_edu/boards/{board}.toml" in names
    assert "snl_edu/py.typed" in names
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    assert "snl = snl_edu.entry:run" in wheel.read(entry_points).decode()


def test_wheel_has_every_file_the_browser_pages_are_served_from(wheel: zipfile.ZipFile) -> None:
    from snl_edu.table.web import FILES

    names = set(wheel.namelist())
    assert {f"snl_edu/table/web/{name}" for name, _ in FILES.values()} <= names


def test_source_tree_finds_data_folders() -> None:
    for folder in DATA_FOLDERS:
        assert data_folder(folder).is_dir()
    assert data_folder("locales").joinpath("ne", "LC_MESSAGES", "snl_edu.po").is_file()


def test_unknown_data_folder_is_a_programming_error() -> None:
    with pytest.raises(ValueError):
        data_folder("secrets")
