"""Model download against a real HTTP server on 127.0.0.1: success, truncation, timeout."""

from __future__ import annotations

import http.server
import io
import random
import threading
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from snl_edu.cli import main
from snl_edu.inputs.voice.messages import describe_voice_error
from snl_edu.inputs.voice.problems import VoiceError, VoiceProblem
from snl_edu.inputs.voice.recognisers.download import install_model
from snl_edu.inputs.voice.recognisers.models import find_model
from snl_edu.language.localizer import Localizer

NAME = "vosk-model-small-en-us-0.15"
ESCAPES = "\x1b]0;owned\x07\x1b[2J"


def model_zip(top: str = NAME, files: dict[str, bytes] | None = None) -> bytes:
    files = files or {"am/final.mdl": random.Random(0).randbytes(4000), "conf/model.conf": b"--beam=10\n",
                      "graph/words.txt": b"roll 1\n"}
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(f"{top}/{name}", data)
    return buffer.getvalue()


class Server:
    """Serves one body per path; 'lie' claims a longer length, 'stall' sends nothing."""

    def __init__(self) -> None:
        self.bodies: dict[str, tuple[bytes, str]] = {}
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                body, mode = server.bodies.get(self.path, (b"", "missing"))
                if mode == "missing":
                    self.send_error(404)
                    return
                if mode == "stall":
                    time.sleep(3)
                    return
                if mode == "escapes":  # a hostile server's reason phrase
                    self.send_response(503, ESCAPES)
                    self.end_headers()
                    return
                self.send_response(200)
                claimed = len(body) * 2 if mode == "lie" else len(body)
                self.send_header("Content-Length", str(claimed))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        # shutdown() waits for the loop's next poll: the default 0.5 s would end each test.
        threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.02},
                         daemon=True).start()


@pytest.fixture
def server() -> Iterator[Server]:
    running = Server()
    yield running
    running.httpd.shutdown()
    running.httpd.server_close()


def leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir()) if directory.exists() else []


def test_a_good_archive_is_installed_whole(server: Server, tmp_path: Path) -> None:
    server.bodies["/m.zip"] = (model_zip(), "ok")
    seen: list[tuple[int, int | None]] = []
    target = install_model(f"{server.url}/m.zip", tmp_path, NAME,
                           progress=lambda got, total: seen.append((got, total)))
    assert target == tmp_path / NAME and (target / "am" / "final.mdl").is_file()
    assert leftovers(tmp_path) == [NAME]  # no temporaries left behind
    assert seen[-1][0] == seen[-1][1]
    assert find_model("en-us", {"VOSK_MODEL_PATH": str(tmp_path)}) == target


@pytest.mark.parametrize(("body", "mode", "problem", "fragment"), [
    (model_zip(), "lie", VoiceProblem.ARCHIVE, "truncated"),
    (model_zip()[: len(model_zip()) // 2], "ok", VoiceProblem.ARCHIVE, "not a zip"),
    (b"<html>" + b"x" * 5000, "ok", VoiceProblem.ARCHIVE, "not a zip"),
    (b"tiny", "ok", VoiceProblem.ARCHIVE, "4 bytes"),
    (model_zip(files={"README": random.Random(1).randbytes(3000)}), "ok", VoiceProblem.ARCHIVE, "not a vosk model"),
    (model_zip(top="../evil"), "ok", VoiceProblem.ARCHIVE, "unsafe"),
    (b"", "missing", VoiceProblem.DOWNLOAD, "404"),
])
def test_a_bad_download_installs_nothing(server: Server, tmp_path: Path, body: bytes, mode: str,
                                         problem: VoiceProblem, fragment: str) -> None:
    server.bodies["/m.zip"] = (body, mode)
    with pytest.raises(VoiceError) as caught:
        install_model(f"{server.url}/m.zip", tmp_path, NAME)
    assert caught.value.problem is problem
    assert fragment in caught.value.detail
    assert leftovers(tmp_path) == []


def test_a_silent_server_times_out_and_installs_nothing(server: Server, tmp_path: Path) -> None:
    server.bodies["/m.zip"] = (b"", "stall")
    started = time.monotonic()
    with pytest.raises(VoiceError) as caught:
        install_model(f"{server.url}/m.zip", tmp_path, NAME, timeout=0.5)
    assert time.monotonic() - started < 2.5
    assert caught.value.problem is VoiceProblem.DOWNLOAD and "0.5 seconds" in caught.value.detail
    assert leftovers(tmp_path) == []


def test_the_command_downloads_into_vosk_model_path(server: Server, tmp_path: Path) -> None:
    server.bodies["/m.zip"] = (model_zip(), "ok")
    result = CliRunner().invoke(main, ["voice", "download", "en", "--url", f"{server.url}/m.zip"],
                                env={"VOSK_MODEL_PATH": str(tmp_path), "SNL_LANG": "en"})
    assert result.exit_code == 0, result.output
    assert (tmp_path / NAME / "am" / "final.mdl").is_file()
    assert str(tmp_path / NAME) in result.output


def test_the_command_reports_a_truncated_download_in_one_line(server: Server,
                                                              tmp_path: Path) -> None:
    server.bodies["/m.zip"] = (model_zip(), "lie")
    result = CliRunner().invoke(main, ["voice", "download", "hi", "--url", f"{server.url}/m.zip"],
                                env={"VOSK_MODEL_PATH": str(tmp_path), "SNL_LANG": "en"})
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert "damaged" in result.output and "Nothing was installed" in result.output
    assert leftovers(tmp_path) == []


def test_a_hostile_reason_phrase_reaches_the_terminal_only_as_visible_text(
        server: Server, tmp_path: Path) -> None:
    server.bodies["/m.zip"] = (b"", "escapes")
    result = CliRunner().invoke(main, ["voice", "download", "hi", "--url", f"{server.url}/m.zip"],
                                env={"VOSK_MODEL_PATH": str(tmp_path), "SNL_LANG": "en"})
    assert result.exit_code == 1 and "Nothing was installed" in result.output
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "␛]0;owned␇" in result.output


def test_a_hostile_top_folder_name_is_told_only_as_visible_text(server: Server,
                                                                 tmp_path: Path) -> None:
    server.bodies["/m.zip"] = (model_zip(f"m{ESCAPES}", {"README": random.Random(1).randbytes(4000)}), "ok")
    with pytest.raises(VoiceError) as caught:
        install_model(f"{server.url}/m.zip", tmp_path, NAME)
    told = describe_voice_error(caught.value, Localizer.create("en"))
    assert "\x1b" not in told and "\x07" not in told and "m␛]0;owned␇" in told


@pytest.mark.parametrize("language,said", [
    ("en", ("There is no Nepali speech model: Nepali is heard with the small Hindi model "
           "(vosk-model-small-hi-0.22). snl voice check --lang ne lists the Nepali phrases")),
    ("ne", ("नेपाली बोली मोडेल छैन: नेपाली सानो हिन्दी मोडेल (vosk-model-small-hi-0.22) ले "
           "सुनिन्छ।"))])
def test_a_language_heard_with_another_languages_model_is_told_so(
        server: Server, tmp_path: Path, language: str, said: str) -> None:
    server.bodies["/m.zip"] = (model_zip(), "ok")
    result = CliRunner().invoke(main, ["voice", "download", "ne", "--url", f"{server.url}/m.zip"],
                                env={"VOSK_MODEL_PATH": str(tmp_path), "SNL_LANG": language})
    assert result.exit_code == 0, result.output
    assert said in " ".join(result.stderr.split())
