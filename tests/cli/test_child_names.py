"""Every command that takes a child's name finds her by the name as typed, though the game
changed it on entry (cut to 40 characters, a direction override shown as U+FFFD, an escape
as ␛): each cleans it by the same rule first (cli.common.CHILD_NAME, safe_text.clean_name)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from click.testing import CliRunner

from snl_edu.cli import main
from snl_edu.safe_text import MAX_NAME, clean_name
from snl_edu.store import open_store
from snl_edu.store.voice_examples import VoiceExamples

CHANGED_ON_ENTRY = ["B" * 60, "Sita\u202eRai", "Gita\x1b[31m"]


def snl(runner: CliRunner, folder: Path, *args: str, stdin: str = "") -> tuple[int, str]:
    result = runner.invoke(main, [*args, "--data-dir", str(folder)], input=stdin)
    assert "Traceback" not in result.output and not isinstance(result.exception, Exception) \
        or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


@pytest.mark.parametrize("typed", CHANGED_ON_ENTRY, ids=["long", "override", "escape"])
def test_a_child_is_found_by_her_name_as_typed(runner: CliRunner, tmp_path: Path,
                                              typed: str) -> None:
    saved = clean_name(typed)
    assert saved != typed and len(saved) <= MAX_NAME
    code, output = snl(runner, tmp_path, "lesson", "--learner", typed, "--questions", "1",
                       "--seed", "1", stdin="1\n")
    assert code == 0, output
    code, output = snl(runner, tmp_path, "play", "--players", "Asha", "--learner", typed,
                       "--lessons", "every", "--seed", "2", stdin="\n1\n")
    assert code == 0, output
    with open_store(tmp_path) as store:  # as snl voice teach keeps them, without the microphone
        VoiceExamples(store).teach(saved, "ne", "roll", [bytes(3200)] * 3)

    code, output = snl(runner, tmp_path, "progress", typed)
    assert code == 0 and f"Progress for {saved}\n2 answers," in output, output
    code, output = snl(runner, tmp_path, "progress", "--csv", typed)
    assert [row["learner"] for row in csv.DictReader(io.StringIO(output))] == [saved] * 2
    code, output = snl(runner, tmp_path, "voice", "examples", typed)
    assert code == 0 and output == "Nepali: roll the pasa, 3 examples\n", output
    code, output = snl(runner, tmp_path, "progress", "--forget", typed, "--yes")
    assert code == 0, output
    assert f"Forgot {saved}: 2 answers deleted.\n1 saved game with {saved} deleted." in output
    assert snl(runner, tmp_path, "progress")[1].startswith("No progress is kept yet.")
    assert snl(runner, tmp_path, "games", "--all")[1].startswith("There are no saved games")


def test_a_name_shown_back_is_the_name_as_kept(runner: CliRunner, tmp_path: Path) -> None:
    """A command that names the child she was not found under shows her name cleaned, not
    the escape codes typed (snl voice examples printed them raw)."""
    code, output = snl(runner, tmp_path, "voice", "examples", "Gita\x1b]0;owned\x07\u202e")
    assert code == 0 and output == "Gita␛]0;owned␇\ufffd has taught no voice commands.\n"


@pytest.mark.parametrize("args", [["progress", "--forget", " \u200b"], ["progress", " "],
                                  ["voice", "examples", "\t"], ["checkup", " "],
                                  ["lesson", "--learner", " "],
                                  ["table", "join", "127.0.0.1:9", "ABCD", "--name", "\u200b"]])
def test_a_blank_name_is_refused_by_every_command(runner: CliRunner, tmp_path: Path,
                                                  args: list[str]) -> None:
    code, output = snl(runner, tmp_path, *args)
    assert code == 2 and output.endswith(": A learner's name cannot be empty.\n"), output


NEPALI = ["श्रीमती", "क्षितिज", "ज्ञानेन्द्र", "चाँदनी", "क्\u200dष", "विद्वान्\u200cको"]  # joiners in conjuncts


def test_names_that_look_the_same_are_one_name(runner: CliRunner, tmp_path: Path) -> None:
    """Invisible format characters are dropped on entry (a zero-width space, a soft hyphen,
    a word joiner, ZWJ between Latin letters), so a second "Asha" is refused."""
    for twin in ("Ash\u200ba", "As\u00adha", "A\u2060sha", "As\u200dha", "\ufeffAsha"):
        code, output = snl(runner, tmp_path, "play", "--players", f"Asha,{twin}")
        assert code == 1 and "Error: Two players are called Asha:" in output, (twin, output)
    code, output = snl(runner, tmp_path, "play", "--players", "Z" + "\u0336" * 12 + "oya",
                       "--seed", "2", stdin="w\n")
    assert code == 0 and "Z\u0336\u0336\u0336oya is not yet on the board." in output, output


def test_nepali_names_keep_every_letter_and_joiner(runner: CliRunner, tmp_path: Path) -> None:
    code, output = snl(runner, tmp_path, "play", "--players", ",".join(NEPALI), "--seed", "2",
                       stdin="w\n")
    assert code == 0, output
    for name in NEPALI:
        assert f"{name} is not yet on the board." in output
    assert [clean_name(name) for name in NEPALI] == NEPALI


@pytest.mark.parametrize("players", ["Asha,ＡＳＨＡ", "आशा,आ\u200dशा"])
def test_two_spellings_kept_as_one_child_are_not_two_players(runner: CliRunner, tmp_path: Path,
                                                             players: str) -> None:
    """Her progress, speech settings and seat key are kept by name_key: the game refuses
    two players that are one child there (the engine's own check ignores only case)."""
    code, output = snl(runner, tmp_path, "play", "--players", players)
    assert code == 1 and "Error: Two players are called" in output, output
