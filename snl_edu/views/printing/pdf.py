"""An SVG page as a one-page PDF for printing: the page rasterised at 300 dpi by
resvg (snl_edu.views.printing.raster) and stored losslessly (Flate).

Why pixels and not vector: the one self-contained SVG-to-PDF wheel (svg2pdf-py)
misplaces Devanagari vowel signs (दयाको comes out as दयको), embedded text and
outlines alike, and every other route needs the system's libcairo. A 300 dpi
page prints sharp; the SVG stays the selectable, accessible original.
"""

from __future__ import annotations

import re
import zlib

from snl_edu.views.printing.raster import rasterise

DPI = 300
_PAGE_SIZE = re.compile(r'<svg[^>]*?\swidth="([\d.]+)mm" height="([\d.]+)mm"')
POINTS_PER_MM = 72 / 25.4


def svg_to_pdf(svg: str, dpi: float = DPI) -> bytes:
    size = _PAGE_SIZE.search(svg)
    if size is None:
        raise ValueError("not a page: the SVG has no width and height in millimetres")
    width, height = float(size[1]) * POINTS_PER_MM, float(size[2]) * POINTS_PER_MM
    image = rasterise(svg, dpi)
    pixels = zlib.compress(image.tobytes(), 6)
    drawing = f"q {width:.3f} 0 0 {height:.3f} 0 0 cm /Page Do Q".encode("ascii")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        (f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {width:.3f} {height:.3f}] "
         f"/Resources << /XObject << /Page 4 0 R >> >> /Contents 5 0 R >>").encode("ascii"),
        (f"<< /Type /XObject /Subtype /Image /Width {image.width} /Height {image.height} "
         f"/ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode "
         f"/Length {len(pixels)} >>\nstream\n").encode("ascii") + pixels + b"\nendstream",
        f"<< /Length {len(drawing)} >>\nstream\n".encode("ascii") + drawing + b"\nendstream",
    ]
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode("ascii") + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode("ascii")
    out += b"".join(f"{offset:010d} 00000 n \n".encode("ascii") for offset in offsets)
    out += (f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n"
            ).encode("ascii")
    return bytes(out)
