"""The two fonts every printed page carries, their metrics, and their embedding.

Atkinson Hyperlegible (Latin; drawn for low-vision readers) and Noto Sans
Devanagari, both under the SIL Open Font License and both installed from PyPI
(``fontpkg-*`` wheels), so a page prints the same on a computer with no
Devanagari font at all. Each SVG embeds only the glyphs its text uses, subset
with fontTools with every OpenType layout feature kept, because Devanagari
conjuncts and vowel signs are shaped by those features.
"""

from __future__ import annotations

import base64
import hashlib
import io
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib.resources import files
from pathlib import Path

from snl_edu.views.printing import font_cache

LATIN_FAMILY = "Atkinson Hyperlegible"
DEVANAGARI_FAMILY = "Noto Sans Devanagari"
WEIGHTS = (400, 700)

# Devanagari, Devanagari Extended, Vedic Extensions; joiners and the dotted circle
# the shaper inserts before a stray vowel sign.
_DEVANAGARI = re.compile("[\u0900-\u097f\ua8e0-\ua8ff\u1cd0-\u1cff]")
_SHAPING_HELPERS = "\u200c\u200d\u25cc"


def has_devanagari(text: str) -> bool:
    return _DEVANAGARI.search(text) is not None


def family_for(text: str) -> str:
    """The CSS font-family list for a piece of text: its own script's font first, so
    a bold number or title stays bold instead of falling back to a regular face."""
    if has_devanagari(text):
        return f"'{DEVANAGARI_FAMILY}', '{LATIN_FAMILY}', sans-serif"
    return f"'{LATIN_FAMILY}', '{DEVANAGARI_FAMILY}', sans-serif"


def _latin_file(weight: int) -> bytes:
    name = "AtkinsonHyperlegible-Bold.ttf" if weight >= 700 else "AtkinsonHyperlegible-Regular.ttf"
    return (files("fontpkg_atkinson_hyperlegible") / "files" / name).read_bytes()


def devanagari_font() -> bytes:
    """The whole variable font, every weight: what the printed pages cut their glyphs from
    and what the table's web pages draw Devanagari with."""
    source = files("fontpkg_noto_sans_devanagari") / "files" / "NotoSansDevanagari[wdth,wght].ttf"
    return source.read_bytes()


def _instance(data: bytes, weight: int) -> bytes:
    """A static instance of a variable font: static faces render the same in every
    SVG viewer and PDF converter, where variable-font support still differs."""
    from fontTools.ttLib import TTFont
    from fontTools.varLib import instancer

    font = TTFont(io.BytesIO(data), recalcTimestamp=False)
    if "fvar" not in font:
        return data
    # In place: the font was parsed for this call alone, and a copy of it is a quarter of
    # the time instancing takes.
    static = instancer.instantiateVariableFont(font, {"wght": weight, "wdth": 100},
                                               inplace=True, updateFontNames=True)
    out = io.BytesIO()
    static.save(out)
    return out.getvalue()


@dataclass(frozen=True)
class _Metrics:
    units_per_em: int
    advances: dict[int, float]  # code point -> advance width in font units
    fallback: float  # advance of .notdef, for a character the font lacks


@cache
def _metrics(family: str, weight: int) -> _Metrics:
    from fontTools.ttLib import TTFont

    if family == DEVANAGARI_FAMILY:
        # The variable font's own advances at this weight (its HVAR deltas): instancing
        # every outline to read them took a second. They match the embedded static
        # instance to within half a font unit (its rounding).
        font = TTFont(io.BytesIO(devanagari_font()))
        glyphs = font.getGlyphSet(location={"wght": weight, "wdth": 100})
    else:
        font = TTFont(io.BytesIO(_latin_file(weight)))
        glyphs = font.getGlyphSet()
    advances = {code: glyphs[glyph].width for code, glyph in font.getBestCmap().items()}
    return _Metrics(font["head"].unitsPerEm, advances, glyphs[".notdef"].width)


def _primary(text: str) -> str:
    return DEVANAGARI_FAMILY if has_devanagari(text) else LATIN_FAMILY


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of ``text`` at font size ``size``, in the same unit as ``size``.

    Advance widths summed per character (no shaping): Devanagari vowel signs and
    conjuncts only ever make the shaped text narrower, so a layout built on this
    never overflows. Each character is measured in the font that will draw it.
    """
    weight = 700 if bold else 400
    family = _primary(text)
    primary = _metrics(family, weight)
    other = _metrics(LATIN_FAMILY if family == DEVANAGARI_FAMILY else DEVANAGARI_FAMILY,
                     weight)
    total = 0.0
    for char in text:
        metrics = primary if ord(char) in primary.advances or ord(char) not in other.advances \
            else other
        total += metrics.advances.get(ord(char), metrics.fallback) / metrics.units_per_em
    return total * size


def _cut(data: bytes, characters: str) -> bytes:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.layout_features = ["*"]  # Devanagari shaping needs every feature
    options.notdef_outline = True
    options.hinting = False  # printing and scaling, not screen pixels
    options.name_IDs = ["*"]
    font = TTFont(io.BytesIO(data), recalcTimestamp=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=characters)
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


@lru_cache(maxsize=16)
def _devanagari_cut(characters: str) -> bytes:
    return _cut(devanagari_font(), characters)


def _source(family: str, weight: int) -> bytes:
    return devanagari_font() if family == DEVANAGARI_FAMILY else _latin_file(weight)


@cache
def _source_hash(family: str, weight: int) -> str:
    return hashlib.sha256(_source(family, weight)).hexdigest()


@cache
def _recipe_hash() -> str:
    """This file's own hash, part of every cut's name in the disk cache: whatever changes
    here in how a font is cut, an old cut is never read for a new one."""
    return hashlib.sha256(Path(__file__).read_bytes()).hexdigest()


@lru_cache(maxsize=32)
def _subset(family: str, weight: int, characters: str, keep: bool) -> bytes:
    """A cut, from the disk cache when this page's characters were cut before; one that is
    not to be kept is only made."""
    if not keep:
        return _make_subset(family, weight, characters)
    import fontTools

    key = [family, str(weight), characters, _source_hash(family, weight), fontTools.version,
           _recipe_hash()]
    return font_cache.cached(key, lambda: _make_subset(family, weight, characters))


def _make_subset(family: str, weight: int, characters: str) -> bytes:
    """Cut first, then instance each weight from the cut: a few hundred glyphs
    instance in a fraction of the time the whole variable font takes."""
    if family == DEVANAGARI_FAMILY:
        return _instance(_devanagari_cut(characters), weight)
    return _cut(_source(family, weight), characters)


@dataclass(frozen=True)
class EmbeddedFont:
    family: str
    weight: int
    data: bytes  # a TrueType file


def fonts_for(texts: dict[int, list[str]], keep: bool = True) -> list[EmbeddedFont]:
    """The subset fonts for the texts drawn at each weight (400, 700).

    A text with Devanagari in it is drawn in Noto Sans Devanagari (its punctuation
    and Latin digits too, so a line never mixes faces); the rest, and anything
    that font lacks, in Atkinson Hyperlegible. A font no character needs is left out.
    ``keep``: the cuts go to the disk cache for the next print (see Page's
    ``names_children`` for the pages whose cuts must not).
    """
    devanagari_cmap = _metrics(DEVANAGARI_FAMILY, 400).advances
    # One Devanagari cut serves both weights (cutting is the slow part).
    devanagari = "".join(sorted({c for text in _all(texts) if has_devanagari(text)
                                 for c in text if ord(c) in devanagari_cmap}))
    embedded = []
    for weight in WEIGHTS:
        drawn = texts.get(weight, [])
        latin = "".join(sorted(
            {c for text in drawn for c in _drawn_in_latin(text, devanagari_cmap)}))
        if latin.strip():
            embedded.append(EmbeddedFont(LATIN_FAMILY, weight,
                                         _subset(LATIN_FAMILY, weight, latin + " ", keep)))
        if any(has_devanagari(text) for text in drawn):
            embedded.append(EmbeddedFont(DEVANAGARI_FAMILY, weight, _subset(
                DEVANAGARI_FAMILY, weight, devanagari + _SHAPING_HELPERS + " ", keep)))
    return embedded


def _drawn_in_latin(text: str, devanagari_cmap: dict[int, float]) -> str:
    """The characters of a text that Atkinson Hyperlegible draws."""
    devanagari = has_devanagari(text)
    return "".join(c for c in text
                   if c.isprintable() and not (devanagari and ord(c) in devanagari_cmap))


def _all(texts: dict[int, list[str]]) -> list[str]:
    return [text for drawn in texts.values() for text in drawn]


def font_face_css(fonts: list[EmbeddedFont]) -> str:
    """@font-face rules carrying each font as a data: URL, for an SVG <style>."""
    rules = []
    for font in fonts:
        data = base64.b64encode(font.data).decode("ascii")
        rules.append(f"@font-face{{font-family:'{font.family}';font-weight:{font.weight};"
                     f"font-style:normal;src:url(data:font/ttf;base64,{data}) "
                     f"format('truetype');}}")
    return "\n".join(rules)


_EMBEDDED = re.compile(r"url\(data:font/ttf;base64,([A-Za-z0-9+/=]+)\)")


def embedded_font_data(svg: str) -> list[bytes]:
    """The font files an SVG written by us carries, for a renderer that loads fonts
    from files rather than from @font-face (resvg, svg2pdf)."""
    return [base64.b64decode(match) for match in _EMBEDDED.findall(svg)]
