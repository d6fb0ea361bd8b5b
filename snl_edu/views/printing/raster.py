"""An SVG page as pixels, through resvg (the optional ``pdf`` extra), with the
page's own embedded fonts and no system font at all.

Not cairosvg: it needs the system's libcairo, which a Windows or macOS laptop (or
a bare Linux) lacks and pip cannot install, and it ignores ``paint-order`` and
``@font-face``. resvg ships as a self-contained wheel (Linux x86-64 and ARM,
Windows, macOS) and shapes Devanagari correctly.
"""

from __future__ import annotations

import io
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from snl_edu.views.printing.fonts import embedded_font_data

if TYPE_CHECKING:
    from PIL.Image import Image


class RendererUnavailable(Exception):
    """resvg-py or Pillow is not installed (pip install 'snl_edu[pdf]')."""


def rasterise(svg: str, dpi: float) -> Image:
    """The page as an RGB image on white, ``dpi`` pixels to the inch."""
    try:
        import resvg_py
        from PIL import Image as PILImage
    except ImportError as error:
        raise RendererUnavailable(str(error)) from error
    with tempfile.TemporaryDirectory(prefix="snl-fonts-") as folder:
        paths = []
        for number, data in enumerate(embedded_font_data(svg)):
            path = Path(folder) / f"font{number}.ttf"
            path.write_bytes(data)
            paths.append(str(path))
        png = resvg_py.svg_to_bytes(svg_string=svg, skip_system_fonts=True, font_files=paths,
                                    dpi=dpi, background="white")
    return PILImage.open(io.BytesIO(bytes(png))).convert("RGB")
