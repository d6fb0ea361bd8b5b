"""What reaches eSpeak NG: every eyelash ra in the RRA form it reads as one word."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from snl_edu.cli import main
from snl_edu.language.speakable import speakable

ZWJ, ZWNJ = "\u200d", "\u200c"
EYELASH_WITH_ZWJ = "र्" + ZWJ


@pytest.mark.parametrize(("text", "spoken"), [
    ("सर्" + ZWJ + "यो", "सऱ्यो"),
    ("झर्" + ZWJ + "यो र गर्" + ZWJ + "यौ", "झऱ्यो र गऱ्यौ"),
    ("दोहोर" + ZWJ + "्याउने", "दोहोऱ्याउने"),          # the older RA, ZWJ, halanta order
    ("भर्याङ", "भऱ्याङ"),                               # the dictionary spelling
    ("साँप र भर्" + ZWJ + "याङ", "साँप र भऱ्याङ"),
    ("कार्य, सूर्य", "कार्य, सूर्य"),                      # a reph conjunct stays one
    ("सऱ्यो", "सऱ्यो"),
    ("विद्वान्" + ZWNJ + "को", "विद्वान्" + ZWNJ + "को"),
])
def test_speakable(text: str, spoken: str) -> None:
    assert speakable(text) == spoken


def test_no_eyelash_ra_with_a_joiner_reaches_espeak(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole Nepali game recorded through the real eSpeak NG: every sentence it is handed."""
    from snl_edu.outputs.aloud import espeak

    heard: list[str] = []
    engine = espeak.engine()
    original = engine.lib.espeak_Synth

    def spy(text: bytes, *args: object) -> int:
        heard.append(text.decode("utf-8"))
        return int(original(text, *args))

    monkeypatch.setattr(engine.lib, "espeak_Synth", spy)
    result = CliRunner().invoke(main, [
        "play", "--lang", "ne", "--demo", "--seed", "3", "--verbosity", "full",
        "--no-sound", "--record", str(tmp_path / "game.wav"), "--data-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert len(heard) > 20
    assert [t for t in heard if EYELASH_WITH_ZWJ in t or "भर्याङ" in t] == []
    assert any("ऱ्" in t for t in heard)
