"""The rules as they stand for a board and rule options, as plain sentences."""

from __future__ import annotations

from snl_edu.engine import DIE_FACES, Board, Rules
from snl_edu.engine.rules import RULE_OPTIONS
from snl_edu.language.localizer import Localizer


def rules_lines(board: Board, rules: Rules, loc: Localizer) -> list[str]:
    _ = loc.gettext
    last = loc.number(board.last)
    six = loc.number(DIE_FACES)
    shape = _("Board {title}: squares {first} to {last} in one row, left to right.") \
        if board.height == 1 else \
        _("Board {title}: squares {first} to {last}, {width} across and {height} up.")
    lines = [
        shape.format(title=board.title(loc.language), first=loc.number(1), last=last,
                     width=loc.number(board.width), height=loc.number(board.height)),
        loc.ngettext("{count} ladder (bharyang) lifts you from its foot to its top.",
                     "{count} ladders (bharyang) lift you from their foot to their top.",
                     len(board.ladders)).format(count=loc.number(len(board.ladders))),
        loc.ngettext("{count} snake (saanp) takes you from its head down to its tail.",
                     "{count} snakes (saanp) take you from their head down to their tail.",
                     len(board.snakes)).format(count=loc.number(len(board.snakes))),
    ]
    lines.append(_("Roll the pasa and move forward exactly that many squares. "
                   "Any number of tokens may share a square."))
    lines.append(_("Only the square a move ends on counts: a ladder's foot climbs, "
                   "a snake's head slides."))
    for option in RULE_OPTIONS:
        sentence = option.sentences[getattr(rules, option.name)]
        if sentence is not None and option.applies(rules):
            lines.append(_(sentence).format(six=six, last=last))
    return lines
