"""Text as the speech engine should receive it: the same words, in spellings it reads right.

eSpeak NG reads the eyelash ra written with a zero-width joiner (र्‍य, as in
सर्‍यो) as two words, "sar yo"; the same letter written with RRA (U+0931, ऱ्य)
is read as one word. Catalogs, board files and names may hold either form, so
speech outputs pass every sentence through ``speakable`` just before synthesis.
"""

from __future__ import annotations

import re

RRA = "\u0931"
HALANTA = "\u094d"
ZWJ = "\u200d"

# RA, halanta, ZWJ (Unicode's eyelash ra) and the older RA, ZWJ, halanta.
_EYELASH_RA = re.compile("\u0930(?:" + HALANTA + ZWJ + "|" + ZWJ + HALANTA + ")")
# Words whose dictionary spelling has the eyelash ra but are often typed with a reph
# conjunct (र्य), which eSpeak NG and many fonts read as र्‍ + य fused above the next letter.
_DICTIONARY = {"भर्याङ": "भ" + RRA + HALANTA + "याङ"}
_WORDS = re.compile("|".join(map(re.escape, _DICTIONARY)))


def speakable(text: str) -> str:
    """The sentence with every eyelash ra in the form eSpeak NG reads as one word."""
    text = _EYELASH_RA.sub(RRA + HALANTA, text)
    return _WORDS.sub(lambda match: _DICTIONARY[match.group()], text)
