"""A page printed again takes its cut fonts from the disk cache, and a damaged cache is
never believed: its file is made again."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from snl_edu.views.printing import font_cache, fonts

TEXTS = {400: ["साँप ७", "Asha 12"], 700: ["सीढी", "Ram"]}


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
    assert len(list(cache.glob("*.ttf"))) == len(first) == 4  # two families, two weights
    made = _no_cutting(monkeypatch)
    assert _printed() == first and made == []
    # Another Devanagari character is another cut of that font (both weights: one cut
    # serves the page's Devanagari at each), and the Latin cuts are still the kept ones.
    monkeypatch.setitem(TEXTS, 700, ["सीढी ८", "Ram"])
    _printed()
    assert sorted(key[:2] for key in made) == [(fonts.DEVANAGARI_FAMILY, 400),
                                               (fonts.DEVANAGARI_FAMILY, 700)]


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
    assert _printed() == first and len(made) == 4
    made.clear()
    assert _printed() == first and made == []  # each file was written whole again


def test_a_cache_folder_that_cannot_be_made_only_means_cutting_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    monkeypatch.setenv(font_cache.CACHE_DIR_ENV, str(blocked))
    made = _no_cutting(monkeypatch)
    assert len(_printed()) == 4 and len(made) == 4
    assert blocked.read_text() == "not a folder"
