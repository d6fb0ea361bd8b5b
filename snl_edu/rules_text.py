"""The rules as they stand for a board and rule options, as plain sentences."""

from __future__ import annotations

from snl_edu.engine import DIE_FACES, Board, Finish, Rules
from snl_edu.i18n import Localizer


def rules_lines(board: Board, rules: Rules, loc: Localizer) -> list[str]:
    _ = loc.gettext
    last = loc.number(board.last)
    six = loc.number(DIE_FACES)
    lines = [
        _("Board {title}: squares {first} to {last}, {width} across and {height} up.").format(
            title=board.title(loc.language), first=loc.number(1), last=last,
            width=loc.number(board.width), height=loc.number(board.height)),
        loc.ngettext("{count} ladder (bharyang) lifts you from its foot to its top.",
                     "{count} ladders (bharyang) lift you from their foot to their top.",
                     len(board.ladders)).format(count=loc.number(len(board.ladders))),
        loc.ngettext("{count} snake (saanp) takes you from its head down to its tail.",
                     "{count} snakes (saanp) take you from their head down to their tail.",
                     len(board.snakes)).format(count=loc.number(len(board.snakes))),
    ]
    if rules.six_to_start:
        lines.append(_("Tokens start off the board and enter only on a {six}, "
                       "which puts them on square {six}.").format(six=six))
    else:
        lines.append(_("Tokens start off the board; the first roll puts a token on the "
                       "square of that number."))
    lines.append(_("Roll the pasa and move forward exactly that many squares. "
                   "Any number of tokens may share a square."))
    lines.append(_("Only the square a move ends on counts: a ladder's foot climbs, "
                   "a snake's head slides."))
    if rules.six_again:
        lines.append(_("A chhakka ({six}) earns another roll, even when it cannot be moved.")
                     .format(six=six))
        if rules.three_sixes:
            lines.append(_("The third chhakka in a row is not moved and the turn passes; "
                           "the moves before it stand."))
    else:
        lines.append(_("A {six} is an ordinary roll.").format(six=six))
    finish = {
        Finish.EXACT: _("You must land exactly on {last}; a roll that would pass it is not "
                        "moved and the turn ends."),
        Finish.OVERSHOOT: _("Any roll that reaches or passes {last} wins."),
        Finish.BOUNCE: _("A roll that passes {last} walks to the end and back for the rest; "
                         "the square bounced to can still hold a snake or a ladder."),
    }[rules.finish]
    lines.append(finish.format(last=last))
    if rules.play_to_end:
        lines.append(_("Play goes on until every place is decided."))
    else:
        lines.append(_("The first to reach {last} wins; the others are ranked by how far "
                       "they got.").format(last=last))
    return lines
