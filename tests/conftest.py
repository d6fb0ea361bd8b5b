"""Shared fixtures: boards and games built from crafted pieces."""

from __future__ import annotations

import os
import signal
import sys
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import settings

from snl_edu.engine import Board, Game, Jump, JumpKind, Rules, Seat
from tests.kept import users_own_folder


def _use_memory_filesystem_for_temporary_files() -> None:
    """Temporary folders (tmp_path, data folders, subprocesses' TMPDIR) live on a memory
    filesystem when the machine has one: most of the suite's wait was SQLite flushing every
    autosave to disk. A test that is about the disk itself (a full disk, say) makes its own
    file-backed filesystem and does not depend on this."""
    memory = "/dev/shm"
    if os.environ.get("SNL_TESTS_ON_DISK") or not (os.path.isdir(memory)
                                                   and os.access(memory, os.W_OK)):
        return
    os.environ["TMPDIR"] = memory
    tempfile.tempdir = memory


_use_memory_filesystem_for_temporary_files()


def _compile_each_module_once() -> None:
    """With PYTHONDONTWRITEBYTECODE set, every Python process the suite starts (a worker,
    a game in a pty, a table host: about 150) compiled the package and the tests again,
    a tenth of a second of CPU or more each. They write bytecode as Python does by
    default instead, in __pycache__ beside each source (git ignores it). A cache folder
    elsewhere (PYTHONPYCACHEPREFIX) would also hide the bytecode the standard library and
    the installed packages already carry: every worker compiled those again, seconds each."""
    if os.environ.get("PYTHONDONTWRITEBYTECODE") and not os.environ.get("PYTHONPYCACHEPREFIX"):
        del os.environ["PYTHONDONTWRITEBYTECODE"]
        sys.dont_write_bytecode = False


_compile_each_module_once()


def _ctrl_c_as_a_terminal_sends_it() -> None:
    """A suite started in the background of a non-interactive shell inherits an ignored
    SIGINT, and so would every game it starts: the Ctrl-C tests would test nothing. Handled
    here, the signal is back to its default in every program the tests run."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


_ctrl_c_as_a_terminal_sends_it()

# Speed is measured in benchmarks/, never asserted by a test: Hypothesis's 200 ms deadline
# failed a keyboard property at a load of 20 (one example took 320 ms, its replay 0.03 ms).
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")


# The README runs the suite on every core (pytest-xdist, -n auto). Tests that share a costly
# set-up go to one worker together, so it is made once: a group is handed out in a few runs
# of its tests (longest_first.work_units: whole, the biggest took longer than the rest of the
# run), the longest first, and every other test on its own.
SHARED_SETUP = {
    # Font metrics (a second to read Noto Sans Devanagari's), fontTools and pages drawn to
    # pixels, kept per process; the cut fonts themselves are on disk (see below).
    "tests/views/board_svg/": "printed pages",
    "tests/views/printing/": "printed pages",
    "tests/checkup/test_checkup_cli.py": "printed pages",  # a class chart, and one class
    "tests/inputs/voice/test_listener_korean.py": "Korean model",  # the vosk model, 2 s to load
    "tests/inputs/voice/test_muted_while_speaking.py": "Korean model",
    "tests/inputs/voice/test_cli_voice.py": "Korean model",
    "tests/inputs/voice/test_english.py": "English recogniser",  # pocketsphinx, loaded per module
    "tests/test_packaging.py": "wheel",  # one wheel, built per module
    # The loudness meter's filters import scipy.signal: 0.6 s of CPU in each process.
    "tests/outputs/aloud/test_loudness.py": "loudness meter",
    "tests/outputs/aloud/test_earcons.py": "loudness meter",  # each earcon is brought to a loudness
    "tests/outputs/aloud/test_system_voice.py": "loudness meter",  # and so is the system voice
    "tests/cli/test_stats.py": "plots",  # matplotlib, half a second to import
    # Whisper tiny.en, a second of CPU to load in each process (whisper_loads_once, below).
    "tests/inputs/voice/test_whisper.py": "Whisper model",
    "tests/inputs/voice/test_teaching.py": "Whisper model",
    "tests/test_benchmarks.py::test_each_benchmark_runs_at_a_tiny_size[bench_ear]":
        "Whisper model",
    "tests/test_benchmarks.py::test_each_benchmark_runs_at_a_tiny_size[bench_taught]":
        "Whisper model",
    "tests/store/test_hostile_input.py::"
    "test_voice_check_leaves_the_sound_system_closed_when_audio_is_off": "Whisper model",
}


def shared_setup(nodeid: str) -> str | None:
    """A folder, a file or one test (a node id) of SHARED_SETUP, by the start of its id."""
    return next((group for prefix, group in SHARED_SETUP.items() if nodeid.startswith(prefix)),
                None)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """-n auto: two and a half workers a core (PYTEST_XDIST_AUTO_NUM_WORKERS still decides
    when set). Much of the suite's time is waiting (real-time audio, programs starting in a
    pty, the network), which more workers fill with other work: on 2 cores, nearly idle,
    3 workers took 61.7 s, 4 took 55.7-57.1 s, 5 took 53.5-53.7 s and 6 took 54.0 s."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, (cores or 1) * 5 // 2)


# The controller's record of this run's test times (longest_first.py); None in a worker
# and in a run on one process.
_durations: Any = None


def pytest_sessionstart(session: pytest.Session) -> None:
    """In the controller of a parallel run, before its workers start (xdist's own start
    hook runs last): see warm_start.py, and longest_first.py for the tests' times."""
    global _durations
    if session.config.pluginmanager.has_plugin("dsession"):
        from longest_first import Durations
        from warm_start import make_bytecode_once

        _durations = Durations(session.config)
        make_bytecode_once(session.config)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if _durations is not None:
        _durations.add(report)


def pytest_sessionfinish(session: pytest.Session) -> None:
    if _durations is not None:
        _durations.keep()


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """The default distribution (-n without --dist), keeping SHARED_SETUP's groups whole
    and handing out the longest work first (longest_first.py). (xdist's own --dist
    loadgroup relies on renaming tests, which pytest 9.2 no longer allows: pytest-xdist
    issue 1386.)"""
    if config.getvalue("dist") != "load":
        return None
    from longest_first import longest_first
    from xdist.scheduler import LoadScopeScheduling

    scheduling = longest_first(LoadScopeScheduling, shared_setup,
                               _durations.last if _durations is not None else {})
    return scheduling(config, log)


def make_board(ladders: dict[int, int] | None = None, snakes: dict[int, int] | None = None,
               width: int = 10, height: int = 10) -> Board:
    jumps = [Jump(JumpKind.LADDER, a, b) for a, b in (ladders or {}).items()]
    jumps += [Jump(JumpKind.SNAKE, a, b) for a, b in (snakes or {}).items()]
    return Board.build("test", width, height, jumps)


def make_game(board: Board | None = None, rules: Rules | None = None, players: int = 1) -> Game:
    seats = [Seat(f"P{i}") for i in range(1, players + 1)]
    return Game(board or make_board(), rules or Rules(), seats)


@pytest.fixture
def empty_board() -> Board:
    return make_board()


@pytest.fixture(autouse=True, scope="session")
def the_suites_font_cache(request: pytest.FixtureRequest,
                          tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Printed pages keep their cut fonts on disk (font_cache.py): cut anew, a Nepali page
    costs a second. The suite keeps them between runs in pytest's cache folder, shared by
    its workers; with the cache provider off (as the suite is often run), in a folder of
    this user's alone in the temporary folder (tests/kept.py), kept between runs too (cut
    anew in every run, the printed pages' tests took half their CPU cutting). A cut is
    named by all it is made from, fonts.py's own source included, so no test reads a cut
    made by other code (test_font_cache.py checks that naming, in folders of its own).
    The user's own cache folder is never touched."""
    from snl_edu.views.printing.font_cache import CACHE_DIR_ENV

    kept = getattr(request.config, "cache", None)
    if kept is not None:
        folder = kept.mkdir("snl-cache")
    else:
        base = tmp_path_factory.getbasetemp()
        folder = users_own_folder("snl-cache") or \
            (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "snl-cache"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(CACHE_DIR_ENV, str(folder))
        yield


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path_factory: pytest.TempPathFactory,
                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test (and any subprocess it starts) saves games in its own temporary folder,
    never in the user's real data folder."""
    monkeypatch.setenv("SNL_DATA_DIR", str(tmp_path_factory.mktemp("snl-data")))


@pytest.fixture(autouse=True)
def silent_sound_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games in tests never open the sound card (SNL_AUDIO=off), so a developer machine
    with speakers does not talk through the suite; tests of the sound path unset it."""
    monkeypatch.setenv("SNL_AUDIO", "off")


_whisper_models: dict[str, Any] = {}
_whisper_verified: set[tuple[Any, ...]] = set()


@pytest.fixture(scope="module")
def whisper_loads_once() -> Iterator[None]:
    """As vosk_loads_each_model_once (tests/inputs/voice/conftest.py), for the Whisper
    model: the game's own loading runs (the pinned version is checked each time); only
    CTranslate2's model object is the one already loaded from that folder in this process,
    and every file's SHA-256 is checked once a process while the files stay as they were
    (the same path, inode, size and modification time: 3.7 s of CPU over the teaching
    tests' 22 loads). A changed file is hashed again; a refused folder is never kept.
    For a module, so that a module's shared set-up (teaching, say) loads as its tests do.
    Here, not beside the voice tests, because the ear benchmarks' tiny runs load the
    model too, in the same SHARED_SETUP group."""
    import ctranslate2

    from snl_edu.inputs.voice.recognisers import whisper

    real = ctranslate2.models.Whisper
    real_verify = whisper.verify

    def model(path: str, *args: Any, **kwargs: Any) -> Any:
        if path not in _whisper_models:
            _whisper_models[path] = real(path, *args, **kwargs)
        return _whisper_models[path]

    def verify(folder: Any) -> None:
        files = sorted(whisper.MODEL_FILES)
        stats = [(folder / name).stat() for name in files if (folder / name).exists()]
        seen = (str(folder), *((s.st_ino, s.st_size, s.st_mtime_ns) for s in stats))
        if len(stats) < len(files) or seen not in _whisper_verified:
            real_verify(folder)
            _whisper_verified.add(seen)

    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(ctranslate2.models, "Whisper", model)
        monkeypatch.setattr(whisper, "verify", verify)
        yield
