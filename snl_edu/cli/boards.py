"""`snl boards` and `snl board show|check`: the boards, seen and checked."""

from __future__ import annotations

from pathlib import Path

import click

from snl_edu.boards import load_board, shipped_names
from snl_edu.cli.common import remember_localizer
from snl_edu.cli.group import language_options
from snl_edu.engine import Board, Finish, Rules
from snl_edu.language.localizer import Localizer, localizer_for
from snl_edu.outputs.plain_text import colour_wanted
from snl_edu.views.board_text import board_grid, board_lines


@click.command()
@language_options
def boards(lang: str | None, digits: str | None) -> None:
    # Its help is its line in snl_edu.cli.group.COMMANDS.
    loc = remember_localizer(localizer_for(lang, digits))
    template = loc.gettext("{name}: {title}, {ladders} and {snakes}.")
    for name in shipped_names():
        board = load_board(name)
        click.echo(template.format(name=name, title=board.title(loc.language),
                                   **jump_counts(board, loc)))


def jump_counts(board: Board, loc: Localizer) -> dict[str, str]:
    """'1 ladder' and '3 snakes' as noun phrases, each with its own plural form: one
    sentence cannot take two plural choices from one ngettext call."""
    ladders, snakes = len(board.ladders), len(board.snakes)
    return {
        "ladders": loc.ngettext("{count} ladder", "{count} ladders", ladders).format(
            count=loc.number(ladders)),
        "snakes": loc.ngettext("{count} snake", "{count} snakes", snakes).format(
            count=loc.number(snakes)),
    }


@click.group()
def board() -> None:
    # Its help is its line in snl_edu.cli.group.COMMANDS.
    pass


@board.command()
@click.argument("board_name", metavar="NAME|PATH")
@click.option("--grid/--no-grid", default=True, show_default=True,
              help="Draw the grid before the list of snakes and ladders.")
@language_options
def show(board_name: str, grid: bool, lang: str | None, digits: str | None) -> None:
    """A board as a grid and, always, as a list of every snake and ladder."""
    loc = remember_localizer(localizer_for(lang, digits))
    shown = load_board(board_name)
    if grid:
        for line in board_grid(shown, loc, colour=colour_wanted()):
            click.echo(line)
        click.echo()
    for line in board_lines(shown, loc):
        click.echo(line)


@board.command()
@click.argument("path", metavar="PATH")
@click.option("--finish", type=click.Choice([f.value for f in Finish]),
              default=Rules().finish.value, show_default=True,
              help="The finish rule under which every player must be able to reach the end.")
@language_options
def check(path: str, finish: str, lang: str | None, digits: str | None) -> None:
    """Check a board file against the board rules."""
    loc = remember_localizer(localizer_for(lang, digits))
    checked = load_board(path, Finish(finish))
    click.echo(loc.gettext("{source}: a valid board of {last} squares with {ladders} and "
                           "{snakes}.").format(source=path, last=loc.number(checked.last),
                                               **jump_counts(checked, loc)))


@board.command()
@click.argument("board_name", metavar="NAME|PATH")
@click.option("--out", "out", required=True, metavar="FILE",
              type=click.Path(dir_okay=False, path_type=Path),
              help="Where to write the A4 board (SVG, or PDF with --pdf or a .pdf name).")
@click.option("--large-print", is_flag=True,
              help="High contrast and large numbers, for low-vision players.")
@click.option("--pdf", "as_pdf", is_flag=True,
              help="Write a PDF instead of an SVG (pip install 'snl_edu[pdf]').")
@language_options
def render(board_name: str, out: Path, large_print: bool, as_pdf: bool, lang: str | None,
           digits: str | None) -> None:
    """Draw a board on an A4 page (SVG or PDF) to print for the classroom."""
    from snl_edu.cli.printed import write_page
    from snl_edu.views.board_svg import board_svg

    loc = remember_localizer(localizer_for(lang, digits))
    drawn = load_board(board_name)
    write_page(board_svg(drawn, loc, large_print=large_print), out,
               as_pdf or out.suffix.lower() == ".pdf", loc)
    click.echo(loc.gettext("Drew {title} on an A4 page: {path}").format(
        title=drawn.title(loc.language), path=str(out)))

