"""The pages' Devanagari font, shipped cut (snl_edu.table.page_font): it draws every
character of the script the whole font draws, at the two weights the pages use."""

from __future__ import annotations

import io
from importlib import resources

import pytest

from snl_edu.table import page_font


@pytest.mark.parametrize("weight", page_font.WEIGHTS)
def test_the_shipped_cut_draws_what_the_whole_font_draws_in_the_pages_ranges(
        weight: int) -> None:
    from fontTools.ttLib import TTFont

    from snl_edu.views.printing.fonts import devanagari_font

    wanted = set(page_font.characters())
    whole = TTFont(io.BytesIO(devanagari_font()), lazy=True).getBestCmap().keys() & wanted
    shipped = resources.files("snl_edu.table").joinpath(
        "web", page_font.file_name(weight)).read_bytes()
    cut = TTFont(io.BytesIO(shipped))
    assert cut.flavor == "woff"
    assert set(cut.getBestCmap()) == whole  # nothing the pages' text may need is missing
    assert cut["OS/2"].usWeightClass == weight and "fvar" not in cut
    assert "GSUB" in cut and "GPOS" in cut  # shaped: conjuncts and vowel signs
    assert len(shipped) < 80_000  # the whole variable font was 642 kB
