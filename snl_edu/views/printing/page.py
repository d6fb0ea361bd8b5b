"""An A4 SVG page written by hand: text with a halo that needs no ``paint-order``,
words wrapped by real font metrics, and the fonts the text uses embedded.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from snl_edu.views.printing.fonts import family_for, font_face_css, fonts_for, text_width

PAGE_WIDTH = 210.0  # A4 portrait, in millimetres
PAGE_HEIGHT = 297.0
MARGIN = 10.0
LINE_HEIGHT = 1.25  # a line's height as a share of its font size


def num(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str] | None:
    """``text`` broken at spaces into lines no wider than ``width``; None when a single
    word is wider than that (the caller takes a smaller size)."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        if text_width(word, size, bold) > width:
            return None
        trial = f"{current} {word}" if current else word
        if current and text_width(trial, size, bold) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    return lines


class Page:
    """Collects elements and the text drawn at each weight, then writes the document."""

    def __init__(self, title: str, description: str, language: str, *,
                 names_children: bool = False) -> None:
        """``names_children``: the page shows children's names (a class chart). Its fonts
        are cut for it alone and never kept in the disk cache: a cut holds every letter the
        page draws, and no file named by a hash could be found again to forget a child."""
        self.title = title
        self.description = description
        self.language = language
        self.names_children = names_children
        self.elements: list[str] = []
        self._drawn: dict[int, list[str]] = {400: [], 700: []}

    def add(self, *elements: str) -> None:
        self.elements.extend(elements)

    def text(self, x: float, y: float, content: str, size: float, *, anchor: str = "start",
             bold: bool = False, fill: str = "#000000", extra: str = "",
             halo: str | None = None) -> None:
        """A line of text; ``halo`` is the colour of an outline drawn first, as its own
        element under the text, so every renderer shows it the same way."""
        self._drawn[700 if bold else 400].append(content)
        common = (f'x="{num(x)}" y="{num(y)}" font-size="{num(size)}" '
                  f'font-family={quoteattr(family_for(content))} text-anchor="{anchor}"'
                  + (' font-weight="bold"' if bold else ""))
        if halo is not None:
            self.elements.append(
                f'<text {common} fill="none" stroke="{halo}" stroke-width="{num(size * 0.25)}" '
                f'stroke-linejoin="round" class="halo" aria-hidden="true">{escape(content)}</text>')
        self.elements.append(f'<text {common} fill="{fill}"{extra}>{escape(content)}</text>')

    def svg(self, view: tuple[float, float, float, float] | None = None) -> str:
        """The document; ``view`` (x, y, width, height) shows only that part of the page,
        sized by its proportions alone (for a screen), instead of the whole A4 sheet."""
        css = font_face_css(fonts_for(self._drawn, keep=not self.names_children))
        x, y, width, height = view or (0.0, 0.0, PAGE_WIDTH, PAGE_HEIGHT)
        size = (f'width="{num(width)}" height="{num(height)}"' if view else
                f'width="{num(PAGE_WIDTH)}mm" height="{num(PAGE_HEIGHT)}mm"')
        head = [
            '<?xml version="1.0" encoding="UTF-8"?>',
            (f'<svg xmlns="http://www.w3.org/2000/svg" {size} '
             f'viewBox="{num(x)} {num(y)} {num(width)} {num(height)}" '
             f'lang={quoteattr(self.language)}>'),
            f"<title>{escape(self.title)}</title>",
            f"<desc>{escape(self.description)}</desc>",
            f"<style>\n{css}\n</style>",
            f'<rect x="{num(x)}" y="{num(y)}" width="{num(width)}" height="{num(height)}" '
            'fill="#ffffff"/>' if view else
            f'<rect width="{num(PAGE_WIDTH)}" height="{num(PAGE_HEIGHT)}" fill="#ffffff"/>',
        ]
        return "\n".join(head + self.elements + ["</svg>"]) + "\n"
