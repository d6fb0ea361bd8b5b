"""Printing benchmark (run by hand): an A4 board drawn with its fonts embedded, and as PDF.

    python benchmarks/bench_print.py [--rounds N] [--pdf]

Each sample starts from empty font caches, as `snl board render` does the first time
(font_cache.py keeps its cuts for the next): reading the fonts, instancing and
subsetting Noto Sans Devanagari (a variable font; the slow part of a Nepali page),
laying out and writing the SVG.
The reference is measure.py's fixed pure-Python work, alternated with ours so a
busy machine slows both alike. --pdf adds rendering the page at 300 dpi.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from measure import Result, alternate, fixed_python_work, report, seconds

from snl_edu.boards import load_board
from snl_edu.language.localizer import Localizer, localizer_for
from snl_edu.views.board_svg import board_svg
from snl_edu.views.printing import font_cache, fonts


def _cold(work: object) -> float:
    """A first print: nothing cut in memory, nor in the disk cache (an empty one)."""
    for cached in (fonts._subset, fonts._devanagari_cut, fonts._metrics):
        cached.cache_clear()
    with tempfile.TemporaryDirectory() as empty:
        os.environ[font_cache.CACHE_DIR_ENV] = empty
        try:
            return seconds(work) * 1000  # type: ignore[arg-type]
        finally:
            del os.environ[font_cache.CACHE_DIR_ENV]


def run(tiny: bool = False, rounds: int = 5, pdf: bool = False) -> list[Result]:
    rounds = 1 if tiny else rounds
    board = load_board("moksha-patam")
    results = []
    for language in ("en",) if tiny else ("en", "ne"):
        loc = localizer_for(language)

        def draw(loc: Localizer = loc) -> str:
            return board_svg(board, loc, large_print=True)

        ours, theirs = alternate(lambda draw=draw: _cold(draw),
                                 lambda: fixed_python_work() * 1000, rounds)
        results.append(Result(f"board page, {language}, fonts embedded", "ms", ours,
                              "fixed Python work", theirs))
        if pdf and not tiny:
            from snl_edu.views.printing.pdf import svg_to_pdf

            page = draw()
            ours, theirs = alternate(lambda page=page: seconds(lambda: svg_to_pdf(page)) * 1000,
                                     lambda: fixed_python_work() * 1000, rounds)
            results.append(Result(f"board page, {language}, SVG to PDF at 300 dpi", "ms", ours,
                                  "fixed Python work", theirs))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--pdf", action="store_true")
    options = parser.parse_args()
    report(__doc__.splitlines()[0], lambda: run(rounds=options.rounds, pdf=options.pdf))


if __name__ == "__main__":
    main()
