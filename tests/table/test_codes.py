"""Join codes: unambiguous, compared as a child types them, and not guessable in a loop."""

from __future__ import annotations

from pathlib import Path

import pytest

from snl_edu.table import codes


def test_codes_use_no_look_alike_characters_and_are_long_enough() -> None:
    made = {codes.new_code() for _ in range(200)}
    assert len(made) == 200
    assert all(len(code) == codes.CODE_LENGTH and set(code) <= set(codes.ALPHABET)
               for code in made)
    assert not set("0O1IL2Z5S8B") & set(codes.ALPHABET)


def test_a_code_is_compared_as_typed_with_case_spaces_and_dashes_ignored() -> None:
    assert codes.same_code(" k7qm-3hxa ", "K7QM3HXA")
    assert not codes.same_code("K7QM-3HXB", "K7QM3HXA")
    assert codes.shown("K7QM3HXA") == "K7QM-3HXA"


def test_wrong_tries_block_an_address_for_the_window_then_let_it_try_again() -> None:
    now = [0.0]
    limiter = codes.TryLimiter(tries=3, window=60, clock=lambda: now[0])
    for _ in range(2):
        limiter.wrong("10.0.0.5")
    assert not limiter.blocked("10.0.0.5")
    limiter.wrong("10.0.0.5")
    assert limiter.blocked("10.0.0.5") and not limiter.blocked("10.0.0.6")
    now[0] = 59.9
    assert limiter.blocked("10.0.0.5")
    now[0] = 60.1
    assert not limiter.blocked("10.0.0.5")


@pytest.mark.parametrize(("code", "said"), [
    ("ABCD-EFGH", "the letters 34679ACDEFGHJKMNPQRTUVWXY only, and ABCD-EFGH has B."),
    ("ACD-EFG", "A join code needs at least 8 letters"),
])
def test_a_code_the_teacher_chose_is_refused_for_what_is_wrong_with_it(
        tmp_path: Path, code: str, said: str) -> None:
    from click.testing import CliRunner

    from snl_edu.cli import main

    result = CliRunner().invoke(main, ["table", "host", "--players", "Asha", "--code", code,
                                       "--lang", "en", "--data-dir", str(tmp_path)],
                                env={"SNL_AUDIO": "off"})
    assert result.exit_code == 2 and said in result.output, result.output
