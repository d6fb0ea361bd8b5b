"""Printed pages as a reader meets them: rasterised with only the fonts they embed."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from functools import cache

import numpy as np
from fontTools.ttLib import TTFont

from snl_edu.boards import load_board
from snl_edu.language.localizer import Localizer
from snl_edu.views.board_svg import board_svg
from snl_edu.views.printing.fonts import embedded_font_data
from snl_edu.views.printing.raster import rasterise

SVG = "{http://www.w3.org/2000/svg}"
DPI = 96  # a millimetre is 3.78 pixels: enough to see every number, quick to draw
PX = DPI / 25.4


@cache
def board_page(name: str, language: str, large_print: bool) -> str:
    return board_svg(load_board(name), Localizer.create(language), large_print=large_print)


@cache
def pixels(svg: str) -> np.ndarray:
    return np.asarray(rasterise(svg, DPI)).astype(int)


def ink(image: np.ndarray, x0: float, y0: float, x1: float, y1: float,
        dark: int = 90) -> int:
    """Near-black pixels inside a box given in millimetres."""
    box = image[int(y0 * PX):int(y1 * PX), int(x0 * PX):int(x1 * PX)]
    return int(np.all(box < dark, axis=2).sum())


def drawn_texts(svg: str) -> list[ET.Element]:
    """The text elements a reader sees (not the halos under them)."""
    root = ET.fromstring(svg.encode("utf-8"))
    return [e for e in root.iter(f"{SVG}text") if e.get("class") != "halo"]


def uncovered_characters(svg: str) -> set[str]:
    """Characters of the drawn text that no embedded font has a glyph for (they would
    print as empty boxes)."""
    covered: set[int] = set()
    for data in embedded_font_data(svg):
        covered |= set(TTFont(io.BytesIO(data)).getBestCmap())
    text = "".join(e.text or "" for e in drawn_texts(svg))
    return {c for c in text if not c.isspace() and ord(c) not in covered}
