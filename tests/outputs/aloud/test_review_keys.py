"""Review keys, as in audio games: ',' the message before, '.' the message after."""

from __future__ import annotations

from click.testing import CliRunner

from snl_edu.cli import main
from snl_edu.outputs.review import MessageReview
from snl_edu.vocabulary import Message


def test_review_steps_back_and_forward_through_messages() -> None:
    review = MessageReview()
    review.add([Message("one"), Message("two")])
    review.add([Message("three")])
    assert [review.previous(), review.previous()] == [Message("three"), Message("two")]
    assert review.next() == Message("three")
    assert review.next() is None
    assert [review.previous(), review.previous(), review.previous()] == \
        [Message("three"), Message("two"), Message("one")]
    assert review.previous() is None
    review.add([Message("four")])  # new messages put the cursor after the newest
    assert review.previous() == Message("four")


def test_review_keys_in_a_scripted_game() -> None:
    script = "\n,\n,\n.\n.\nq\ny\n"
    result = CliRunner().invoke(main, ["play", "--players", "Asha", "--computer", "0",
                                       "--seed", "1", "--lang", "en"], input=script)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    rolled = next(i for i, line in enumerate(lines) if "rolled a" in line)
    entered, next_turn = lines[rolled + 1], lines[rolled + 2]
    assert next_turn == "Asha's turn."
    # ',' reads the newest message, ',' the one before, '.' forward, '.' past the newest.
    assert lines[rolled + 3:rolled + 7] == [next_turn, entered, next_turn,
                                            "This is the newest message."]
