"""Downloads with bounded work: an overall deadline, a limit on what an archive unpacks to,
the published checksum, and hostile member names (real HTTP server on 127.0.0.1)."""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from pathlib import Path

import pytest

from snl_edu.inputs.voice.problems import VoiceError, VoiceProblem
from snl_edu.inputs.voice.recognisers.download import install_model, published_md5
from tests.inputs.voice.test_download import NAME, Server, leftovers, model_zip, server  # noqa: F401


def bomb() -> bytes:
    """A little zip that unpacks to 50 MB of zeros (the attack used 4.5 KB for 2 GiB)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr(f"{NAME}/am/final.mdl", b"")
        with archive.open(f"{NAME}/graph/big", "w", force_zip64=True) as member:
            block = bytes(1024 ** 2)
            for _ in range(50):
                member.write(block)
    return buffer.getvalue()


def test_an_archive_that_unpacks_far_beyond_its_size_is_refused(server: Server,  # noqa: F811
                                                                tmp_path: Path) -> None:
    body = bomb()
    assert len(body) < 300_000
    server.bodies["/m.zip"] = (body, "ok")
    with pytest.raises(VoiceError) as caught:
        install_model(f"{server.url}/m.zip", tmp_path, NAME)
    assert caught.value.problem is VoiceProblem.ARCHIVE
    assert "would unpack to 52428800 bytes" in caught.value.detail
    assert leftovers(tmp_path) == []


def test_a_member_named_dot_slash_is_one_clear_error(server: Server,  # noqa: F811
                                                     tmp_path: Path) -> None:
    buffer = io.BytesIO(model_zip())
    with zipfile.ZipFile(buffer, "a") as archive:
        archive.writestr("./", b"")
    server.bodies["/m.zip"] = (buffer.getvalue(), "ok")
    with pytest.raises(VoiceError) as caught:
        install_model(f"{server.url}/m.zip", tmp_path, NAME)
    assert "unsafe path './'" in caught.value.detail


def test_the_published_checksum_must_match(server: Server, tmp_path: Path) -> None:  # noqa: F811
    body = model_zip()
    good = hashlib.md5(body, usedforsecurity=False).hexdigest()
    server.bodies["/list.json"] = (json.dumps([{"name": NAME, "md5": good}, {"name": "x"}])
                                   .encode(), "ok")
    assert published_md5(NAME, f"{server.url}/list.json") == good
    assert published_md5("other", f"{server.url}/list.json") is None
    assert published_md5(NAME, f"{server.url}/missing.json") is None
    server.bodies["/m.zip"] = (body, "ok")
    with pytest.raises(VoiceError) as caught:
        install_model(f"{server.url}/m.zip", tmp_path, NAME, md5="0" * 32)
    assert "not the published" in caught.value.detail
    assert leftovers(tmp_path) == []
    assert install_model(f"{server.url}/m.zip", tmp_path, NAME, md5=good) == tmp_path / NAME


def test_a_download_has_an_overall_deadline(server: Server, tmp_path: Path) -> None:  # noqa: F811
    server.bodies["/m.zip"] = (model_zip(), "ok")
    with pytest.raises(VoiceError) as caught:  # a deadline already passed when data arrives
        install_model(f"{server.url}/m.zip", tmp_path, NAME, deadline=1e-9)
    assert caught.value.problem is VoiceProblem.DOWNLOAD
    assert "took longer than" in caught.value.detail
    assert leftovers(tmp_path) == []
