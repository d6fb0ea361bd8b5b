"""Bytecode made once, before the workers start, instead of once in every worker.

On a fresh checkout (as in CI) nothing is compiled yet, and each of the -n auto workers
rewrote the asserts of every test module (pytest's rewriting walks each assert's syntax
tree: 1.6 s of CPU for this suite) and compiled the package, all at the same time: eight
seconds of CPU for one result. The controller makes them once, split over two processes,
and the workers read them. Rewritten test modules are cached by pytest with their source's
hash, so what is written here is what a worker would have written.

Writing pytest's cache needs its internal functions: if a pytest release moves them, this
does nothing and each worker rewrites its modules again, as pytest does on its own.
"""

from __future__ import annotations

import compileall
import fnmatch
import os
from pathlib import Path

import pytest


def make_bytecode_once(config: pytest.Config) -> None:
    modules = _test_modules(config)
    child = os.fork() if hasattr(os, "fork") else None
    if child == 0:
        try:
            _rewrite(config, modules[1::2])
        finally:
            os._exit(0)
    _rewrite(config, modules[0::2] if child else modules)
    compileall.compile_dir(config.rootpath / "snl_edu", quiet=2)
    if child:
        os.waitpid(child, 0)


def _test_modules(config: pytest.Config) -> list[Path]:
    """The modules pytest will rewrite for this run's paths (test files and conftests),
    biggest first, so that taking every other one halves the work."""
    patterns = [*config.getini("python_files"), "conftest.py"]
    found: set[Path] = set()
    for arg in config.args:
        given = config.invocation_params.dir / arg.split("::")[0]
        found.update(path for path in (given.rglob("*.py") if given.is_dir() else [given])
                     if path.is_file()  # a mistyped path is pytest's to report
                     and any(fnmatch.fnmatch(path.name, pattern) for pattern in patterns))
    return sorted(found, key=lambda path: path.stat().st_size, reverse=True)


def _rewrite(config: pytest.Config, modules: list[Path]) -> None:
    try:
        from _pytest.assertion import rewrite
        state = config.stash[rewrite.assertstate_key]
        for module in modules:
            cache = rewrite.get_cache_dir(module)
            pyc = cache / (module.name[:-3] + rewrite.PYC_TAIL)
            if rewrite._read_pyc(module, pyc, state.trace) is None and \
                    rewrite.try_makedirs(cache):
                source_hash, code = rewrite._rewrite_test(module, config)
                rewrite._write_pyc(state, code, source_hash, pyc)
    except (ImportError, AttributeError, KeyError, TypeError, ValueError):
        return
