"""What the machine says (a folder where a file is, a umask of 000) is told in the
user's language and never loosens the data folder's privacy."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from snl_edu.cli import main


def test_folders_made_for_the_store_are_private_whatever_the_umask(tmp_path: Path) -> None:
    data = tmp_path / "home" / ".local" / "share" / "snl_edu"
    previous = os.umask(0)
    try:
        result = CliRunner().invoke(main, ["games", "--data-dir", str(data)])
    finally:
        os.umask(previous)
    assert result.exit_code == 0, result.output
    for folder in (tmp_path / "home", tmp_path / "home" / ".local", data.parent, data):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder


@pytest.mark.parametrize(("lang", "told"), [
    ("en", "cannot be opened or written: a file is in the way where a folder should be."),
    ("ne", "फोल्डर हुनुपर्ने ठाउँमा फाइल छ"),
])
def test_a_data_folder_that_is_a_file_is_told_in_the_user_s_language(
        tmp_path: Path, lang: str, told: str) -> None:
    afile = tmp_path / "notes.txt"
    afile.write_text("mine")
    result = CliRunner().invoke(main, ["--lang", lang, "games", "--data-dir", str(afile)])
    assert result.exit_code == 1
    assert told in result.output and "File exists" not in result.output
    assert afile.read_text() == "mine"
