"""Printing benchmark (run by hand): time to draw an A4 board with its fonts embedded.

    python benchmarks/bench_print.py [--rounds N]

Each round draws a fresh board page in a fresh process-free cache state (the font
caches are cleared), so the figure is what `snl board render` costs a user, apart
from Python's start-up. The reference, measured in the same run, is the same page
written with no fonts embedded (layout and XML only): the ratio is the price of
pages that print the same everywhere. --pdf adds rasterising at 300 dpi.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from snl_edu.board_svg import board_svg
from snl_edu.boards import load_board
from snl_edu.i18n import Localizer
from snl_edu.printing import fonts, page


def _clear_caches() -> None:
    for cached in (fonts._subset, fonts._devanagari_cut, fonts.font_file, fonts._metrics):
        cached.cache_clear()


def _timed(work: Callable[[], object], rounds: int) -> list[float]:
    times = []
    for _ in range(rounds):
        _clear_caches()
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return times


def _summary(name: str, times: list[float], reference: float | None = None) -> str:
    median = statistics.median(times)
    p90 = sorted(times)[max(0, round(0.9 * len(times)) - 1)]
    ratio = f", ratio {median / reference:.1f}x" if reference else ""
    return f"{name}: median {median * 1000:.0f} ms, p90 {p90 * 1000:.0f} ms{ratio}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--pdf", action="store_true")
    rounds = parser.parse_args().rounds
    board = load_board("moksha-patam")
    without_fonts = page.font_face_css
    for language in ("en", "ne"):
        loc = Localizer.create(language)
        page.font_face_css = lambda embedded: ""  # type: ignore[assignment]
        page.fonts_for = lambda drawn: []  # type: ignore[assignment]
        reference = _timed(lambda loc=loc: board_svg(board, loc, large_print=True), rounds)
        page.font_face_css = without_fonts
        page.fonts_for = fonts.fonts_for
        print(_summary(f"{language} layout only (reference)", reference))
        drawn = _timed(lambda loc=loc: board_svg(board, loc, large_print=True), rounds)
        print(_summary(f"{language} with embedded fonts", drawn, statistics.median(reference)))
        if parser.parse_args().pdf:
            from snl_edu.printing.pdf import svg_to_pdf

            svg = board_svg(board, loc, large_print=True)
            print(_summary(f"{language} SVG to PDF", _timed(lambda svg=svg: svg_to_pdf(svg), rounds)))


if __name__ == "__main__":
    main()
