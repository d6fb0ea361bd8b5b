"""The pages' Devanagari font, made once and shipped beside the pages (snl_edu/table/web):
Noto Sans Devanagari cut to the script's own characters (those page.css asks it for) and
instanced at the two weights the pages use, as WOFF. The whole variable font is 642 kB,
which every page fetched (even an English one draws नेपाली among its languages); cut, a
weight is 64 kB. Cutting takes half a minute of CPU, so it is done here, not by the host:

    python -m snl_edu.table.page_font
"""

from __future__ import annotations

import io
from importlib import resources
from pathlib import Path

# What page.css's @font-face asks this font for (its unicode-range): the script, its
# extensions, the joiners and the dotted circle its shaping may need.
RANGES = ((0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x1CD0, 0x1CFF), (0x200C, 0x200D),
          (0x25CC, 0x25CC))
WEIGHTS = (400, 700)


def file_name(weight: int) -> str:
    return f"noto-sans-devanagari-{weight}.woff"


def characters() -> list[int]:
    return [code for start, end in RANGES for code in range(start, end + 1)]


def make(weight: int) -> bytes:
    """The font cut to the pages' Devanagari, at one weight, as WOFF."""
    from fontTools import subset
    from fontTools.ttLib import TTFont
    from fontTools.varLib import instancer

    from snl_edu.views.printing.fonts import devanagari_font

    options = subset.Options()
    options.layout_features = ["*"]  # Devanagari shaping needs every feature
    options.notdef_outline = True
    options.name_IDs = ["*"]
    font = TTFont(io.BytesIO(devanagari_font()), recalcTimestamp=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=characters())
    subsetter.subset(font)
    static = instancer.instantiateVariableFont(font, {"wght": weight, "wdth": 100},
                                               inplace=True, updateFontNames=True)
    static.flavor = "woff"
    out = io.BytesIO()
    static.save(out)
    return out.getvalue()


def main() -> None:
    folder = Path(str(resources.files("snl_edu.table").joinpath("web")))
    for weight in WEIGHTS:
        data = make(weight)
        (folder / file_name(weight)).write_bytes(data)
        print(f"{file_name(weight)}: {len(data) / 1000:.0f} kB")


if __name__ == "__main__":
    main()
