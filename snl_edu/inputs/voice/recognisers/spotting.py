"""A second opinion on the phrase the grammar heard: pocketsphinx's keyphrase spotter.

A grammar decoder picks the best of its phrases even when none of them was said
("count to ten" heard as "quit the game", "my turn next" as "look ahead"). The
spotter hears the same audio with another model of "anything else": a free
loop of the acoustic model's context-independent phones, each step of which
costs PHONE_PENALTY. It reports a phrase only where the phrase's own path
scores better than that loop over the same frames, less MARGIN; a phrase the
grammar heard but the spotter did not is not a command.

Both scores come from one search on the same frames, so they compare (the
grammar decoder's scores are normalised against its own active phrases and do
not). Chosen on bench_voice.py's tuning set enlarged to every command phrasing
and 8 voices: with the syllable and unexplained-audio checks already in place,
the spotter took the chatter taken as a command from 39 to 14 of 576, and the
commands recognised from 863 to 841 of 960 ("no thanks" and "throw the dice"
lose most). Margins of 30, 40 and 50 nats left 13-14 chatter phrases too but
lost 816, 829 and 834 commands; 70 let 24 chatter phrases through; a phone
penalty of 1e-8 or 1e-12 did no better. It costs about 0.05 s of CPU per second
of speech, spent while the words are spoken, and 6 MB: the spotter loads only
the phrases' words.
"""

from __future__ import annotations

import contextlib
import math
import os
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

PHONE_PENALTY = 1e-10  # the phone loop's cost of each phone (pocketsphinx's kws_plp)
MARGIN = 60.0  # natural log units (nats) a phrase must score above the phone loop


class Spotter:
    """Feed an utterance's 16 kHz int16 audio; ``finish`` says which phrases were spotted."""

    def __init__(self, pocketsphinx: Any, acoustic_model: str,
                 pronunciations: Mapping[str, str], phrases: Iterable[str]) -> None:
        with tempfile.TemporaryDirectory(prefix="snl-spotter-") as folder:
            words = Path(folder, "words.dict")
            words.write_text("".join(f"{word} {sounds}\n"
                                     for word, sounds in pronunciations.items()))
            spotted = Path(folder, "phrases.kws")
            threshold = f"{math.exp(-MARGIN):.6g}"
            spotted.write_text("".join(f"{phrase} /{threshold}/\n" for phrase in phrases))
            # A wide beam: a phrase's path is compared with the loop at its end, not
            # pruned on its way there; no delay: a phrase that ends the utterance counts.
            self._decoder = pocketsphinx.Decoder(
                hmm=acoustic_model, dict=str(words), kws=str(spotted), lm=None,
                kws_plp=PHONE_PENALTY, kws_delay=0, beam=1e-100,
                loglevel="FATAL", logfn=os.devnull)
        self._in_utterance = False

    def accept(self, block: bytes) -> None:
        if not self._in_utterance:
            self._decoder.start_utt()
            self._in_utterance = True
        self._decoder.process_raw(block, False, False)

    def finish(self) -> set[str]:
        """The phrases spotted in the utterance fed since the last finish or reset."""
        if not self._in_utterance:
            return set()
        self._in_utterance = False
        try:
            self._decoder.end_utt()
        except RuntimeError:  # an utterance too short to search: nothing spotted
            return set()
        # The spotter names a phrase as its line in the list, up to the threshold; with
        # none spotted pocketsphinx gives no list at all (None), not an empty one.
        return {segment.word.strip() for segment in self._decoder.seg() or ()}

    def reset(self) -> None:
        if self._in_utterance:
            self._in_utterance = False
            with contextlib.suppress(RuntimeError):  # too short to search: nothing to end
                self._decoder.end_utt()
