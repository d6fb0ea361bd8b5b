"""Writing a printable page (a board, a class chart) as SVG or PDF, errors as messages."""

from __future__ import annotations

from pathlib import Path

import click

from snl_edu.error_text import os_words
from snl_edu.language.localizer import Localizer


def write_page(svg: str, out: Path, as_pdf: bool, loc: Localizer) -> None:
    _ = loc.gettext
    try:
        if as_pdf:
            from snl_edu.views.printing.pdf import svg_to_pdf
            from snl_edu.views.printing.raster import RendererUnavailable

            try:
                out.write_bytes(svg_to_pdf(svg))
            except RendererUnavailable:
                raise click.ClickException(_(
                    "Writing a PDF needs the pdf extra: pip install 'snl_edu[pdf]'. "
                    "The SVG page prints as it is from any web browser.")) from None
        else:
            out.write_text(svg, encoding="utf-8")
    except OSError as error:
        raise click.ClickException(_("The page cannot be written to {path}: {reason}.").format(
            path=str(out), reason=os_words(error, loc))) from None
