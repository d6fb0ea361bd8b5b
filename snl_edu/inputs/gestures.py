"""What the child does, on the device in front of her, to roll, answer and skip: one set of
sentences in the catalog, each with the gesture as a placeholder filled per seat ("press
Enter" at a terminal, "tap Roll" on a touch page, "say roll" where the ear is on), not a
copy of each sentence per device."""

from __future__ import annotations

from dataclasses import dataclass

from snl_edu.inputs.commands import Action, Ear
from snl_edu.language.localizer import Localizer


@dataclass(frozen=True)
class Gestures:
    roll: str
    answer: str
    skip: str
    # Her go's step (snl_edu.play.counting), begun as a sentence: "Press Space once for
    # each dot". None: the keyboard's.
    step: str | None = None


def keyboard(loc: Localizer, ear: Ear | None = None) -> Gestures:
    """A terminal's keys; with the ear on, what it hears too."""
    _ = loc.gettext
    said = ear.phrase_for(Action.ROLL) if ear is not None else None
    # TRANSLATORS: child-facing: तिमी forms (फाल, थिच, गन), never -नुहोस्. Gestures, put
    # into sentences such as "Your turn: {roll} to roll the pasa."
    roll = _("press Enter or say {word}").format(word=said) if said else _("press Enter")
    return Gestures(roll, _("type the number and press Enter"), _("press Escape"))


def page_keys(loc: Localizer) -> Gestures:
    """A page at a computer's keyboard (Space or Enter rolls wherever the focus is)."""
    _ = loc.gettext
    return Gestures(_("press Space or Enter"), _("type the number and press Enter"),
                    _("press Escape"))


def touch(loc: Localizer, labels: dict[str, str]) -> Gestures:
    """A page on a phone or tablet: its buttons, by the names they show (``labels``)."""
    _ = loc.gettext
    return Gestures(_("tap {button}").format(button=labels["roll"]),
                    _("tap the number, then {button}").format(button=labels["answer"]),
                    _("tap {button}").format(button=labels["skip"]),
                    # TRANSLATORS: child-facing (तिमी forms): begins "… once for each dot".
                    _("Tap the next square on your board"))


def your_turn(loc: Localizer, gestures: Gestures | None = None) -> str:
    """The child's turn, with how she rolls (a terminal's keys when not told)."""
    return loc.gettext("Your turn: {roll} to roll the pasa.").format(
        roll=(gestures or keyboard(loc)).roll)


def how_to_answer(loc: Localizer, gestures: Gestures) -> str:
    return loc.gettext("To answer, {answer}. To skip, {skip}.").format(
        answer=gestures.answer, skip=gestures.skip)
