"""Speech rate and volume keys, as audio games have them, remembered for each player.

A blind player changes how fast and how loud the game talks without leaving it
(``-`` ``+`` and ``/`` ``*``); the choice is kept under their name in a small
file in the data folder and comes back at their next game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from snl_edu.inputs.commands import Action
from snl_edu.language.localizer import Localizer
from snl_edu.outputs.aloud.speech_settings import MAX_RATE, MIN_RATE
from snl_edu.safe_text import name_key
from snl_edu.store.child_data import SPEECH_PREFS, ChildFile
from snl_edu.vocabulary import Message

RATE_STEP = 20  # words per minute a key press changes
VOLUME_STEP = 10  # percent


class SpeechPrefs(ChildFile):
    """Each player's rate and volume, in one JSON file; a damaged file is simply unused."""

    file_name = SPEECH_PREFS

    def for_players(self, names: Iterable[str]) -> tuple[int, int] | None:
        """The first of these players' remembered (rate, volume), if any is valid."""
        data = self._read()
        for name in names:
            entry = data.get(name_key(name))
            if not isinstance(entry, dict):
                continue
            rate, volume = entry.get("rate"), entry.get("volume")
            if (type(rate) is int and MIN_RATE <= rate <= MAX_RATE
                    and type(volume) is int and 0 <= volume <= 100):
                return rate, volume
        return None

    def remember(self, names: Iterable[str], rate: int, volume: int) -> None:
        """Write atomically (a temporary file renamed), so a crash never leaves half a file;
        OSError (a full disk) leaves the old file as it was."""
        data = self._read()
        for name in names:
            data[name_key(name)] = {"rate": rate, "volume": volume}
        self._write(data)


class SpeechControls:
    """The session's ``adjust`` hook: applies a rate or volume key to the game's own voice."""

    def __init__(self, outputs: Iterable[object], rate: int, volume: int, loc: Localizer,
                 remember: Callable[[int, int], None] | None = None) -> None:
        self.outputs = list(outputs)
        self.rate = rate
        self.volume = volume
        self.loc = loc
        self.remember = remember
        self.unremembered = False  # a setting could not be kept (and the player was told)

    def _voices(self) -> list[Any]:
        """Synthesisers whose ``voice`` settings can change between sentences."""
        found = []
        for output in self.outputs:
            synthesiser = getattr(getattr(output, "speaker", None), "synthesiser", None)
            if synthesiser is not None and hasattr(synthesiser, "voice"):
                found.append(synthesiser)
        return found

    def __call__(self, action: Action) -> list[Message]:
        _ = self.loc.gettext
        voices = self._voices()
        if not voices:
            return [Message(_("The game's own voice is off: your screen reader or computer "
                              "sets the speed and loudness."))]
        if action in (Action.SLOWER, Action.FASTER):
            step = RATE_STEP if action is Action.FASTER else -RATE_STEP
            self.rate = max(MIN_RATE, min(MAX_RATE, self.rate + step))
            said = _("Speech speed {rate} words a minute.").format(
                rate=self.loc.number(self.rate))
        else:
            step = VOLUME_STEP if action is Action.LOUDER else -VOLUME_STEP
            self.volume = max(VOLUME_STEP, min(100, self.volume + step))  # never silent
            said = _("Loudness {volume} percent.").format(volume=self.loc.number(self.volume))
        for synthesiser in voices:
            synthesiser.voice = replace(synthesiser.voice, rate=self.rate, volume=self.volume)
        if self.remember is not None:
            try:
                self.remember(self.rate, self.volume)
            except OSError:  # not remembered is better than a game stopped; said once
                if not self.unremembered:
                    said += " " + _("It cannot be kept for your next game: the data folder "
                                    "cannot be written.")
                self.unremembered = True
        return [Message(said)]
