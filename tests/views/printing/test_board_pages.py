"""Every shipped board, both languages, regular and large print, as it prints."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from snl_edu.boards import load_board, shipped_names
from snl_edu.cli import main
from snl_edu.engine import Board, Jump, JumpKind
from snl_edu.language.localizer import Localizer
from snl_edu.views.printing.fonts import text_width
from snl_edu.views.printing.page import MARGIN, PAGE_HEIGHT, PAGE_WIDTH
from tests.views.printing.pages import board_page, drawn_texts, ink, pixels, uncovered_characters

PAGES = list(itertools.product(shipped_names(), ["en", "ne"], [False, True]))


def _squares(svg: str) -> list[tuple[float, float, float]]:
    import xml.etree.ElementTree as ET

    root = ET.fromstring(svg.encode("utf-8"))
    group = next(g for g in root.iter("{http://www.w3.org/2000/svg}g")
                 if g.get("class") == "squares")
    return [(float(r.get("x", 0)), float(r.get("y", 0)), float(r.get("width", 0)))
            for r in group]


@pytest.mark.parametrize(("name", "language", "large_print"), PAGES)
def test_every_square_number_is_visible(name: str, language: str, large_print: bool) -> None:
    svg = board_page(name, language, large_print)
    image = pixels(svg)
    squares = _squares(svg)
    assert len(squares) == load_board(name).last
    # Numbers are the only black on a board (the grid line is left out: 1 mm inset),
    # so black pixels in a square are its number, drawn above ladders and snakes.
    for square, (x, y, side) in enumerate(squares, start=1):
        inset = 1.0
        found = ink(image, x + inset, y + inset, x + side - inset, y + side - inset)
        assert found >= 12, f"square {square} shows no number ({found} dark pixels)"
    assert "paint-order" not in svg  # the halo is its own element, for every renderer


@pytest.mark.parametrize(("name", "language", "large_print"), PAGES)
def test_legend_stays_on_the_page_without_overlaps(name: str, language: str,
                                                   large_print: bool) -> None:
    svg = board_page(name, language, large_print)
    boxes = []
    for element in drawn_texts(svg):
        if element.get("class") != "legend-line":
            continue
        x, y = float(element.get("x", 0)), float(element.get("y", 0))
        size = float(element.get("font-size", 0))
        width = text_width(element.text or "", size)
        boxes.append((x, y - size * 0.95, x + width, y + size * 0.3))
    assert len(boxes) >= len(load_board(name).jumps)
    grid_bottom = max(y + side for _, y, side in _squares(svg))
    for left, top, right, bottom in boxes:
        assert left >= MARGIN and right <= PAGE_WIDTH - MARGIN
        assert grid_bottom < top and bottom <= PAGE_HEIGHT - MARGIN
    for a, b in itertools.combinations(boxes, 2):
        apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
        assert apart, f"legend lines overlap: {a} {b}"
    # And in pixels: nothing is drawn in the outer margin.
    image = pixels(svg)
    strip = MARGIN * 0.6
    for box in ((0, 0, PAGE_WIDTH, strip), (0, PAGE_HEIGHT - strip, PAGE_WIDTH, PAGE_HEIGHT),
                (0, 0, strip, PAGE_HEIGHT), (PAGE_WIDTH - strip, 0, PAGE_WIDTH, PAGE_HEIGHT)):
        assert ink(image, *box, dark=250) == 0, f"something is drawn in the margin {box}"


@pytest.mark.parametrize(("name", "language", "large_print"), PAGES)
def test_every_character_has_a_glyph_in_the_embedded_fonts(name: str, language: str,
                                                           large_print: bool) -> None:
    svg = board_page(name, language, large_print)
    assert uncovered_characters(svg) == set()
    embeds = {family for family in ("Noto Sans Devanagari", "Atkinson Hyperlegible")
              if f"@font-face{{font-family:'{family}'" in svg}
    # A Nepali page with Devanagari digits has no Latin letter at all.
    assert embeds == ({"Noto Sans Devanagari"} if language == "ne" else {"Atkinson Hyperlegible"})


def test_devanagari_title_prints_as_its_glyphs_not_as_boxes() -> None:
    """The title drawn with the embedded fonts matches the same title drawn with the
    whole Noto Sans Devanagari, and differs from a row of missing-glyph boxes."""
    from snl_edu.views.printing.page import Page

    title = load_board("saanp-bharyang").title("ne")

    def drawn(text: str) -> np.ndarray:
        page = Page("t", "t", "ne")
        page.text(20, 40, text, 12, bold=True)
        return pixels(page.svg())[:int(50 * 3.78), :]

    real = drawn(title)
    boxes = drawn("\u0980" * len(title))  # Bengali block: no glyph in either font
    assert np.all(real < 90, axis=2).sum() > 200
    assert np.abs(real - boxes).sum() > 0.3 * np.abs(real - 255).sum()


def test_a_crowded_board_still_fits_the_page() -> None:
    long_name = {"ne": "धेरै लामो नाम भएको भर्याङ जसले हरफ भाँच्नुपर्छ"}
    jumps = [Jump(JumpKind.LADDER, start, start + 40, long_name) for start in range(2, 31, 2)]
    jumps += [Jump(JumpKind.SNAKE, start, start - 40, long_name) for start in range(71, 100, 2)]
    board = Board.build("crowded", 10, 10, jumps, titles={"en": "Crowded"})
    from snl_edu.views.board_svg import board_svg

    svg = board_svg(board, Localizer.create("ne"), large_print=True)
    image = pixels(svg)
    assert ink(image, 0, PAGE_HEIGHT - MARGIN * 0.6, PAGE_WIDTH, PAGE_HEIGHT, dark=250) == 0
    legend = [e for e in drawn_texts(svg) if e.get("class") == "legend-line"]
    assert max(float(e.get("y", 0)) for e in legend) < PAGE_HEIGHT - MARGIN


def test_render_pdf_is_an_a4_page(tmp_path: Path) -> None:
    target = tmp_path / "board.pdf"
    result = CliRunner().invoke(main, ["board", "render", "classic", "--out", str(target),
                                       "--lang", "ne", "--large-print"])
    assert result.exit_code == 0, result.output
    data = target.read_bytes()
    assert data.startswith(b"%PDF-") and b"/MediaBox [0 0 595.276 841.890]" in data
    assert data.rstrip().endswith(b"%%EOF")


def test_pdf_without_the_renderer_says_how_to_get_it(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(__import__("sys").modules, "resvg_py", None)  # as if not installed
    target = tmp_path / "board.pdf"
    result = CliRunner().invoke(main, ["board", "render", "classic", "--out", str(target)])
    assert result.exit_code == 1 and "pip install 'snl_edu[pdf]'" in result.output
    assert not target.exists() and "Traceback" not in result.output


def test_a_page_prints_the_same_bytes_whenever_it_is_printed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The fonts are cut for each page; a font saved with the time of its cutting made every
    # print of the same board a different file.
    from fontTools.ttLib.tables import _h_e_a_d

    from snl_edu.views.printing import fonts

    def printed_at(seconds: int) -> bytes:
        monkeypatch.setattr(_h_e_a_d, "timestampNow", lambda: seconds)
        # Not through the caches of cut fonts, which keep the first print's bytes.
        return (fonts._make_subset(fonts.LATIN_FAMILY, 400, "Asha 12")
                + fonts._make_subset(fonts.DEVANAGARI_FAMILY, 700, "साँप ७"))

    assert printed_at(3_000_000_000) == printed_at(3_000_086_400)
