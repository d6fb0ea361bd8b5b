"""A page printed again takes its cut fonts from the disk cache, and a damaged cache is
never believed: its file is made again."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from snl_edu.views.printing import font_cache, fonts

# Latin: its cuts take a twentieth of a second, a Devanagari one half a second, and the
# cache does not look at what it keeps.
TEXTS = {400: ["Asha 12"], 700: ["Ram"]}


def _forget_the_cuts_in_memory() -> None:
    fonts._subset.cache_clear()
    fonts._devanagari_cut.cache_clear()


@pytest.fixture(autouse=True)
def cut_in_memory_by_no_other_test() -> Iterator[None]:
    _forget_the_cuts_in_memory()
    yield
    _forget_the_cuts_in_memory()


def _printed() -> list[fonts.EmbeddedFont]:
    """The fonts a page with TEXTS carries, printed as by a new process."""
    _forget_the_cuts_in_memory()
    return fonts.fonts_for(TEXTS)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(font_cache.CACHE_DIR_ENV, str(tmp_path / "cache"))
    return tmp_path / "cache" / "fonts"


def _no_cutting(monkeypatch: pytest.MonkeyPatch) -> list[tuple[object, ...]]:
    made: list[tuple[object, ...]] = []
    real = fonts._make_subset

    def counted(*key: object) -> bytes:
        made.append(key)
        return real(*key)  # type: ignore[arg-type]

    monkeypatch.setattr(fonts, "_make_subset", counted)
    return made


def test_a_page_printed_again_cuts_no_font(cache: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    first = _printed()
    assert len(list(cache.glob("*.ttf"))) == len(first) == 2  # one for each weight
    made = _no_cutting(monkeypatch)
    assert _printed() == first and made == []
    # Other characters are another cut; the other weight's is still the kept one.
    monkeypatch.setitem(TEXTS, 700, ["Ramesh"])
    _printed()
    assert made == [(fonts.LATIN_FAMILY, 700, "Raehms ")]


@pytest.mark.parametrize("damage", ["truncated", "one byte changed", "empty"])
def test_a_damaged_cut_is_made_again_and_the_file_repaired(
        cache: Path, monkeypatch: pytest.MonkeyPatch, damage: str) -> None:
    first = _printed()
    for kept in cache.glob("*.ttf"):
        data = kept.read_bytes()
        kept.write_bytes({"truncated": data[: len(data) // 2],
                          "one byte changed": data[:100] + bytes([data[100] ^ 1]) + data[101:],
                          "empty": b""}[damage])
    made = _no_cutting(monkeypatch)
    assert _printed() == first and len(made) == 2
    made.clear()
    assert _printed() == first and made == []  # each file was written whole again


def test_a_cache_folder_that_cannot_be_made_only_means_cutting_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    monkeypatch.setenv(font_cache.CACHE_DIR_ENV, str(blocked))
    made = _no_cutting(monkeypatch)
    assert len(_printed()) == 2 and len(made) == 2
    assert blocked.read_text() == "not a folder"


@pytest.mark.parametrize("changed", ["the code that cuts", "fontTools"])
def test_a_cut_made_by_other_code_is_never_read(cache: Path, monkeypatch: pytest.MonkeyPatch,
                                               changed: str) -> None:
    _printed()
    if changed == "fontTools":
        import fontTools

        monkeypatch.setattr(fontTools, "version", fontTools.version + ".1")
    else:
        monkeypatch.setattr(fonts, "_recipe_hash", lambda: "fonts.py, edited")
    made = _no_cutting(monkeypatch)
    _printed()
    assert len(made) == 2
